import { payoutFor, type Stakes } from './payout';
import type { GameDeclaration } from './types';
import type { Booster, BoosterSource } from './booster';
import type { RandomSource } from './random';

/**
 * Why a round drew what it drew. Kept with every settled round so an operator can see the reason
 * and `replayDecision` can check it against the tickets.
 */
export interface DecisionRecord {
  readonly gameId: string;
  readonly poolBeforeCents: string;
  readonly winPercentage: number;
  readonly budgetCents: string;
  readonly booster: Booster;
  readonly boosterSource: BoosterSource;
  /** Payout of every outcome that pays anything (outcomes absent here pay 0). */
  readonly payouts: Readonly<Record<string, string>>;
  readonly chosen: string;
  /**
   * within-budget: drawn uniformly among every outcome the budget can pay; over-budget-smallest: no
   * outcome fits, drawn among those of the smallest payout; forced: queued on the console.
   */
  readonly reason: 'forced' | 'within-budget' | 'over-budget-smallest';
  /** Who queued the forced result. */
  readonly forcedBy?: string;
  /** The outcomes the draw was among, in declaration order, and the index it took. */
  readonly ties: readonly string[];
  readonly draw: number;
  /** A forced or boosted result the pool could not cover, replaced by this automatic choice. */
  readonly overridden?: string;
}

export interface DecisionInput {
  readonly game: GameDeclaration;
  readonly stakes: Stakes;
  readonly poolBeforeCents: bigint;
  /** 0–100: the share of the pool the automatic choice may pay out in one round. */
  readonly winPercentage: number;
  readonly booster: Booster;
  readonly boosterSource: BoosterSource;
  /** A console result queued for this round, already validated as an outcome of the game. */
  readonly forced?: { outcome: string; by: string } | null;
  /** The draw among the candidates: the OS generator in the engine, a seeded one in tests and replays. */
  readonly random: RandomSource;
}

/** Budget = pool × winpercentage / 100, rounded down: the automatic choice never exceeds the share. */
export const budgetOf = (poolCents: bigint, winPercentage: number): bigint =>
  poolCents <= 0n ? 0n : (poolCents * BigInt(Math.round(winPercentage * 100))) / 10_000n;

function payoutTable(input: Pick<DecisionInput, 'game' | 'stakes' | 'booster'>): Map<string, bigint> {
  const table = new Map<string, bigint>();
  for (const o of input.game.outcomes) table.set(o, payoutFor(input.game, input.stakes, o, input.booster));
  return table;
}

/**
 * The candidates of the automatic choice: every outcome the budget can pay, else those of the
 * smallest payout. Which of them comes is left to a uniform draw, so each option wins at its fair
 * rate whatever was staked on it, and the stakes tell nobody which one will come.
 */
function candidates(table: Map<string, bigint>, budget: bigint): { ties: string[]; reason: DecisionRecord['reason'] } {
  const within: string[] = [];
  let min: bigint | null = null;
  let smallest: string[] = [];
  for (const [o, p] of table) {
    if (p <= budget) within.push(o);
    if (min === null || p < min) [min, smallest] = [p, [o]];
    else if (p === min) smallest.push(o);
  }
  return within.length ? { ties: within, reason: 'within-budget' } : { ties: smallest, reason: 'over-budget-smallest' };
}

export function decideRound(input: DecisionInput): DecisionRecord {
  const table = payoutTable(input);
  const budget = budgetOf(input.poolBeforeCents, input.winPercentage);
  const payouts: Record<string, string> = {};
  for (const [o, p] of table) if (p > 0n) payouts[o] = p.toString();
  const base = {
    gameId: input.game.gameId,
    poolBeforeCents: input.poolBeforeCents.toString(),
    winPercentage: input.winPercentage,
    budgetCents: budget.toString(),
    booster: input.booster,
    boosterSource: input.boosterSource,
    payouts,
  };
  if (input.forced) {
    return { ...base, chosen: input.forced.outcome, reason: 'forced', forcedBy: input.forced.by, ties: [input.forced.outcome], draw: 0 };
  }
  const { ties, reason } = candidates(table, budget);
  const draw = Math.min(ties.length - 1, Math.max(0, Math.trunc(input.random.int(ties.length))));
  return { ...base, chosen: ties[draw], reason, ties, draw };
}

/**
 * Recomputes a recorded automatic decision from the round's stakes: the same payouts, the same ties
 * and the recorded draw must give the recorded outcome. Returns the differences (empty when it holds).
 */
export function replayDecision(game: GameDeclaration, stakes: Stakes, record: DecisionRecord): string[] {
  const replayed = decideRound({
    game,
    stakes,
    poolBeforeCents: BigInt(record.poolBeforeCents),
    winPercentage: record.winPercentage,
    booster: record.booster,
    boosterSource: record.boosterSource,
    forced: record.reason === 'forced' ? { outcome: record.chosen, by: record.forcedBy ?? '' } : null,
    random: { int: () => record.draw, unit: () => 0 },
  });
  const diffs: string[] = [];
  if (replayed.budgetCents !== record.budgetCents) diffs.push(`budget ${replayed.budgetCents} ≠ ${record.budgetCents}`);
  if (JSON.stringify(replayed.payouts) !== JSON.stringify(record.payouts)) diffs.push('payouts differ');
  if (JSON.stringify(replayed.ties) !== JSON.stringify(record.ties)) diffs.push('ties differ');
  if (replayed.chosen !== record.chosen) diffs.push(`chosen ${replayed.chosen} ≠ ${record.chosen}`);
  return diffs;
}
