import type { DelayedRound } from '../../domain/api';
import type { Queryable } from '../db/client';
import { col, queryRows, rowsOf, type RowOf } from '../db/rows';
import { scopeCondition, type AdminScope } from './repository';

export type { DelayedRound };

/** Rounds named per answer at most: a screen shows a few, and the count says how many there are. */
const NAMED = 20;

const ROUND_COLUMNS = `r.id::text AS "roundId", r.draw_no AS "drawNo", g.game_id AS "gameId", g.game_name AS "gameName", a.username AS admin, r.closes_at AS "closesAt"`;

const roundRow = rowsOf({ roundId: col.idText, drawNo: col.int, gameId: col.text, gameName: col.text, admin: col.text, closesAt: col.date });
const countedRoundRow = rowsOf({ ...roundRow.shape, n: col.int });

const toDelayed = (r: RowOf<typeof roundRow>): DelayedRound => ({ ...r, closesAt: r.closesAt.toISOString() });

/**
 * The rounds in scope still open more than `slackMs` after their close (a tick's slack), oldest
 * first, optionally of one game: read from the database, so every instance's screens see the rounds
 * any instance fails to settle.
 */
export async function delayedRounds(q: Queryable, scope: AdminScope, now: Date, opts: { gameId?: string | undefined; slackMs?: number } = {}): Promise<{ count: number; rounds: DelayedRound[] }> {
  const c = scopeCondition(scope, 2);
  const params: unknown[] = [new Date(now.getTime() - (opts.slackMs ?? 5000)), c.param];
  const game = opts.gameId === undefined ? '' : ` AND g.game_id = $${params.push(opts.gameId)}`;
  const rows = await queryRows(
    q,
    countedRoundRow,
    `SELECT ${ROUND_COLUMNS}, count(*) OVER ()::int AS n
       FROM rounds r JOIN games g ON g.id = r.game_id JOIN accounts a ON a.id = r.admin_id
      WHERE r.status = 'open' AND r.closes_at <= $1 AND ${c.sql}${game}
      ORDER BY r.closes_at, r.id LIMIT ${NAMED}`,
    params,
  );
  return { count: rows[0]?.n ?? 0, rounds: rows.map(({ n: _n, ...r }) => toDelayed(r)) };
}

/** The rounds of these ids, by id, as the screens name them. */
export async function namedRounds(q: Queryable, ids: number[]): Promise<Map<string, DelayedRound>> {
  if (!ids.length) return new Map();
  const rows = await queryRows(
    q,
    roundRow,
    `SELECT ${ROUND_COLUMNS} FROM rounds r JOIN games g ON g.id = r.game_id JOIN accounts a ON a.id = r.admin_id WHERE r.id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.roundId, toDelayed(r)]));
}
