import type { FastifyInstance } from 'fastify';
import { centsToPoints } from '../../domain/money';
import { dayKey, dayRange, parseDate } from '../../domain/periods';
import { requireCaller } from '../auth/plugin';
import type { Caller } from '../access/caller';
import { findRef, parseId } from '../accounts/repository';
import { inSubtree } from '../access/accounts';
import { coded } from '../http/errors';
import { serve } from '../http/endpoint';
import { GAME_TIER, isStaff, optionLabel, ROOT_TIER } from '../../resources.config';
import { betHistory, gameNames, onlinePlayers, playersUnder, ticketLines } from './history.repository';
import { ticketRow } from './ticketRow';
import { HISTORY_ENDPOINTS as E } from './history.endpoints';

const requireStaff = (caller: Caller) => {
  if (!isStaff(caller.role)) throw coded(403, 'staffHistoryOnly');
  return caller;
};

/** The tickets' time window: a single date (tdate) wins over the range; no dates is today. */
function windowOf(q: { startDate?: string | undefined; endDate?: string | undefined; tdate?: string | undefined }, now = new Date()) {
  if (q.tdate) {
    const d = parseDate(q.tdate);
    if (!d) throw coded(400, 'dateNotValid', {}, 'tdate');
    return dayRange(d, d);
  }
  const start = q.startDate ? parseDate(q.startDate) : null;
  const end = q.endDate ? parseDate(q.endDate) : null;
  if ((q.startDate && !start) || (q.endDate && !end)) throw coded(400, 'dateRangeNotValid', {}, 'startDate');
  return { start: start ?? dayRange(now, now).start, end: end ?? dayRange(now, now).end };
}

/** Bet List (Game History): tickets of the players below the caller, with totals over the whole filter. */
export async function historyRoutes(app: FastifyInstance) {
  const { db } = app;

  serve(app, E.bets, async (req) => {
    const caller = requireStaff(requireCaller(req));
    const q = req.query;
    const range = windowOf(q);
    let playerId: number | undefined;
    if (q.userId) {
      const user = await findRef(db, parseId(q.userId));
      if (!user || !inSubtree(caller, user)) throw coded(404, 'noPlayerUnder');
      playerId = user.id;
    }
    const { count, playCents: play, winCents: win, tickets } = await betHistory(
      db,
      { underPath: caller.path, wholeAdmins: caller.role === ROOT_TIER.role || caller.role === GAME_TIER, start: range.start, end: range.end, gameId: q.gameId, playerId },
      { limit: q.limit, offset: (q.page - 1) * q.limit },
    );
    return {
      success: true,
      total: count,
      totals: { play: centsToPoints(play), win: centsToPoints(win), end: centsToPoints(play - win) },
      data: tickets.map((x) => ({ ...ticketRow(x), username: x.username })),
    };
  });

  serve(app, E.ticket, async (req) => {
    const caller = requireCaller(req);
    const ticketId = parseId(req.query.ticketId);
    const rows = ticketId === null ? [] : await ticketLines(db, ticketId, caller);
    if (rows.length === 0) return { success: false, data: [], message: 'No ticket data available.' };
    return {
      success: true,
      message: '',
      // drawno keeps the option key the spec's clients send back; label is what people read.
      data: rows.map((x) => ({ ticketid: String(ticketId), drawno: x.option, label: optionLabel(x.gameId, x.option), round: x.drawNo, drawqty: x.qty, drawtotal: centsToPoints(x.stakeCents), refunded: x.refunded })),
    };
  });

  serve(app, E.users, async (req) => {
    const caller = requireStaff(requireCaller(req));
    return { success: true, data: await playersUnder(db, caller.path, req.query) };
  });

  serve(app, E.games, async (req) => {
    requireStaff(requireCaller(req));
    return { success: true, data: await gameNames(db) };
  });

  serve(
    app,
    E.onlinePlayers,
    async (req) => {
      const caller = requireStaff(requireCaller(req));
      const { page, limit } = req.query;
      const { total, players } = await onlinePlayers(db, { underPath: caller.path, day: dayKey(new Date()), limit, offset: (page - 1) * limit });
      return {
        success: true,
        total,
        data: players.map((x) => {
          const play = x.playCents;
          const win = x.winCents;
          return {
            _id: x.id,
            username: x.username,
            points: centsToPoints(x.balanceCents),
            playPoints: centsToPoints(play),
            winPoints: centsToPoints(win),
            // Wins are credited at settlement: whatever was won today has been claimed.
            claimPoints: centsToPoints(win),
            endPoints: centsToPoints(play - win),
            isOnline: x.online,
            lastLogin: x.lastLogin,
          };
        }),
      };
    },
  );
}
