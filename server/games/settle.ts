import {
  decideRound,
  nextBooster,
  oddsOf,
  payoutFor,
  roundWindow,
  winCents,
  type Booster,
  type DecisionRecord,
  type RandomSource,
} from '../../domain/games';
import { dayKey } from '../../domain/periods';
import { declarationOf } from '../../resources.config';
import type { Database, Queryable } from '../db/client';
import { col, parseRows, queryOne, queryRow, queryRows, rowsOf } from '../db/rows';
import { claimDueRound, holdSettleLease } from './lease';
import { move } from '../credit/ledger';
import { SettleRetries, type FailedRound } from './retries';
import { osRandom } from './osRandom';
import { addPlayAggregates, CATALOGUE_GAME_COLUMNS, catalogueGameOf, ensurePool, ensureRounds, lockPool, runningPairs, saveBoosterState, upsertDailyPlay, walletCents } from './repository';


export interface Settlement {
  roundId: number;
  adminId: number;
  gameId: string;
  /** Players paid a win (their wallets changed). */
  winners: number[];
  result: string;
  booster: Booster;
  playCents: bigint;
  winCents: bigint;
  decision: DecisionRecord;
}

interface Line {
  ticketId: number;
  playerId: number;
  createdAt: Date;
  option: string;
  stake: bigint;
}

const lineRow = rowsOf({ id: col.id, player_id: col.id, created_at: col.date, option: col.text, stake: col.cents });
const roundRow = rowsOf({ admin_id: col.id, game_id: col.id, status: col.text, closes_at: col.date });
const queuedRow = rowsOf({ id: col.id, outcome: col.text, booster: col.int, username: col.text });
const idRow = rowsOf({ id: col.id });
const behindRow = rowsOf({ n: col.int, oldest: col.nullable(col.date) });

/** Lines per fetch of a round's ticket lines. */
const LINES_PAGE = 5000;

/**
 * A round's ticket lines in ticket order, one scan fetched a page at a time through a cursor of the
 * settling transaction: a busy round's 60,000 lines read and converted at once held the event loop
 * about a quarter of a second, and the countdown ticked late.
 */
async function roundLines(tx: Queryable, roundId: number): Promise<Line[]> {
  await tx.query(
    `DECLARE round_lines NO SCROLL CURSOR FOR
       SELECT t.id, t.player_id, t.created_at, l.option, l.stake::text AS stake
         FROM tickets t JOIN ticket_lines l ON l.ticket_id = t.id WHERE t.round_id = $1 ORDER BY t.id`,
    [roundId],
  );
  const lines: Line[] = [];
  for (;;) {
    const rows = await tx.query(`FETCH ${LINES_PAGE} FROM round_lines`);
    for (const r of parseRows(lineRow, rows)) lines.push({ ticketId: r.id, playerId: r.player_id, createdAt: r.created_at, option: r.option, stake: r.stake });
    if (rows.length < LINES_PAGE) break;
  }
  await tx.query(`CLOSE round_lines`);
  return lines;
}

/**
 * Settles one round in one transaction on its lease (lease.ts): the queued console result first, else
 * the automatic choice within the pool's budget; wins paid from the pool to the players; the round
 * keeps its decision. The round row is locked and must still be open, so a round is settled exactly
 * once whichever instance or retry gets there. Returns null when there was nothing to settle.
 */
export async function settleRound(db: Database, roundId: number, now: Date = new Date(), random: RandomSource = osRandom): Promise<Settlement | null> {
  return db.transaction(async (tx) => {
    if (db.engine === 'postgres') await holdSettleLease(tx);
    return settleIn(tx, roundId, now, random);
  });
}

/** The settlement of one round inside the caller's transaction (which holds, or here takes, its row). */
async function settleIn(tx: Queryable, roundId: number, now: Date, random: RandomSource): Promise<Settlement | null> {
  const [raw] = await tx.query(
    `SELECT r.admin_id, r.game_id, r.status, r.closes_at, ${CATALOGUE_GAME_COLUMNS('g')}
       FROM rounds r JOIN games g ON g.id = r.game_id WHERE r.id = $1 FOR UPDATE OF r`,
    [roundId],
  );
  const round = raw && roundRow(raw);
  if (!raw || !round || round.status !== 'open' || round.closes_at.getTime() > now.getTime()) return null;
  const adminId = round.admin_id;
  const gameDbId = round.game_id;
  const game = declarationOf(catalogueGameOf(raw));
  const pool = await lockPool(tx, adminId, gameDbId);
  const queued = await queryRow(
    tx,
    queuedRow,
    `SELECT c.id, c.outcome, c.booster, a.username FROM console_results c JOIN accounts a ON a.id = c.created_by
      WHERE c.admin_id = $1 AND c.game_id = $2 AND c.round_id IS NULL AND c.created_at <= $3
      ORDER BY c.id LIMIT 1 FOR UPDATE OF c`,
    [adminId, gameDbId, round.closes_at],
  );
  const forcedBooster = queued && queued.booster === 2 ? 2 : null;
  const boost = nextBooster({ roundsSinceBoost: pool.roundsSinceBoost, nextGap: pool.nextBoostGap }, forcedBooster, random);
  const lines = await roundLines(tx, roundId);
  const stakes = new Map<string, bigint>();
  for (const l of lines) stakes.set(l.option, (stakes.get(l.option) ?? 0n) + l.stake);
  const poolCents = await walletCents(tx, pool.accountId);
  const base = { game, stakes, poolBeforeCents: poolCents, winPercentage: pool.winPercentage, random };
  let decision = decideRound({ ...base, booster: boost.booster, boosterSource: boost.source, forced: queued ? { outcome: queued.outcome, by: queued.username } : null });
  // A forced result pays even when the pool cannot cover it (the pool goes below zero, and the
  // console shows it in red). The automatic choice does not: a doubled payout the pool cannot cover
  // gives way to the choice without booster, which the odds keep below the round's stakes.
  if (decision.reason !== 'forced' && payoutFor(game, stakes, decision.chosen, decision.booster) > poolCents && decision.booster > 1) {
    decision = { ...decideRound({ ...base, booster: 1, boosterSource: 'none', forced: null }), overridden: decision.chosen };
  }
  const winners = new Set(game.winners(decision.chosen));
  const wins = new Map<number, { playerId: number; createdAt: Date; cents: bigint }>();
  for (const l of lines) {
    const entry = wins.get(l.ticketId) ?? { playerId: l.playerId, createdAt: l.createdAt, cents: 0n };
    if (winners.has(l.option)) entry.cents += winCents(l.stake, oddsOf(game, l.option), decision.booster);
    wins.set(l.ticketId, entry);
  }
  // Lock order: the day's figures first, then the wallets, as a bet does (its daily_play row,
  // then the player's and the pool's accounts): the other order deadlocks with the next round's bets.
  const paying = [...wins].filter(([, w]) => w.cents > 0n).sort(([a, x], [b, y]) => x.playerId - y.playerId || a - b);
  const perDay = new Map<string, { playerId: number; day: string; cents: bigint }>();
  for (const [, w] of paying) {
    const day = dayKey(w.createdAt);
    const k = `${w.playerId}:${day}`;
    perDay.set(k, { playerId: w.playerId, day, cents: (perDay.get(k)?.cents ?? 0n) + w.cents });
  }
  const days = [...perDay.values()].sort((a, b) => a.playerId - b.playerId || a.day.localeCompare(b.day));
  for (const d of days) await upsertDailyPlay(tx, { playerId: d.playerId, day: d.day, gameDbId, adminId, play: 0n, win: d.cents });
  let paid = 0n;
  // Every wallet the payouts touch, locked at once in id order (the order td_move takes two in): paying
  // one winner after another held the pool while waiting for a winner that a next-round bet held, and
  // that bet waited for the pool (past midnight the day rows no longer serialize them first).
  if (paying.length)
    await tx.query(`SELECT 1 FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE`, [[...new Set([pool.accountId, ...paying.map(([, w]) => w.playerId)])]]);
  for (const [ticketId, w] of paying) {
    await move(tx, { from: pool.accountId, to: w.playerId, cents: w.cents, kind: 'win', actor: adminId, message: `Win on ${game.gameName} ticket ${ticketId}` });
    paid += w.cents;
  }
  // The coarser per-day figures after the wallets, as a bet writes them: the moves hold the pool's
  // and every winner's account.
  await addPlayAggregates(tx, { adminId, gameDbId, deltas: days.map((d) => ({ playerId: d.playerId, day: d.day, play: 0n, win: d.cents })) });
  await tx.query(
    `UPDATE tickets t SET win = w.cents, settled_at = $2 FROM unnest($3::bigint[], $4::bigint[]) AS w(id, cents) WHERE t.id = w.id AND t.round_id = $1`,
    [roundId, now, [...wins.keys()], [...wins.values()].map((w) => w.cents.toString())],
  );
  const play = lines.reduce((s, l) => s + l.stake, 0n);
  await tx.query(
    `UPDATE rounds SET status = 'settled', result = $2, booster = $3, decision = $4, pool_cents = $5, play_cents = $6, win_cents = $7, settled_at = $8 WHERE id = $1`,
    [roundId, decision.chosen, decision.booster, JSON.stringify(decision), poolCents.toString(), play.toString(), paid.toString(), now],
  );
  if (queued) await tx.query(`UPDATE console_results SET round_id = $2 WHERE id = $1`, [queued.id, roundId]);
  await saveBoosterState(tx, adminId, gameDbId, decision.booster === boost.booster ? boost.state : { roundsSinceBoost: pool.roundsSinceBoost + 1, nextGap: pool.nextBoostGap });
  const winnerIds = [...new Set([...wins.values()].filter((w) => w.cents > 0n).map((w) => w.playerId))];
  return { roundId, adminId, gameId: game.gameId, winners: winnerIds, result: decision.chosen, booster: decision.booster, playCents: play, winCents: paid, decision };
}

export interface SettleOptions {
  /** Failed rounds and their pause; a process keeps one for its engine. */
  retries?: SettleRetries;
  /** The engine's draws (the OS generator unless a test seeds one). */
  random?: RandomSource;
  /** Told of every failed attempt (the engine logs it). */
  onError?: (failure: FailedRound, err: unknown) => void;
}

/**
 * Settles every round whose time is over, oldest first (also those that closed while the server was
 * down). Each round is its own transaction on its lease, claimed there (lease.ts): every instance
 * runs this pass, each takes the rounds no other holds, and one that froze holding a round delays
 * only that round, until its lease ends. A round that fails is reported, paused and retried later,
 * and the others go on.
 */
export async function settleDue(db: Database, now: Date = new Date(), opts: SettleOptions = {}): Promise<Settlement[]> {
  const random = opts.random ?? osRandom;
  const due = await queryRows(db, idRow, `SELECT id FROM rounds WHERE status = 'open' AND closes_at <= $1 ORDER BY closes_at, id LIMIT 1000`, [now]);
  // Without a book of its own (a test, a one-off call) a failure is still caught and reported.
  const retries = opts.retries ?? new SettleRetries();
  if (due.length < 1000) retries.keepOnly(new Set(due.map((r) => r.id)));
  const done: Settlement[] = [];
  // Each claimed round joins it, so a pass tries a round once; the paused ones are in it from the start.
  const skip = due.map((r) => r.id).filter((id) => !retries.due(id, now));
  for (let pass = 0; pass < due.length; pass++) {
    const claim: { id: number | null } = { id: null };
    try {
      const s = await db.transaction(async (tx) => {
        // The embedded engine serves one process, which waits for no other: no lease there.
        if (db.engine === 'postgres') await holdSettleLease(tx);
        claim.id = await claimDueRound(tx, now, skip);
        return claim.id === null ? undefined : settleIn(tx, claim.id, now, random);
      });
      if (s === undefined || claim.id === null) break;
      skip.push(claim.id);
      retries.succeed(claim.id);
      if (s) done.push(s);
    } catch (err) {
      // No round claimed: the claim itself failed, and the next tick tries again.
      if (claim.id === null) throw err;
      skip.push(claim.id);
      opts.onError?.(retries.fail(claim.id, err, now), err);
    }
  }
  return done;
}

/** Rounds whose time is over by more than a tick's slack and still wait for their result. */
export async function roundsBehind(db: Database, now: Date = new Date(), slackMs = 5000): Promise<{ count: number; oldestClosedAt: Date | null }> {
  const r = await queryOne(db, behindRow, `SELECT count(*)::int AS n, min(closes_at) AS oldest FROM rounds WHERE status = 'open' AND closes_at <= $1`, [
    new Date(now.getTime() - slackMs),
  ]);
  return { count: r.n, oldestClosedAt: r.oldest };
}

/** Opens the current round of every running (admin, game). */
export async function openCurrentRounds(db: Database, now: Date = new Date()): Promise<number> {
  const pairs = await runningPairs(db);
  // Every second: a pool only where one is missing, then all current rounds in one statement.
  for (const p of pairs.filter((x) => !x.hasPool)) await db.transaction((tx) => ensurePool(tx, p.adminId, p.gameDbId));
  await ensureRounds(db, pairs.map((p) => ({ adminId: p.adminId, gameDbId: p.gameDbId, window: roundWindow(now, p.timeSeconds) })));
  return pairs.length;
}

/** One engine step, the scheduler's job: settle what is due, then open what is current. */
export async function engineTick(db: Database, now: Date = new Date(), opts: SettleOptions = {}): Promise<{ settled: Settlement[]; open: number }> {
  const settled = await settleDue(db, now, opts);
  const open = await openCurrentRounds(db, now);
  return { settled, open };
}
