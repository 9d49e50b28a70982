import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToPoints } from '../../domain/money';
import { dayKey, dayRange, parseDate } from '../../domain/periods';
import { requireCaller } from '../auth/plugin';
import type { Caller } from '../auth/caller';
import type { Database } from '../db/client';
import { findRef, parseId } from '../accounts/repository';
import { inSubtree } from '../accounts/access';
import { badRequest, forbidden, notFound } from '../http/errors';
import { ticketRow } from './ticketRow';

const STAFF_ONLY = 'Only staff accounts read game history.';
const requireStaff = (caller: Caller) => {
  if (caller.role === 'player') throw forbidden(STAFF_ONLY);
  return caller;
};

const historyQuery = z.object({
  gameId: z.string().optional(),
  userId: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  tdate: z.string().optional(),
  id: z.string().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** The tickets' time window: a single date (tdate) wins over the range; no dates is today. */
function windowOf(q: { startDate?: string | undefined; endDate?: string | undefined; tdate?: string | undefined }, now = new Date()) {
  if (q.tdate) {
    const d = parseDate(q.tdate);
    if (!d) throw badRequest('The date is not a valid date.', 'tdate');
    return dayRange(d, d);
  }
  const start = q.startDate ? parseDate(q.startDate) : null;
  const end = q.endDate ? parseDate(q.endDate) : null;
  if ((q.startDate && !start) || (q.endDate && !end)) throw badRequest('The date range is not valid.', 'startDate');
  return { start: start ?? dayRange(now, now).start, end: end ?? dayRange(now, now).end };
}

/** Bet List (Game History): tickets of the players below the caller, with totals over the whole filter. */
export async function historyRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/history/gamehistory', { schema: { querystring: historyQuery } }, async (req) => {
    const caller = requireStaff(requireCaller(req));
    const q = req.query;
    const range = windowOf(q);
    const params: unknown[] = [`${caller.path}%`, range.start, range.end];
    let where = `p.path LIKE $1 AND t.created_at BETWEEN $2 AND $3`;
    if (q.gameId) {
      params.push(q.gameId);
      where += ` AND g.game_id = $${params.length}`;
    }
    if (q.userId) {
      const user = await findRef(db, parseId(q.userId));
      if (!user || !inSubtree(caller, user)) throw notFound('No player with this id under you.');
      params.push(user.id);
      where += ` AND t.player_id = $${params.length}`;
    }
    const from = `FROM tickets t JOIN accounts p ON p.id = t.player_id JOIN games g ON g.id = t.game_id JOIN rounds r ON r.id = t.round_id WHERE ${where}`;
    const [totals] = await db.query(`SELECT count(*)::int AS n, coalesce(sum(t.stake), 0)::text AS play, coalesce(sum(t.win), 0)::text AS win ${from}`, params);
    const rows = await db.query(
      `SELECT t.id, p.username, g.game_id, g.game_name, r.draw_no, r.opens_at, r.closes_at, t.stake::text AS stake, t.win::text AS win, r.result, t.settled_at
       ${from} ORDER BY t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.limit, (q.page - 1) * q.limit],
    );
    const play = BigInt(String(totals.play));
    const win = BigInt(String(totals.win));
    return {
      success: true,
      total: Number(totals.n),
      totals: { play: centsToPoints(play), win: centsToPoints(win), end: centsToPoints(play - win) },
      data: rows.map((x) => ({ ...ticketRow(x), username: String(x.username) })),
    };
  });

  r.get('/history/getdetailsbyticketid', { schema: { querystring: z.object({ ticketId: z.string(), gameId: z.string().optional() }) } }, async (req) => {
    const caller = requireCaller(req);
    const ticketId = parseId(req.query.ticketId);
    const rows =
      ticketId === null
        ? []
        : await db.query(
            `SELECT l.option, l.qty, l.stake::text AS stake, r.draw_no FROM tickets t JOIN accounts p ON p.id = t.player_id
               JOIN ticket_lines l ON l.ticket_id = t.id JOIN rounds r ON r.id = t.round_id
              WHERE t.id = $1 AND (p.path LIKE $2 OR p.id = $3) ORDER BY l.option`,
            [ticketId, `${caller.path}%`, caller.id],
          );
    if (rows.length === 0) return { success: false, data: [], message: 'No ticket data available.' };
    return {
      success: true,
      message: '',
      data: rows.map((x) => ({ ticketid: String(ticketId), drawno: String(x.option), round: Number(x.draw_no), drawqty: Number(x.qty), drawtotal: centsToPoints(String(x.stake)) })),
    };
  });

  r.get('/history/loadUsers', { schema: { querystring: z.object({ id: z.string().optional() }) } }, async (req) => {
    const caller = requireStaff(requireCaller(req));
    const rows = await db.query(
      `SELECT id::text AS "_id", username FROM accounts WHERE role = 'player' AND deleted_at IS NULL AND path LIKE $1 ORDER BY username LIMIT 5000`,
      [`${caller.path}%`],
    );
    return { success: true, data: rows };
  });

  r.get('/history/loadGames', { schema: { querystring: z.object({ id: z.string().optional() }) } }, async (req) => {
    requireStaff(requireCaller(req));
    const rows = await db.query(`SELECT game_id AS "gameId", game_name AS "gameName" FROM games WHERE deleted_at IS NULL ORDER BY id`);
    return { success: true, data: rows };
  });

  r.get(
    '/onlinePlayer',
    { schema: { querystring: z.object({ loginid: z.string().optional(), page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(500).default(50) }) } },
    async (req) => {
      const caller = requireStaff(requireCaller(req));
      const { page, limit } = req.query;
      const rows = await db.query(
        `SELECT a.id, a.username, a.wallet_balance::text AS points, a.last_login,
                coalesce(d.play, 0)::text AS play, coalesce(d.win, 0)::text AS win,
                EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id AND s.revoked_at IS NULL AND s.expires_at > now()) AS online,
                count(*) OVER ()::int AS total
           FROM accounts a
           LEFT JOIN (SELECT player_id, sum(play) AS play, sum(win) AS win FROM daily_play WHERE day = $2 GROUP BY player_id) d ON d.player_id = a.id
          WHERE a.role = 'player' AND a.deleted_at IS NULL AND a.path LIKE $1
          ORDER BY online DESC, a.last_login DESC NULLS LAST, a.id LIMIT $3 OFFSET $4`,
        [`${caller.path}%`, dayKey(new Date()), limit, (page - 1) * limit],
      );
      return {
        success: true,
        total: rows[0] ? Number(rows[0].total) : 0,
        data: rows.map((x) => {
          const play = BigInt(String(x.play));
          const win = BigInt(String(x.win));
          return {
            _id: String(x.id),
            username: String(x.username),
            points: centsToPoints(String(x.points)),
            playPoints: centsToPoints(play),
            winPoints: centsToPoints(win),
            // Wins are credited at settlement: whatever was won today has been claimed.
            claimPoints: centsToPoints(win),
            endPoints: centsToPoints(play - win),
            isOnline: Boolean(x.online),
            lastLogin: x.last_login ?? null,
          };
        }),
      };
    },
  );
}
