import { oddsX100Of } from '../../domain/games';
import { gameDeclaration } from '../../resources.config';
import type { Queryable } from '../db/client';
import { col, queryOne, queryRow, queryRows, rowsOf, type Kind, type RowOf } from '../db/rows';

/** A game as Game Master answers it: the API's names, computed in SQL (ids as text). */
export type GameRecord = {
  id: string;
  _id: string;
  gameId: string;
  gameName: string;
  nodigit: number;
  /** Round length in seconds. */
  time: number;
  /** The Time Master row of that length, if there is one. */
  timeId: string | null;
  status: string;
  publisher: string | null;
  gameDescription: string | null;
  releaseDate: Date | string | null;
  label: boolean;
  images: string[];
  logo: string | null;
  /**
   * The payout multiplier (×9 is 9) of a game played from its row; null for a declared game, whose
   * odds are its declaration's.
   */
  multiplier: number | null;
};

// A date column as the engine gives it (a Date from pg, which the API has always sent as such): passed on unchanged.
const dateAsGiven: Kind<Date | string> = (v, column) => {
  if (v instanceof Date || typeof v === 'string') return v;
  throw new Error(`column ${column}: expected a date, got ${typeof v}`);
};

const gameRecordRow = rowsOf({
  db_id: col.id,
  id: col.idText,
  _id: col.idText,
  gameId: col.text,
  gameName: col.text,
  nodigit: col.int,
  time: col.int,
  timeId: col.nullable(col.idText),
  status: col.text,
  publisher: col.nullable(col.text),
  gameDescription: col.nullable(col.text),
  releaseDate: col.nullable(dateAsGiven),
  label: col.bool,
  images: col.json<string[]>(),
  logo: col.nullable(col.text),
  oddsX100: col.nullable(col.int),
});
const pagedGameRow = rowsOf({ ...gameRecordRow.shape, total: col.int });

const toRecord = ({ oddsX100, db_id: _dbId, ...r }: RowOf<typeof gameRecordRow>): GameRecord => ({
  ...r,
  multiplier: gameDeclaration(r.gameId) ? null : oddsX100Of({ nodigit: r.nodigit, oddsX100 }) / 100,
});

const timeRecordRow = rowsOf({ id: col.idText, _id: col.idText, timecount: col.int });
const pagedTimeRow = rowsOf({ ...timeRecordRow.shape, total: col.int });

/** A Time Master row: a round length the catalogue offers. */
export type TimeRecord = RowOf<typeof timeRecordRow>;

const GAME_SELECT = `g.id AS db_id, g.id::text AS id, g.id::text AS "_id", g.game_id AS "gameId", g.game_name AS "gameName", g.nodigit,
  g.time_seconds AS "time", (SELECT t.id::text FROM game_times t WHERE t.timecount = g.time_seconds) AS "timeId",
  g.status, g.publisher, g.description AS "gameDescription", g.release_date AS "releaseDate", g.label, g.images, g.logo, g.odds_x100 AS "oddsX100"`;

/** The columns Game Master may sort by: a sort key reaches SQL only through this map. */
export const GAME_SORTS = {
  gameName: 'g.game_name',
  gameId: 'g.game_id',
  nodigit: 'g.nodigit',
  time: 'g.time_seconds',
  status: 'g.status',
  releaseDate: 'g.release_date',
  id: 'g.id',
} as const;
export type GameSort = keyof typeof GAME_SORTS;

type Paged<T> = { rows: T[]; total: number };
const withoutTotal = <T>(rows: (T & { total: number })[]): Paged<T> => ({
  rows: rows.map(({ total: _t, ...x }) => x as T),
  total: rows[0]?.total ?? 0,
});

/** A game as Game Master answers it, and its database id for the statements that change it. */
export interface StoredGame {
  dbId: number;
  record: GameRecord;
}

/** An undeleted game by its database id or by its gameId (the API accepts both). */
export async function findGameRecord(q: Queryable, key: { id: number } | { gameId: string }): Promise<StoredGame | null> {
  const byId = 'id' in key;
  const row = await queryRow(q, gameRecordRow, `SELECT ${GAME_SELECT} FROM games g WHERE ${byId ? 'g.id = $1' : 'g.game_id = $1'} AND g.deleted_at IS NULL`, [
    byId ? key.id : key.gameId,
  ]);
  return row && { dbId: row.db_id, record: toRecord(row) };
}

/** One page of the undeleted games, optionally searched by name or gameId, with the total before paging. */
export async function listGameRecords(
  q: Queryable,
  p: { search?: string | undefined; sort: GameSort; order: 'ASC' | 'DESC'; limit: number; offset: number },
): Promise<Paged<GameRecord>> {
  const where = `g.deleted_at IS NULL${p.search ? ` AND (g.game_name ILIKE $3 OR g.game_id ILIKE $3)` : ''}`;
  const params: unknown[] = [p.limit, p.offset, ...(p.search ? [`%${p.search.replace(/[\\%_]/g, '\\$&')}%`] : [])];
  const rows = await queryRows(
    q,
    pagedGameRow,
    `SELECT ${GAME_SELECT}, count(*) OVER ()::int AS total FROM games g WHERE ${where} ORDER BY ${GAME_SORTS[p.sort]} ${p.order}, g.id LIMIT $1 OFFSET $2`,
    params,
  );
  const page = withoutTotal<RowOf<typeof gameRecordRow>>(rows);
  return { rows: page.rows.map(toRecord), total: page.total };
}

/** The round length (seconds) of a Time Master row, or null when there is no such row. */
export async function timecountOf(q: Queryable, timeId: number): Promise<number | null> {
  const t = await queryRow(q, rowsOf({ timecount: col.int }), `SELECT timecount FROM game_times WHERE id = $1`, [timeId]);
  return t && t.timecount;
}

/** The columns of a new game, validated by the route. */
export interface NewGame {
  gameId: string;
  gameName: string;
  nodigit: number;
  timeSeconds: number;
  status: 'active' | 'inactive';
  publisher: string;
  description: string;
  releaseDate: string;
  label: boolean;
  /** Stored image names (one per digit when labelled). */
  images: string[];
  /** Payout multiplier in hundredths; null for the default. */
  oddsX100: number | null;
}

/** Adds a game to the catalogue; its database id. */
export async function insertGame(q: Queryable, g: NewGame): Promise<number> {
  const row = await queryOne(
    q,
    rowsOf({ id: col.id }),
    `INSERT INTO games (game_id, game_name, nodigit, time_seconds, status, publisher, description, release_date, label, images, odds_x100)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11) RETURNING id`,
    [g.gameId, g.gameName, g.nodigit, g.timeSeconds, g.status, g.publisher, g.description, g.releaseDate, g.label, JSON.stringify(g.images), g.oddsX100],
  );
  return row.id;
}

/** The fields the Edit Game form changes. */
export interface GameEdit {
  gameName: string;
  nodigit: number;
  description: string;
  publisher: string;
  releaseDate: string;
  status: string;
  timeSeconds: number;
  /** A newly stored logo's name; undefined keeps the logo the game has. */
  logo?: string | undefined;
  /** The payout multiplier in hundredths; undefined keeps the game's. */
  oddsX100?: number | undefined;
}

export async function updateGame(q: Queryable, id: number, e: GameEdit): Promise<void> {
  await q.query(
    `UPDATE games SET game_name = $2, nodigit = $3, description = $4, publisher = $5, release_date = $6, status = $7, time_seconds = $8,
            logo = coalesce($9, logo), odds_x100 = coalesce($10, odds_x100) WHERE id = $1`,
    [id, e.gameName, e.nodigit, e.description, e.publisher, e.releaseDate, e.status, e.timeSeconds, e.logo ?? null, e.oddsX100 ?? null],
  );
}

/** Whether any ticket was ever placed on a game (its options and odds are then fixed). */
export async function gameHasBets(q: Queryable, id: number): Promise<boolean> {
  const r = await queryOne(q, rowsOf({ bets: col.bool }), `SELECT EXISTS (SELECT 1 FROM rounds r JOIN tickets t ON t.round_id = r.id WHERE r.game_id = $1) AS bets`, [id]);
  return r.bets;
}

/** Activates or deactivates a game (inactive games run no rounds and take no bets). */
export async function setGameStatus(q: Queryable, id: number, status: 'active' | 'inactive'): Promise<void> {
  await q.query(`UPDATE games SET status = $2 WHERE id = $1`, [id, status]);
}

/**
 * Soft-deletes a game and takes it away from every admin. Rounds and tickets keep pointing at it, so
 * history and reports stay whole. Two statements: call inside a transaction.
 */
export async function softDeleteGame(q: Queryable, id: number): Promise<void> {
  await q.query(`UPDATE games SET deleted_at = now(), status = 'inactive' WHERE id = $1`, [id]);
  await q.query(`DELETE FROM account_games WHERE game_id = $1`, [id]);
}

/** One page of the Time Master rows, with the total before paging (sorted by the columns named with their table: the bare id is the text alias). */
export async function listTimeRecords(q: Queryable, p: { sort: 'timecount' | 'id'; order: 'ASC' | 'DESC'; limit: number; offset: number }): Promise<Paged<TimeRecord>> {
  const rows = await queryRows(
    q,
    pagedTimeRow,
    `SELECT id::text AS id, id::text AS "_id", timecount, count(*) OVER ()::int AS total FROM game_times ORDER BY game_times.${p.sort} ${p.order}, game_times.id LIMIT $1 OFFSET $2`,
    [p.limit, p.offset],
  );
  return withoutTotal<TimeRecord>(rows);
}

/** Adds a round length; null when that length already exists. */
export async function insertTime(q: Queryable, timecount: number): Promise<TimeRecord | null> {
  return queryRow(q, timeRecordRow, `INSERT INTO game_times (timecount) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id::text AS id, id::text AS "_id", timecount`, [
    timecount,
  ]);
}
