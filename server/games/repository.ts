import { randomBytes } from 'node:crypto';
import type { CatalogueGame, RoundWindow } from '../../domain/games';
import { hashSecret } from '../access/passwords';
import { insertAccount } from '../accounts/repository';
import { runLast, type Queryable } from '../db/client';
import { col, queryOne, queryRow, queryRows, rowsOf, type Row, type RowOf } from '../db/rows';
import { GAME_TIER } from '../../resources.config';

import { POOL_ROLE } from '../accounts/poolRole';

export { POOL_ROLE };

/**
 * The columns of the games row `g` a game's declaration is built from (declarationOf), under names
 * of their own so that they sit beside a query's other columns; read back by catalogueGameOf.
 */
export const CATALOGUE_GAME_COLUMNS = (g: string) =>
  `${g}.game_id AS cg_game_id, ${g}.game_name AS cg_game_name, ${g}.nodigit AS cg_nodigit, ${g}.time_seconds AS cg_time,
   ${g}.odds_x100 AS cg_odds, ${g}.label AS cg_label, ${g}.images AS cg_images`;

const catalogueGameRow = rowsOf({
  cg_game_id: col.text,
  cg_game_name: col.text,
  cg_nodigit: col.int,
  cg_time: col.int,
  cg_odds: col.nullable(col.int),
  cg_label: col.nullable(col.bool),
  cg_images: col.json<unknown>(),
});

/** The catalogue game of a row selected with CATALOGUE_GAME_COLUMNS. */
export function catalogueGameOf(raw: Row): CatalogueGame {
  const r = catalogueGameRow(raw);
  return {
    gameId: r.cg_game_id,
    gameName: r.cg_game_name,
    nodigit: r.cg_nodigit,
    timeSeconds: r.cg_time,
    oddsX100: r.cg_odds,
    label: r.cg_label === true,
    images: Array.isArray(r.cg_images) ? r.cg_images.map(String) : [],
  };
}

export interface GameRow {
  id: number;
  gameId: string;
  timeSeconds: number;
  active: boolean;
  catalogue: CatalogueGame;
}

const gameStatusRow = rowsOf({ id: col.id, status: col.text });
const idRow = rowsOf({ id: col.id });

export async function findGame(q: Queryable, gameId: string): Promise<GameRow | null> {
  const [raw] = await q.query(`SELECT g.id, g.status, ${CATALOGUE_GAME_COLUMNS('g')} FROM games g WHERE g.game_id = $1 AND g.deleted_at IS NULL`, [gameId]);
  if (!raw) return null;
  const r = gameStatusRow(raw);
  const catalogue = catalogueGameOf(raw);
  return { id: r.id, gameId: catalogue.gameId, timeSeconds: catalogue.timeSeconds, active: r.status === 'active', catalogue };
}

/** The admin above an account (the account itself when it is one), or null. */
export async function adminOf(q: Queryable, path: string): Promise<number | null> {
  const r = await queryRow(q, idRow, `SELECT id FROM accounts WHERE role = $2 AND deleted_at IS NULL AND $1 LIKE path || '%' ORDER BY length(path) DESC LIMIT 1`, [
    path,
    GAME_TIER,
  ]);
  return r && r.id;
}

export interface PoolRow {
  accountId: number;
  winPercentage: number;
  roundsSinceBoost: number;
  nextBoostGap: number;
}

const poolRow = rowsOf({ account_id: col.id, win_percentage: col.num, rounds_since_boost: col.int, next_boost_gap: col.int });

const toPool = (raw: Row): PoolRow => {
  const r = poolRow(raw);
  return { accountId: r.account_id, winPercentage: r.win_percentage, roundsSinceBoost: r.rounds_since_boost, nextBoostGap: r.next_boost_gap };
};

/** The pool of (admin, game), if it was made already. */
export async function findPool(q: Queryable, adminId: number, gameDbId: number): Promise<PoolRow | null> {
  const found = await q.query(`SELECT * FROM game_pools WHERE admin_id = $1 AND game_id = $2`, [adminId, gameDbId]);
  return found[0] ? toPool(found[0]) : null;
}

/** The pool of (admin, game), created with its account on first use. Call inside a transaction. */
export async function ensurePool(q: Queryable, adminId: number, gameDbId: number): Promise<PoolRow> {
  const found = await q.query(`SELECT * FROM game_pools WHERE admin_id = $1 AND game_id = $2`, [adminId, gameDbId]);
  if (found[0]) return toPool(found[0]);
  // Two first uses of one pool at once: the second waits here and then finds the first one's pool.
  await q.query(`SELECT pg_advisory_xact_lock($1::int, $2::int)`, [adminId, gameDbId]);
  const again = await q.query(`SELECT * FROM game_pools WHERE admin_id = $1 AND game_id = $2`, [adminId, gameDbId]);
  if (again[0]) return toPool(again[0]);
  const admin = await queryOne(q, rowsOf({ path: col.text }), `SELECT path FROM accounts WHERE id = $1`, [adminId]);
  const accountId = await insertAccount(q, {
    role: POOL_ROLE,
    prefix: 'PL',
    parentId: adminId,
    parentPath: admin.path,
    cols: { password_hash: await hashSecret(randomBytes(24).toString('base64url')) },
  });
  const rows = await q.query(
    `INSERT INTO game_pools (admin_id, game_id, account_id) VALUES ($1, $2, $3) RETURNING *`,
    [adminId, gameDbId, accountId],
  );
  return toPool(rows[0]);
}

export async function lockPool(q: Queryable, adminId: number, gameDbId: number): Promise<PoolRow> {
  // Not FOR UPDATE: the next round's insert checks its pool's key (rounds_pool_fk, FOR KEY SHARE), and
  // would wait for this settlement, and with it every later round of the inserting instance's tick.
  const rows = await q.query(`SELECT * FROM game_pools WHERE admin_id = $1 AND game_id = $2 FOR NO KEY UPDATE`, [adminId, gameDbId]);
  return toPool(rows[0]);
}

export async function saveBoosterState(q: Queryable, adminId: number, gameDbId: number, s: { roundsSinceBoost: number; nextGap: number }) {
  await q.query(`UPDATE game_pools SET rounds_since_boost = $3, next_boost_gap = $4 WHERE admin_id = $1 AND game_id = $2`, [
    adminId,
    gameDbId,
    s.roundsSinceBoost,
    s.nextGap,
  ]);
}

/** The current rounds of many (admin, game) pairs in one statement; existing ones are left alone. */
export async function ensureRounds(q: Queryable, rounds: { adminId: number; gameDbId: number; window: RoundWindow }[]): Promise<void> {
  if (!rounds.length) return;
  await q.query(
    `INSERT INTO rounds (admin_id, game_id, draw_no, opens_at, closes_at)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::timestamptz[], $5::timestamptz[])
     ON CONFLICT (admin_id, game_id, draw_no) DO NOTHING`,
    [rounds.map((r) => r.adminId), rounds.map((r) => r.gameDbId), rounds.map((r) => r.window.drawNo), rounds.map((r) => r.window.opensAt), rounds.map((r) => r.window.closesAt)],
  );
}

export async function walletCents(q: Queryable, accountId: number): Promise<bigint> {
  return (await queryOne(q, rowsOf({ b: col.cents }), `SELECT wallet_balance::text AS b FROM accounts WHERE id = $1`, [accountId])).b;
}

/**
 * Every (admin, game) that runs rounds now: active, undeleted admin with an active game assigned. In
 * one order, so instances opening the same rounds at once (ensureRounds) insert their keys in it.
 */
export async function runningPairs(q: Queryable): Promise<{ adminId: number; gameDbId: number; timeSeconds: number; hasPool: boolean }[]> {
  const rows = await queryRows(
    q,
    rowsOf({ admin_id: col.id, game_id: col.id, time_seconds: col.int, has_pool: col.bool }),
    `SELECT ag.account_id AS admin_id, g.id AS game_id, g.time_seconds, p.account_id IS NOT NULL AS has_pool
       FROM account_games ag JOIN games g ON g.id = ag.game_id JOIN accounts a ON a.id = ag.account_id
       LEFT JOIN game_pools p ON p.admin_id = ag.account_id AND p.game_id = g.id
      WHERE a.role = $1 AND a.active AND a.deleted_at IS NULL AND g.status = 'active' AND g.deleted_at IS NULL
      ORDER BY ag.account_id, g.id`,
    [GAME_TIER],
  );
  return rows.map((r) => ({ adminId: r.admin_id, gameDbId: r.game_id, timeSeconds: r.time_seconds, hasPool: r.has_pool }));
}

export async function upsertDailyPlay(q: Queryable, d: { playerId: number; day: string; gameDbId: number; adminId: number; play: bigint; win: bigint }) {
  await q.query(
    `INSERT INTO daily_play (player_id, day, game_id, admin_id, play, win) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (player_id, day, game_id) DO UPDATE SET play = daily_play.play + EXCLUDED.play, win = daily_play.win + EXCLUDED.win`,
    [d.playerId, d.day, d.gameDbId, d.adminId, d.play.toString(), d.win.toString()],
  );
}

/** One player's play and win of one day, for the coarser per-day figures. */
export interface PlayDelta {
  playerId: number;
  day: string;
  play: bigint;
  win: bigint;
}

/**
 * A settlement's wins (a void's refunds) in the coarser per-day figures the reports read, after all
 * its moves, in the order given (sort by player and day): per admin, day and game (admin_game_days)
 * and per player, admin and day with running totals (player_days) now, by td_add_player_play; the
 * locks the moves took order their writers (the pool's account for the admin's days of that game,
 * each winner's account for its rows). Per parent and day (parent_days) last, with the COMMIT: every
 * player of those parents in every game waits for their locks, and a settler that stopped before its
 * commit would make them all wait until its lease ended. (A bet writes all of it in its one statement.)
 */
export async function addPlayAggregates(q: Queryable, a: { adminId: number; gameDbId: number; deltas: readonly PlayDelta[] }): Promise<void> {
  if (a.deltas.length === 0) return;
  const players = a.deltas.map((d) => d.playerId);
  const days = a.deltas.map((d) => d.day);
  const play = a.deltas.map((d) => d.play);
  const win = a.deltas.map((d) => d.win);
  await q.query(`SELECT td_add_player_play($1::bigint, $2::bigint, $3::bigint[], $4::date[], $5::bigint[], $6::bigint[])`, [
    a.adminId,
    a.gameDbId,
    players,
    days,
    play.map(String),
    win.map(String),
  ]);
  await runLast(q, `SELECT td_add_parents_play(${integerArray(players)}, ${dayArray(days)}, ${integerArray(play)}, ${integerArray(win)})`);
}

/** Integers as an SQL array literal (the statement runs with its COMMIT, without parameters). */
function integerArray(values: readonly (number | bigint)[]): string {
  for (const v of values) if (typeof v !== 'bigint' && !Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
  return `'{${values.join(',')}}'::bigint[]`;
}

/** Days (YYYY-MM-DD) as an SQL array literal. */
function dayArray(days: readonly string[]): string {
  for (const d of days) if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new Error(`not a day: ${d}`);
  return `'{${days.join(',')}}'::date[]`;
}

/**
 * Recomputes the coarser per-day figures from daily_play: of one admin (else all) from one day on
 * (else every day). For installations whose daily_play rows were written straight into the table
 * (the benches' builders, a test's set-up), not for a live one: the two tables are locked against
 * every other writer first (a bet or a settlement of any admin waits at its own write, after its
 * daily_play row and its wallets, until this commits). Clear History removes a live admin's figures
 * a batch of players at a time instead (operations/clearPlayFigures.ts). Also recounts the players'
 * parents' figures (parent_days) those rows add up to, and the players' pending play.
 */
export async function rebuildPlayAggregates(q: Queryable, scope: { adminId?: number; fromDay?: string } = {}): Promise<void> {
  await q.query(`LOCK TABLE player_days, admin_game_days, parent_days IN SHARE ROW EXCLUSIVE MODE`);
  const params: unknown[] = [];
  const admin = scope.adminId === undefined ? null : `$${params.push(scope.adminId)}::bigint`;
  const from = scope.fromDay === undefined ? null : `$${params.push(scope.fromDay)}::date`;
  const where = [admin && `admin_id = ${admin}`, from && `day >= ${from}`].filter(Boolean).join(' AND ');
  const cond = where ? `WHERE ${where}` : '';
  // The players whose rows are rebuilt, read before and after: their pending play and their parents'
  // figures are counted again.
  const playersOf = async (): Promise<string[]> => (await q.query(`SELECT DISTINCT player_id::text AS id FROM player_days ${cond}`, params)).map((r) => String(r.id));
  const before = where ? await playersOf() : [];
  await q.query(`DELETE FROM admin_game_days ${cond}`, params);
  await q.query(
    `INSERT INTO admin_game_days (admin_id, day, game_id, play, win)
     SELECT admin_id, day, game_id, sum(play), sum(win) FROM daily_play ${cond} GROUP BY 1, 2, 3`,
    params,
  );
  await q.query(`DELETE FROM player_days ${cond}`, params);
  // The rows from the first day on continue the running totals of the row before it, if any.
  // Written day after day, as bets write them: the rows in force on one day sit together.
  await q.query(
    `INSERT INTO player_days (player_id, admin_id, day, until, play, win, run_play, run_win)
     SELECT d.player_id, d.admin_id, d.day, lead(d.day) OVER w, d.play, d.win,
            coalesce(b.run_play, 0) + (sum(d.play) OVER w)::bigint, coalesce(b.run_win, 0) + (sum(d.win) OVER w)::bigint
       FROM (SELECT player_id, admin_id, day, sum(play)::bigint AS play, sum(win)::bigint AS win FROM daily_play ${cond} GROUP BY 1, 2, 3) d
       LEFT JOIN LATERAL (${
         from
           ? `SELECT p.run_play, p.run_win FROM player_days p WHERE p.player_id = d.player_id AND p.admin_id = d.admin_id AND p.day < ${from} ORDER BY p.day DESC LIMIT 1`
           : `SELECT NULL::bigint AS run_play, NULL::bigint AS run_win`
       }) b ON true
     WINDOW w AS (PARTITION BY d.player_id, d.admin_id ORDER BY d.day)
     ORDER BY d.day`,
    params,
  );
  // The row in force on the day before ends where the rebuilt rows start (or nowhere: it is the newest again).
  if (from)
    await q.query(
      `UPDATE player_days p SET until = (SELECT min(n.day) FROM player_days n WHERE n.player_id = p.player_id AND n.admin_id = p.admin_id AND n.day >= ${from})
        WHERE ${admin ? `p.admin_id = ${admin} AND ` : ''}p.day < ${from} AND (p.until IS NULL OR p.until >= ${from})`,
      params,
    );
  // The parents' figures from the rebuilt rows (the tables' lock keeps every writer out meanwhile).
  const players = where ? [...new Set([...before, ...(await playersOf())])] : null;
  const parents = players
    ? (await q.query(`SELECT DISTINCT parent_id::text AS id FROM accounts WHERE id = ANY($1::bigint[]) AND parent_id IS NOT NULL`, [players])).map((r) => String(r.id))
    : null;
  await q.query(`SELECT td_parent_days_rebuild($1::bigint[])`, [parents]);
  await q.query(`SELECT td_pending_play_rebuild($1::bigint[])`, [players]);
}

/** Which admins a Win Percentage screen covers: every admin under a path (the root's view), or one admin. */
export type AdminScope = { underPath: string } | { adminId: number };

/** The scope as a condition on the admin `a`, its parameter numbered `n`. */
export const scopeCondition = (s: AdminScope, n: number): { sql: string; param: unknown } =>
  'adminId' in s ? { sql: `a.id = $${n}`, param: s.adminId } : { sql: `a.path LIKE $${n}`, param: `${s.underPath}%` };

/** The (admin, game) assignments in scope that have no pool yet (a pool is made on first use). */
export async function assignmentsWithoutPool(q: Queryable, scope: AdminScope): Promise<{ adminId: number; gameDbId: number }[]> {
  const c = scopeCondition(scope, 1);
  const rows = await queryRows(
    q,
    rowsOf({ admin_id: col.id, game_db_id: col.id }),
    `SELECT a.id AS admin_id, g.id AS game_db_id FROM account_games ag JOIN accounts a ON a.id = ag.account_id JOIN games g ON g.id = ag.game_id
      LEFT JOIN game_pools p ON p.admin_id = a.id AND p.game_id = g.id
      WHERE a.role = $2 AND a.deleted_at IS NULL AND g.deleted_at IS NULL AND p.id IS NULL AND ${c.sql}`,
    [c.param, GAME_TIER],
  );
  return rows.map((r) => ({ adminId: r.admin_id, gameDbId: r.game_db_id }));
}

const percentageRow = rowsOf({ id: col.idText, adminId: col.idText, username: col.text, gameId: col.text, gameName: col.text, winpercentage: col.num });
/** A Win Percentage row: one pool (admin and game) and the percentage it carries. */
export type PercentageRecord = RowOf<typeof percentageRow>;

/** The pools of the assigned games in scope, by admin username and game. */
export async function percentageRecords(q: Queryable, scope: AdminScope): Promise<PercentageRecord[]> {
  const c = scopeCondition(scope, 1);
  return queryRows(
    q,
    percentageRow,
    `SELECT p.id::text AS id, a.id::text AS "adminId", a.username, g.game_id AS "gameId", g.game_name AS "gameName",
            p.win_percentage::float8 AS winpercentage
       FROM account_games ag JOIN accounts a ON a.id = ag.account_id JOIN games g ON g.id = ag.game_id
       JOIN game_pools p ON p.admin_id = a.id AND p.game_id = g.id
      WHERE a.role = $2 AND a.deleted_at IS NULL AND g.deleted_at IS NULL AND ${c.sql}
      ORDER BY a.username, g.id`,
    [c.param, GAME_TIER],
  );
}

/** Of these pool ids, those whose admin is in scope (the others are not the caller's to change). */
export async function poolIdsInScope(q: Queryable, scope: AdminScope, ids: number[]): Promise<number[]> {
  const c = scopeCondition(scope, 1);
  const rows = await queryRows(q, idRow, `SELECT p.id FROM game_pools p JOIN accounts a ON a.id = p.admin_id WHERE p.id = ANY($2::bigint[]) AND ${c.sql}`, [c.param, ids]);
  return rows.map((r) => r.id);
}

/** Sets the win percentage of many pools in one statement. */
export async function setWinPercentages(q: Queryable, updates: { id: number; winPercentage: number }[]): Promise<void> {
  await q.query(`UPDATE game_pools p SET win_percentage = u.pct FROM unnest($1::bigint[], $2::numeric[]) AS u(id, pct) WHERE p.id = u.id`, [
    updates.map((u) => u.id),
    updates.map((u) => u.winPercentage),
  ]);
}
