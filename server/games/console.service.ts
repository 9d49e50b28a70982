import { consoleSections, countdown, outcomeOfPick, roundWindow, type GameDeclaration } from '../../domain/games';
import { declarationOf } from '../../resources.config';
import { centsToPoints } from '../../domain/money';
import { dayKey, formatDateTime } from '../../domain/periods';
import type { Database, Queryable } from '../db/client';
import { col, parseRows, queryRow, queryRows, rowsOf, type RowOf } from '../db/rows';
import { move } from '../credit/ledger';
import { coded } from '../http/errors';
import { CATALOGUE_GAME_COLUMNS, catalogueGameOf, ensurePool, findGame, walletCents, type GameRow } from './repository';

const LAST_RESULTS = 10;

export async function loadGame(db: Queryable, gameId: string): Promise<{ row: GameRow; declaration: GameDeclaration }> {
  const row = await findGame(db, gameId);
  if (!row) throw coded(404, 'noGameWithId');
  return { row, declaration: declarationOf(row.catalogue) };
}

/**
 * The latest finished rounds of (admin, game) in the results strip's shape, newest first: settled, or
 * voided. Newest by time, then by number as a number: a round's number is its start over the game's
 * length, so after a length change the numbers of new rounds may be smaller (10 s to 60 s) or longer
 * (60 s to 10 s, and the text of the old order put 29928142 ahead of 179568868) than the old ones'.
 */
const LAST_ROUNDS = (admin: string, game: string) =>
  `SELECT id::text AS id, draw_no::text AS draw_no, result, booster, status FROM rounds
    WHERE admin_id = ${admin} AND game_id = ${game} AND status IN ('settled', 'void') ORDER BY opens_at DESC, rounds.draw_no DESC LIMIT ${LAST_RESULTS}`;

/** A row of LAST_ROUNDS, from its statement or from its json_agg inside the console's. */
const lastRoundRow = rowsOf({ id: col.idText, draw_no: col.int, result: col.nullable(col.text), booster: col.nullable(col.int), status: col.text });

const settledResult = (r: RowOf<typeof lastRoundRow>) => {
  if (r.result === null || r.booster === null) throw new Error(`round ${r.id}: settled without a result`);
  return { result: r.result, booster: r.booster };
};

/** A voided round (server/games/voidRound.ts) drew nothing: no result, every stake refunded. */
const toResult = (declaration: GameDeclaration) => (r: RowOf<typeof lastRoundRow>) => {
  if (r.status === 'void') return { roundId: r.id, drawno: null, roundNo: r.draw_no, result: null, label: null, booster: null, refunded: true };
  const { result, booster } = settledResult(r);
  return {
    roundId: r.id,
    // A result's drawno is the winning option, as everywhere else; the round's number is roundNo.
    drawno: result,
    roundNo: r.draw_no,
    result,
    label: declaration.describe(result),
    booster,
    refunded: false,
  };
};

/** The latest settled rounds of (admin, game), newest first, as the results strip shows them. */
export async function lastResults(db: Queryable, adminId: number, game: { row: GameRow; declaration: GameDeclaration }) {
  return (await queryRows(db, lastRoundRow, LAST_ROUNDS('$1', '$2'), [adminId, game.row.id])).map(toResult(game.declaration));
}

/**
 * Where a console's stakes per option in one round come from: a query of (option, stake) over the
 * SQL expressions of the admin's id, the game's id and the round's number, so that it can stand
 * alone or sit inside the console's one statement.
 */
export type OptionSums = (admin: string, game: string, drawNo: string) => string;

/** From the round's running sums, which the bets' own transaction adds to: one row per option. */
export const roundSums: OptionSums = (admin, game, drawNo) =>
  `SELECT s.option, s.stake FROM rounds r JOIN round_sums s ON s.round_id = r.id
    WHERE r.admin_id = ${admin} AND r.game_id = ${game} AND r.draw_no = ${drawNo} AND s.stake <> 0`;

/** The full recompute over every ticket line of the round: what the running sums must always equal. */
export const roundSumsByJoin: OptionSums = (admin, game, drawNo) =>
  `SELECT l.option, sum(l.stake) AS stake FROM rounds r JOIN tickets t ON t.round_id = r.id JOIN ticket_lines l ON l.ticket_id = t.id
    WHERE r.admin_id = ${admin} AND r.game_id = ${game} AND r.draw_no = ${drawNo} GROUP BY l.option`;

/** One option's stake in a round, from its statement or from the console's json_agg of them. */
const optionSumRow = rowsOf({ option: col.text, s: col.cents });

/** Stakes per option placed in round `drawNo` of (admin, game), from `source`. */
export async function stakesByOption(db: Queryable, source: OptionSums, adminId: number, gameDbId: number, drawNo: number): Promise<Map<string, bigint>> {
  const rows = await queryRows(db, optionSumRow, `SELECT option, stake::text AS s FROM (${source('$1', '$2', '$3')}) x`, [adminId, gameDbId, drawNo]);
  return new Map(rows.map((r) => [r.option, r.s]));
}

/**
 * Every figure of a console in one statement: a push waits for one round trip, not for three in a
 * row (game, pool, then four figures) on a machine that bets keep busy. The round is the one open at
 * $3 (milliseconds), by the same floor(now / length) as roundWindow.
 */
const CONSOLE_FIGURES = (sums: OptionSums) => `
  WITH g AS (SELECT *, $3::bigint / (time_seconds * 1000) AS draw_no FROM games WHERE game_id = $2 AND deleted_at IS NULL)
  SELECT g.id, g.time_seconds, ${CATALOGUE_GAME_COLUMNS('g')}, p.account_id, p.win_percentage, a.wallet_balance::text AS pool_cents, d.play, d.win,
    (SELECT json_agg(json_build_object('option', x.option, 's', x.stake::text)) FROM (${sums('$1', 'g.id', 'g.draw_no')}) x) AS sums,
    (SELECT json_agg(l) FROM (${LAST_ROUNDS('$1', 'g.id')}) l) AS last
  FROM g
  LEFT JOIN game_pools p ON p.admin_id = $1 AND p.game_id = g.id
  LEFT JOIN accounts a ON a.id = p.account_id
  CROSS JOIN LATERAL (SELECT coalesce(sum(play), 0)::text AS play, coalesce(sum(win), 0)::text AS win
                        FROM admin_game_days WHERE admin_id = $1 AND game_id = g.id AND day = $4) d`;

const consoleRow = rowsOf({
  id: col.id,
  time_seconds: col.int,
  account_id: col.nullable(col.id),
  win_percentage: col.nullable(col.num),
  pool_cents: col.nullable(col.cents),
  play: col.cents,
  win: col.cents,
  sums: col.nullable(col.json<Record<string, unknown>[]>()),
  last: col.nullable(col.json<Record<string, unknown>[]>()),
});

/**
 * Everything a live console shows for (admin, game): each option with its running sum in the open
 * round, the pool, today's collection and payment, the countdown and the latest results.
 */
export async function consoleData(db: Database, adminId: number, gameId: string, now = new Date(), optionSums: OptionSums = roundSums) {
  // Through the priority lane: bets hold the main pool under load.
  const read = () => (db.priority ?? db).query(CONSOLE_FIGURES(optionSums), [adminId, gameId, now.getTime(), dayKey(now)]);
  let [raw] = await read();
  if (raw && consoleRow(raw).account_id === null) {
    // The pool exists after its first use: made once here, then read like any other.
    const gameDbId = consoleRow(raw).id;
    await db.transaction((tx) => ensurePool(tx, adminId, gameDbId));
    [raw] = await read();
  }
  if (!raw) throw coded(404, 'noGameWithId');
  const f = consoleRow(raw);
  const catalogue = catalogueGameOf(raw);
  const declaration = declarationOf(catalogue);
  const window = roundWindow(now, f.time_seconds);
  const sums = new Map(parseRows(optionSumRow, f.sums ?? []).map((r) => [r.option, r.s]));
  const item = (o: GameDeclaration['options'][number]) => ({
    drawno: o.key,
    label: o.label,
    sum: centsToPoints(sums.get(o.key) ?? 0n),
    ...(o.color ? { color: o.color } : {}),
    ...(o.image ? { image: o.image } : {}),
  });
  const sections = consoleSections(declaration);
  const draw = [...sums.values()].reduce((a, b) => a + b, 0n);
  return {
    gameId,
    gameName: declaration.gameName,
    // What a client needs to build the declaration of a game the registry does not declare (declarationOf).
    catalogue,
    data: sections.data.map(item),
    dataColors: sections.colors.map(item),
    dataCardTypes: sections.cardTypes.map(item),
    totalDrawCollection: centsToPoints(draw),
    collections: { totalPlaypoints: centsToPoints(f.play), totalWinpoints: centsToPoints(f.win) },
    percentageData: [{ gameBalance: centsToPoints(f.pool_cents ?? 0n), winpercentage: f.win_percentage ?? 0 }],
    lastData: { data: parseRows(lastRoundRow, f.last ?? []).map(toResult(declaration)) },
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

const decisionRow = rowsOf({
  id: col.idText,
  draw_no: col.int,
  result: col.nullable(col.text),
  booster: col.nullable(col.int),
  decision: col.json<unknown>(),
  settled_at: col.nullable(col.date),
  status: col.text,
  code: col.text,
});

/** The decision record of a finished round of (admin, game), for the results strip's audit view: a voided one keeps why. */
export async function decisionOf(db: Database, adminId: number, roundId: number) {
  const r = await queryRow(
    db,
    decisionRow,
    `SELECT r.id, r.draw_no, r.result, r.booster, r.decision, r.settled_at, r.status, g.game_id AS code FROM rounds r JOIN games g ON g.id = r.game_id
      WHERE r.id = $1 AND r.admin_id = $2 AND r.status IN ('settled', 'void')`,
    [roundId, adminId],
  );
  if (!r) throw coded(404, 'noSettledRound');
  const refunded = r.status === 'void';
  return {
    roundId: r.id,
    drawno: r.draw_no,
    gameId: r.code,
    result: refunded ? null : r.result,
    booster: refunded ? null : r.booster,
    refunded,
    settledAt: r.settled_at,
    decision: r.decision,
  };
}
