import type { FastifyInstance } from 'fastify';
import { countdown, roundWindow } from '../../domain/games';
import { centsToPoints } from '../../domain/money';
import { requireCaller } from '../auth/plugin';
import type { Caller } from '../access/caller';
import { coded } from '../http/errors';
import { serve } from '../http/endpoint';
import { placeBet } from './bets';
import { lastResults, loadGame } from './console.service';
import { playerTickets } from './history.repository';
import { adminOf } from './repository';
import { LEAF_TIER } from '../../resources.config';
import { ticketRow, ticketStatus } from './ticketRow';
import { loadRunnableAdmin } from './access';
import { PLAYER_ENDPOINTS as E } from './player.endpoints';

const requirePlayer = (caller: Caller): Caller => {
  if (caller.role !== LEAF_TIER) throw coded(403, 'playersOnly');
  return caller;
};

/** The player API: bets, own tickets, results of the own admin's rounds, the round timer. */
export async function playerRoutes(
  app: FastifyInstance,
  opts: { onBet?: (adminId: number, gameId: string) => void },
) {
  const { db, realtime } = app;

  serve(
    app,
    E.bet,
    async (req, reply) => {
      const player = requirePlayer(requireCaller(req));
      const lines = req.body.draws.map((d) => ({ option: d.drawno, qty: d.drawqty }));
      const bet = await placeBet(db, { id: player.id, path: player.path }, req.body.gameId, lines);
      realtime.walletsChanged([player.id]);
      opts.onBet?.(bet.adminId, req.body.gameId);
      return reply.code(201).send({
        success: true,
        message: 'Bet placed.',
        data: { ticketId: bet.ticketId, roundId: bet.roundId, drawno: bet.drawNo, playpoints: centsToPoints(bet.stakeCents), walletBalance: centsToPoints(bet.balanceCents) },
      });
    },
  );

  serve(
    app,
    E.tickets,
    async (req) => {
      const player = requirePlayer(requireCaller(req));
      const { page, limit, gameId } = req.query;
      const { total, tickets } = await playerTickets(db, player.id, { gameId, limit, offset: (page - 1) * limit });
      return {
        success: true,
        total,
        data: tickets.map((x) => ({ ...ticketRow(x), status: ticketStatus(x), createdAt: x.createdAt })),
      };
    },
  );

  serve(app, E.lastResults, async (req) => {
    const player = requirePlayer(requireCaller(req));
    const game = await loadGame(db, req.query.gameId);
    const adminId = await adminOf(db, player.path);
    if (adminId === null) throw coded(404, 'noAdminAbove');
    return { success: true, data: await lastResults(db, adminId, game) };
  });

  serve(app, E.timer, async (req) => {
    const caller = requireCaller(req);
    if (req.query.adminId !== undefined && caller.role !== LEAF_TIER) await loadRunnableAdmin(db, caller, req.query.adminId);
    const game = await loadGame(db, req.query.gameId);
    const now = new Date();
    const w = roundWindow(now, game.row.timeSeconds);
    return { success: true, data: { time: countdown(now, w.closesAt), drawno: w.drawNo, closesAt: w.closesAt.toISOString() } };
  });
}
