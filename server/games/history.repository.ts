import type { Queryable } from '../db/client';
import { col, queryOne, queryRows, rowsOf, type Parsed } from '../db/rows';
import { GAME_TIER, LEAF_TIER } from '../../resources.config';
import { dayKey, dayRange } from '../../domain/periods';
import { prefixPattern, USERNAME_KEY } from '../http/picker';

/** A ticket with its game and round, as the bet list and a player's own list show it. */
export interface TicketRecord {
  id: string;
  gameId: string;
  gameName: string;
  drawNo: number;
  opensAt: Date;
  closesAt: Date;
  stakeCents: bigint;
  winCents: bigint;
  /** The round's result option; null until it is settled. */
  result: string | null;
  settledAt: Date | null;
  /** Its round was voided and the stake went back (server/games/voidRound.ts). */
  refunded: boolean;
}

/** The ticket columns `toTicket` reads (every query below selects them under these names). */
const TICKET_COLUMNS = `t.id, g.game_id, g.game_name, r.draw_no, r.opens_at, r.closes_at, t.stake::text AS stake, t.win::text AS win, r.result, t.settled_at, t.refunded_at IS NOT NULL AS refunded`;

const ticketKinds = {
  id: col.idText,
  game_id: col.text,
  game_name: col.text,
  draw_no: col.int,
  opens_at: col.date,
  closes_at: col.date,
  stake: col.cents,
  win: col.cents,
  result: col.nullable(col.text),
  settled_at: col.nullable(col.date),
  refunded: col.bool,
};
const betListRow = rowsOf({ ...ticketKinds, username: col.text });
const playerTicketRow = rowsOf({ ...ticketKinds, created_at: col.date, total: col.int });

const toTicket = (r: Parsed<typeof ticketKinds>): TicketRecord => ({
  id: r.id,
  gameId: r.game_id,
  gameName: r.game_name,
  drawNo: r.draw_no,
  opensAt: r.opens_at,
  closesAt: r.closes_at,
  stakeCents: r.stake,
  winCents: r.win,
  result: r.result,
  settledAt: r.settled_at,
  refunded: r.refunded,
});

const countRow = rowsOf({ n: col.int });
const sumsRow = rowsOf({ play: col.cents, win: col.cents });

/** Which tickets the bet list covers: players under a path, a time window, optionally one game and one player. */
export interface BetFilter {
  underPath: string;
  /** Whether the caller's subtree is whole admins (the root or an admin): its tickets are those of its admins. */
  wholeAdmins: boolean;
  start: Date;
  end: Date;
  gameId?: string | undefined;
  playerId?: number | undefined;
}

/** Whether a window is whole calendar days, so that the per-day rows hold its sums exactly. */
const wholeDays = (start: Date, end: Date) => {
  const d = dayRange(start, end);
  return d.start.getTime() === start.getTime() && d.end.getTime() === end.getTime();
};

/** An hour, in ms: ticket_hours counts the tickets of each UTC hour (hours since 1970). */
const HOUR_MS = 3_600_000;

/**
 * Bet List (Game History): one page of tickets, newest first, with the count and sums over the whole
 * filter (the screen's totals row). The tickets are picked by their own columns (admin, player,
 * game, time) through the tickets' indexes, never by joining every ticket to its player's path; only
 * the page's rows are joined to their player, game and round. The root's and an admin's count sums
 * ticket_hours over the window's whole hours and counts the tickets of its two part hours; a
 * narrower caller's reads an index. The play and win sums of an admin's or the root's whole days
 * come from admin_game_days, the sums the bet path keeps; a narrower filter sums its tickets.
 */
export async function betHistory(
  q: Queryable,
  f: BetFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; playCents: bigint; winCents: bigint; tickets: (TicketRecord & { username: string })[] }> {
  const params: unknown[] = [f.start, f.end];
  // The caller's admins by id, read first: the planner then knows how many tickets they select
  // (a subquery here was taken for a few tickets, and the page sorted every ticket of the month).
  const admins =
    f.playerId === undefined && f.wholeAdmins
      ? (await queryRows(q, rowsOf({ id: col.idText }), `SELECT id::text AS id FROM accounts WHERE role = '${GAME_TIER}' AND path LIKE $1`, [`${f.underPath}%`])).map((r) => r.id)
      : undefined;
  const adminsParam = admins ? `$${params.push(admins)}::bigint[]` : '';
  let who =
    f.playerId !== undefined
      ? `t.player_id = $${params.push(f.playerId)}`
      : admins?.length === 1
        ? // One admin as a value, not a one-element array: only then does the (admin_id, id) index give the page in id order.
          `t.admin_id = (${adminsParam})[1]`
        : admins
          ? `t.admin_id = ANY(${adminsParam})`
          : `t.player_id IN (SELECT id FROM accounts WHERE role = '${LEAF_TIER}' AND path LIKE $${params.push(`${f.underPath}%`)})`;
  const game = f.gameId ? `(SELECT id FROM games WHERE game_id = $${params.push(f.gameId)})` : undefined;
  if (game) who += ` AND t.game_id = ${game}`;
  const where = `${who} AND t.created_at BETWEEN $1 AND $2`;
  const bySums = admins !== undefined && wholeDays(f.start, f.end);
  // The whole UTC hours inside the window, [first, last): their tickets are counted in ticket_hours.
  const first = Math.ceil(f.start.getTime() / HOUR_MS);
  const last = Math.floor(f.end.getTime() / HOUR_MS);
  const byHours = admins !== undefined && first < last;
  const counted = byHours
    ? await queryOne(
        q,
        countRow,
        `SELECT (SELECT coalesce(sum(h.tickets), 0) FROM ticket_hours h
                  WHERE h.admin_id = ANY(${adminsParam}) AND h.hour >= $${params.length + 1} AND h.hour < $${params.length + 2}${game ? ` AND h.game_id = ${game}` : ''})
              + (SELECT count(*) FROM tickets t WHERE ${who} AND t.created_at >= $1 AND t.created_at < $${params.length + 3})
              + (SELECT count(*) FROM tickets t WHERE ${who} AND t.created_at >= $${params.length + 4} AND t.created_at <= $2) AS n`,
        [...params, first, last, new Date(first * HOUR_MS), new Date(last * HOUR_MS)],
      )
    : await queryOne(q, countRow, `SELECT count(*) AS n FROM tickets t WHERE ${where}`, params);
  const count = counted.n;
  // A page past the end is known empty from the count: no walk over every ticket to find nothing.
  const [summed, rows] = await Promise.all([
    bySums
      ? queryOne(
          q,
          sumsRow,
          `SELECT coalesce(sum(play), 0)::text AS play, coalesce(sum(win), 0)::text AS win FROM admin_game_days
            WHERE admin_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date
              ${f.gameId ? ` AND game_id = (SELECT id FROM games WHERE game_id = $4)` : ''}`,
          [admins, dayKey(f.start), dayKey(f.end), ...(f.gameId ? [f.gameId] : [])],
        )
      : // A refunded stake is no play: the totals leave it out, as the reports do (the row still shows it).
        queryOne(q, sumsRow, `SELECT coalesce(sum(t.stake) FILTER (WHERE t.refunded_at IS NULL), 0)::text AS play, coalesce(sum(t.win), 0)::text AS win FROM tickets t WHERE ${where}`, params),
    page.offset >= count
      ? []
      : queryRows(
          q,
          betListRow,
          `SELECT ${TICKET_COLUMNS}, p.username
             FROM (SELECT t.id FROM tickets t WHERE ${where} ORDER BY t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}) page
             JOIN tickets t ON t.id = page.id JOIN accounts p ON p.id = t.player_id JOIN games g ON g.id = t.game_id JOIN rounds r ON r.id = t.round_id
            ORDER BY t.id DESC`,
          [...params, page.limit, page.offset],
        ),
  ]);
  return {
    count,
    playCents: summed.play,
    winCents: summed.win,
    tickets: rows.map((r) => ({ ...toTicket(r), username: r.username })),
  };
}

/** One line of a ticket: the option, its quantity and stake. */
export interface TicketLine {
  /** The ticket's game (the option key is read with its declaration). */
  gameId: string;
  option: string;
  qty: number;
  stakeCents: bigint;
  drawNo: number;
  /** The ticket's round was voided and its stake refunded. */
  refunded: boolean;
}

/** The lines of a ticket, if the ticket is the viewer's own or a player's under it; empty otherwise. */
export async function ticketLines(q: Queryable, ticketId: number, viewer: { id: number; path: string }): Promise<TicketLine[]> {
  const rows = await queryRows(
    q,
    rowsOf({ game_id: col.text, option: col.text, qty: col.int, stake: col.cents, draw_no: col.int, refunded: col.bool }),
    `SELECT g.game_id, l.option, l.qty, l.stake::text AS stake, r.draw_no, t.refunded_at IS NOT NULL AS refunded FROM tickets t JOIN accounts p ON p.id = t.player_id
       JOIN ticket_lines l ON l.ticket_id = t.id JOIN rounds r ON r.id = t.round_id JOIN games g ON g.id = t.game_id
      WHERE t.id = $1 AND (p.path LIKE $2 OR p.id = $3) ORDER BY l.option`,
    [ticketId, `${viewer.path}%`, viewer.id],
  );
  return rows.map((r) => ({ gameId: r.game_id, option: r.option, qty: r.qty, stakeCents: r.stake, drawNo: r.draw_no, refunded: r.refunded }));
}

/** A player's own tickets, newest first, optionally of one game, with the total before paging. */
export async function playerTickets(
  q: Queryable,
  playerId: number,
  p: { gameId?: string | undefined; limit: number; offset: number },
): Promise<{ total: number; tickets: (TicketRecord & { createdAt: Date })[] }> {
  const where = `t.player_id = $1${p.gameId ? ' AND g.game_id = $4' : ''}`;
  const rows = await queryRows(
    q,
    playerTicketRow,
    `SELECT ${TICKET_COLUMNS}, t.created_at, count(*) OVER ()::int AS total
       FROM tickets t JOIN rounds r ON r.id = t.round_id JOIN games g ON g.id = t.game_id
      WHERE ${where} ORDER BY t.id DESC LIMIT $2 OFFSET $3`,
    [playerId, p.limit, p.offset, ...(p.gameId ? [p.gameId] : [])],
  );
  return { total: rows[0]?.total ?? 0, tickets: rows.map((r) => ({ ...toTicket(r), createdAt: r.created_at })) };
}

/** The live players under a path whose username starts with `q`, by username, at most `limit` (the bet list's player filter). */
export async function playersUnder(q: Queryable, path: string, search: { q?: string | undefined; limit: number }): Promise<{ _id: string; username: string }[]> {
  const params: unknown[] = [`${path}%`, LEAF_TIER, search.limit];
  if (search.q) params.push(prefixPattern(search.q));
  return queryRows(
    q,
    rowsOf({ _id: col.idText, username: col.text }),
    `SELECT id::text AS "_id", username FROM accounts WHERE role = $2 AND deleted_at IS NULL AND path LIKE $1 ${search.q ? `AND ${USERNAME_KEY} LIKE $4` : ''}
      ORDER BY ${USERNAME_KEY} LIMIT $3`,
    params,
  );
}

/** Every undeleted game's gameId and name (the bet list's game filter). */
export async function gameNames(q: Queryable): Promise<{ gameId: string; gameName: string }[]> {
  return queryRows(q, rowsOf({ gameId: col.text, gameName: col.text }), `SELECT game_id AS "gameId", game_name AS "gameName" FROM games WHERE deleted_at IS NULL ORDER BY id`);
}

/** A player on the Online Players screen: its wallet, the day's play and whether a session is open. */
export interface OnlinePlayer {
  id: string;
  username: string;
  balanceCents: bigint;
  playCents: bigint;
  winCents: bigint;
  online: boolean;
  lastLogin: Date | null;
}

// One row per player of the page under the total; a page past the end is the total alone (LEFT JOIN), its player columns null.
const onlineRow = rowsOf({
  total: col.int,
  id: col.nullable(col.idText),
  username: col.nullable(col.text),
  points: col.nullable(col.cents),
  last_login: col.nullable(col.date),
  play: col.nullable(col.cents),
  win: col.nullable(col.cents),
  online: col.nullable(col.bool),
});

/**
 * The players under a path, online ones first (last login newest first, then id, in each part), with
 * the play of one day; the total before paging. The page is picked on the accounts' own columns: the
 * online ones are the few with a live session, the rest are walked in an index of that order (from
 * its far end for a page past the middle, counted from the live players' total); only the page's
 * rows get their day's play. One statement, so the total, the online set and the page agree.
 */
export async function onlinePlayers(q: Queryable, p: { underPath: string; day: string; limit: number; offset: number }): Promise<{ total: number; players: OnlinePlayer[] }> {
  const live = `a.role = $5 AND a.deleted_at IS NULL AND a.path LIKE $1`;
  // Each live session's account looked up by its key (OFFSET 0 keeps it a lookup): a join was
  // planned as a read of every player to meet a few thousand sessions. Each part of the page is
  // limited, and the whole: the planner then joins a page's rows, not every account, to the page.
  const found = await queryRows(
    q,
    onlineRow,
    `WITH online AS MATERIALIZED (
            SELECT a.id, a.last_login FROM (SELECT DISTINCT s.account_id FROM sessions s WHERE s.revoked_at IS NULL AND s.expires_at > now()) s
              CROSS JOIN LATERAL (SELECT a.id, a.last_login FROM accounts a WHERE a.id = s.account_id AND ${live} OFFSET 0) a),
          c AS MATERIALIZED (SELECT (SELECT count(*) FROM accounts a WHERE ${live}) AS total, (SELECT count(*) FROM online) AS online),
          n AS MATERIALIZED (
            SELECT total, total - online AS offline, greatest($4::bigint - online, 0) AS lo, least(greatest($4::bigint + $3::bigint - online, 0), total - online) AS hi FROM c),
          page AS MATERIALIZED (SELECT * FROM (
            (SELECT id, true AS online FROM online ORDER BY last_login DESC NULLS LAST, id LIMIT $3 OFFSET $4)
            UNION ALL
            (SELECT a.id, false FROM accounts a WHERE ${live} AND a.id NOT IN (SELECT id FROM online)
              ORDER BY a.last_login DESC NULLS LAST, a.id
              LIMIT (SELECT CASE WHEN lo < hi AND lo <= offline - hi THEN hi - lo ELSE 0 END FROM n) OFFSET (SELECT lo FROM n))
            UNION ALL
            (SELECT a.id, false FROM accounts a WHERE ${live} AND a.id NOT IN (SELECT id FROM online)
              ORDER BY a.last_login ASC NULLS FIRST, a.id DESC
              LIMIT (SELECT CASE WHEN lo < hi AND lo > offline - hi THEN hi - lo ELSE 0 END FROM n) OFFSET (SELECT offline - hi FROM n))) u LIMIT $3)
     SELECT n.total, x.* FROM n LEFT JOIN (
       SELECT a.id, a.username, a.wallet_balance::text AS points, a.last_login,
              coalesce(d.play, 0)::text AS play, coalesce(d.win, 0)::text AS win, page.online
         FROM page JOIN accounts a ON a.id = page.id
         LEFT JOIN LATERAL (SELECT sum(dp.play) AS play, sum(dp.win) AS win FROM daily_play dp WHERE dp.player_id = a.id AND dp.day = $2) d ON true) x ON true
     ORDER BY x.online DESC, x.last_login DESC NULLS LAST, x.id`,
    [`${p.underPath}%`, p.day, p.limit, p.offset, LEAF_TIER],
  );
  return {
    total: found[0]?.total ?? 0,
    players: found.flatMap((r) =>
      r.id === null || r.username === null || r.points === null || r.play === null || r.win === null || r.online === null
        ? []
        : [{ id: r.id, username: r.username, balanceCents: r.points, playCents: r.play, winCents: r.win, online: r.online, lastLogin: r.last_login }],
    ),
  };
}
