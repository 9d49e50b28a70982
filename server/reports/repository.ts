import type { Queryable } from '../db/client';
import { col, queryRows, rowsOf } from '../db/rows';
import { GAME_TIER, ROOT_TIER } from '../../resources.config';
import { prefixPattern, USERNAME_KEY } from '../http/picker';



/** One pool of the admin commission report: its game, admin, percentage and the period's play. */
export interface AdminGamePlay {
  gameId: string;
  gameName: string;
  username: string;
  nodigit: number;
  /** The pool's win percentage (numeric(5,2): two decimals, exact as a number of hundredths). */
  winPercentage: number;
  playCents: bigint;
  winCents: bigint;
}

/** Every pool of the admins under a path, with its play and wins over the days [from, to], by admin and game (admin_game_days). */
export async function adminGamePlay(q: Queryable, underPath: string, days: { from: string; to: string }): Promise<AdminGamePlay[]> {
  const rows = await queryRows(
    q,
    rowsOf({ game_id: col.text, game_name: col.text, username: col.text, nodigit: col.int, pct: col.num, play: col.cents, win: col.cents }),
    `WITH admins AS (SELECT id, username FROM accounts WHERE role = $4 AND deleted_at IS NULL AND path LIKE $1),
          per AS (SELECT admin_id, game_id, sum(play) AS play, sum(win) AS win FROM admin_game_days
                   WHERE day BETWEEN $2 AND $3 AND admin_id IN (SELECT id FROM admins) GROUP BY admin_id, game_id)
     SELECT g.game_id, g.game_name, a.username, g.nodigit, p.win_percentage::text AS pct,
            coalesce(per.play, 0)::text AS play, coalesce(per.win, 0)::text AS win
       FROM game_pools p JOIN admins a ON a.id = p.admin_id JOIN games g ON g.id = p.game_id
       LEFT JOIN per ON per.admin_id = p.admin_id AND per.game_id = p.game_id
      ORDER BY a.username, g.id`,
    [`${underPath}%`, days.from, days.to, GAME_TIER],
  );
  return rows.map((r) => ({ gameId: r.game_id, gameName: r.game_name, username: r.username, nodigit: r.nodigit, winPercentage: r.pct, playCents: r.play, winCents: r.win }));
}

/**
 * The live accounts under a path (itself included, pools left out), optionally of one role, whose
 * username starts with `q`, by username, at most `limit`: the report screens' user filter.
 */
export async function accountsUnder(
  q: Queryable,
  path: string,
  search: { role?: string | undefined; q?: string | undefined; limit: number },
): Promise<{ _id: string; username: string; role: string }[]> {
  const params: unknown[] = [`${path}%`, search.limit];
  let where = '';
  if (search.role) {
    params.push(search.role);
    where += ` AND role = $${params.length}`;
  }
  if (search.q) {
    params.push(prefixPattern(search.q));
    where += ` AND ${USERNAME_KEY} LIKE $${params.length}`;
  }
  return queryRows(
    q,
    rowsOf({ _id: col.idText, username: col.text, role: col.text }),
    `SELECT id::text AS "_id", username, role FROM accounts WHERE path LIKE $1 AND deleted_at IS NULL AND role <> 'pool'${where} ORDER BY ${USERNAME_KEY} LIMIT $2`,
    params,
  );
}

const dayPlayRow = rowsOf({ day: col.text, play: col.cents, win: col.cents });

/**
 * Play and wins per calendar day under an account: per-day aggregates, never the tickets. An admin's
 * figures are kept under its id per day and game; the root's subtree holds every player, so its
 * figures are every admin's, a few rows a day; anyone else's are its players' days.
 */
export async function playByDay(q: Queryable, view: { id: number; path: string; role: string }, days: { from: string; to: string }): Promise<Map<string, { playCents: bigint; winCents: bigint }>> {
  const rows =
    view.role === GAME_TIER
      ? await queryRows(q, dayPlayRow, `SELECT day::text AS day, sum(play)::text AS play, sum(win)::text AS win FROM admin_game_days WHERE admin_id = $1 AND day BETWEEN $2 AND $3 GROUP BY day`, [view.id, days.from, days.to])
      : view.role === ROOT_TIER.role
        ? await queryRows(q, dayPlayRow, `SELECT day::text AS day, sum(play)::text AS play, sum(win)::text AS win FROM admin_game_days WHERE day BETWEEN $1 AND $2 GROUP BY day`, [days.from, days.to])
        : await queryRows(
            q,
            dayPlayRow,
            `SELECT d.day::text AS day, sum(d.play)::text AS play, sum(d.win)::text AS win FROM player_days d JOIN accounts p ON p.id = d.player_id
              WHERE p.path LIKE $1 AND d.day BETWEEN $2 AND $3 GROUP BY d.day`,
            [`${view.path}%`, days.from, days.to],
          );
  return new Map(rows.map((r) => [r.day.slice(0, 10), { playCents: r.play, winCents: r.win }]));
}
