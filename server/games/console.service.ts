import { consoleSections, countdown, outcomeOfPick, roundWindow, type GameDeclaration } from '../../domain/games';
import { gameDeclaration } from '../../resources.config';
import { centsToPoints } from '../../domain/money';
import { dayKey, formatDateTime } from '../../domain/periods';
import type { Database, Queryable } from '../db/client';
import { move } from '../credit/ledger';
import { coded } from '../http/errors';
import { ensurePool, findGame, findPool, walletCents, type GameRow } from './repository';

const LAST_RESULTS = 10;

export async function loadGame(db: Queryable, gameId: string): Promise<{ row: GameRow; declaration: GameDeclaration }> {
  const declaration = gameDeclaration(gameId);
  const row = declaration ? await findGame(db, gameId) : null;
  if (!declaration || !row) throw coded(404, 'noGameWithId');
  return { row, declaration };
}

/** The latest settled rounds of (admin, game), newest first, as the results strip shows them. */
export async function lastResults(db: Queryable, adminId: number, game: { row: GameRow; declaration: GameDeclaration }, limit = LAST_RESULTS) {
  const rows = await db.query(
    `SELECT id, draw_no, result, booster, settled_at FROM rounds
      WHERE admin_id = $1 AND game_id = $2 AND status = 'settled' ORDER BY draw_no DESC LIMIT $3`,
    [adminId, game.row.id, limit],
  );
  return rows.map((r) => ({
    roundId: String(r.id),
    // Spec section 3: a result's drawno is the winning option, as everywhere else; the round's number is roundNo.
    drawno: String(r.result),
    roundNo: Number(r.draw_no),
    result: String(r.result),
    label: game.declaration.describe(String(r.result)),
    booster: Number(r.booster),
  }));
}

/** Stakes per option placed in round `drawNo` of (admin, game). */
export type OptionSums = (db: Queryable, adminId: number, gameDbId: number, drawNo: number) => Promise<Map<string, bigint>>;

const byOption = (rows: Record<string, unknown>[]) => new Map(rows.map((r) => [String(r.option), BigInt(String(r.s))]));

/** From the round's running sums, which the bets' own transaction adds to: one row per option. */
export const roundSums: OptionSums = async (db, adminId, gameDbId, drawNo) =>
  byOption(
    await db.query(
      `SELECT s.option, s.stake::text AS s FROM rounds r JOIN round_sums s ON s.round_id = r.id
        WHERE r.admin_id = $1 AND r.game_id = $2 AND r.draw_no = $3 AND s.stake <> 0`,
      [adminId, gameDbId, drawNo],
    ),
  );

/** The full recompute over every ticket line of the round: what the running sums must always equal. */
export const roundSumsByJoin: OptionSums = async (db, adminId, gameDbId, drawNo) =>
  byOption(
    await db.query(
      `SELECT l.option, sum(l.stake)::text AS s FROM rounds r JOIN tickets t ON t.round_id = r.id JOIN ticket_lines l ON l.ticket_id = t.id
        WHERE r.admin_id = $1 AND r.game_id = $2 AND r.draw_no = $3 GROUP BY l.option`,
      [adminId, gameDbId, drawNo],
    ),
  );

/**
 * Everything a live console shows for (admin, game): each option with its running sum in the open
 * round, the pool, today's collection and payment, the countdown and the latest results.
 */
export async function consoleData(db: Database, adminId: number, gameId: string, now = new Date(), optionSums: OptionSums = roundSums) {
  // Every read of a refresh goes through the priority lane: bets hold the main pool under load.
  const read = db.priority ?? db;
  const game = await loadGame(read, gameId);
  // The pool exists after its first use: a read, not a write transaction, on every console refresh.
  const pool = (await findPool(read, adminId, game.row.id)) ?? (await db.transaction((tx) => ensurePool(tx, adminId, game.row.id)));
  const window = roundWindow(now, game.row.timeSeconds);
  // The figures are independent reads: asked together, a refresh under load waits for the slowest
  // of them, not for their sum (bets hold most of the pool's connections).
  const [sums, [day], poolCents, last] = await Promise.all([
    optionSums(read, adminId, game.row.id, window.drawNo),
    read.query(
      `SELECT coalesce(sum(play), 0)::text AS play, coalesce(sum(win), 0)::text AS win FROM admin_game_days WHERE admin_id = $1 AND game_id = $2 AND day = $3`,
      [adminId, game.row.id, dayKey(now)],
    ),
    walletCents(read, pool.accountId),
    lastResults(read, adminId, game),
  ]);
  const item = (o: GameDeclaration['options'][number]) => ({
    drawno: o.key,
    label: o.label,
    sum: centsToPoints(sums.get(o.key) ?? 0n),
    ...(o.color ? { color: o.color } : {}),
    ...(o.image ? { image: o.image } : {}),
  });
  const sections = consoleSections(game.declaration);
  const draw = [...sums.values()].reduce((a, b) => a + b, 0n);
  return {
    gameId,
    gameName: game.declaration.gameName,
    data: sections.data.map(item),
    dataColors: sections.colors.map(item),
    dataCardTypes: sections.cardTypes.map(item),
    totalDrawCollection: centsToPoints(draw),
    collections: { totalPlaypoints: centsToPoints(String(day!.play)), totalWinpoints: centsToPoints(String(day!.win)) },
    percentageData: [{ gameBalance: centsToPoints(poolCents), winpercentage: pool.winPercentage }],
    lastData: { data: last },
    round: { drawno: window.drawNo, closesAt: window.closesAt.toISOString(), time: countdown(now, window.closesAt) },
  };
}

/** Add Balance moves points from the admin's wallet into the pool; Reset Balance moves them back. */
export async function moveBalance(
  db: Database,
  actor: number,
  adminId: number,
  gameId: string,
  req: { type: 'add' | 'remove'; cents: bigint | null },
  now = new Date(),
): Promise<{ gameBalance: number; moved: number }> {
  const game = await loadGame(db, gameId);
  return db.transaction(async (tx) => {
    const pool = await ensurePool(tx, adminId, game.row.id);
    if (req.type === 'add') {
      if (req.cents === null || req.cents <= 0n) throw coded(400, 'balanceAboveZero', {}, 'balance');
      const m = await move(tx, { from: adminId, to: pool.accountId, cents: req.cents, kind: 'pool', actor, message: `Add Balance ${game.declaration.gameName}` });
      return { gameBalance: m.toBalance ?? 0, moved: centsToPoints(req.cents) };
    }
    // Reset moves the whole pool back; a pool below zero (a forced result) has nothing to give.
    const free = await walletCents(tx, pool.accountId);
    if (free <= 0n) return { gameBalance: centsToPoints(free), moved: 0 };
    const m = await move(tx, { from: pool.accountId, to: adminId, cents: free, kind: 'pool', actor, message: `Reset Balance ${game.declaration.gameName} at ${formatDateTime(now)}` });
    return { gameBalance: m.fromBalance ?? 0, moved: centsToPoints(free) };
  });
}

/** Queues a console result (SAVE): the next round of (admin, game) to settle draws it. */
export async function queueResult(
  db: Database,
  actor: number,
  adminId: number,
  gameId: string,
  pick: { result: string; color?: string | undefined; type?: string | undefined; booster: number },
): Promise<{ outcome: string; label: string }> {
  const game = await loadGame(db, gameId);
  const outcome = outcomeOfPick(game.declaration, pick);
  if (!outcome) throw coded(400, 'resultNotValid', {}, 'result');
  if (pick.booster !== 1 && pick.booster !== 2) throw coded(400, 'boosterValue', {}, 'boosterValue');
  await db.transaction(async (tx) => {
    await ensurePool(tx, adminId, game.row.id);
    await tx.query(`INSERT INTO console_results (admin_id, game_id, outcome, booster, created_by) VALUES ($1, $2, $3, $4, $5)`, [
      adminId,
      game.row.id,
      outcome,
      pick.booster,
      actor,
    ]);
  });
  return { outcome, label: game.declaration.describe(outcome) };
}

/** The decision record of a settled round of (admin, game), for the results strip's audit view. */
export async function decisionOf(db: Database, adminId: number, roundId: number) {
  const [r] = await db.query(
    `SELECT r.id, r.draw_no, r.result, r.booster, r.decision, r.settled_at, g.game_id AS code FROM rounds r JOIN games g ON g.id = r.game_id
      WHERE r.id = $1 AND r.admin_id = $2 AND r.status = 'settled'`,
    [roundId, adminId],
  );
  if (!r) throw coded(404, 'noSettledRound');
  const decision = typeof r.decision === 'string' ? JSON.parse(r.decision) : r.decision;
  return { roundId: String(r.id), drawno: Number(r.draw_no), gameId: String(r.code), result: String(r.result), booster: Number(r.booster), settledAt: r.settled_at, decision };
}
