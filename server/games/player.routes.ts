import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countdown, roundWindow } from '../../domain/games';
import { centsToPoints } from '../../domain/money';
import { requireCaller } from '../auth/plugin';
import type { Caller } from '../access/caller';
import { coded } from '../http/errors';
import { schemaMessage } from '../http/schemaMessages';
import { placeBet } from './bets';
import { lastResults, loadGame } from './console.service';
import { playerTickets } from './history.repository';
import { adminOf } from './repository';
import { LEAF_TIER } from '../../resources.config';
import { ticketRow, ticketStatus } from './ticketRow';
import { loadRunnableAdmin } from './access';
import { API_PATHS } from '../../domain/apiPaths';
import { GAME_REPLIES } from './schemas';

// The bet's body extends this: there its message is answered (a query value answers badParameter).
const GAME_ID_REQUIRED = schemaMessage('required', { field: 'gameId' });
const gameQuery = z.object({ gameId: z.string({ error: GAME_ID_REQUIRED }).min(1, GAME_ID_REQUIRED) });

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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API_PATHS.createBet,
    {
      schema: {
        body: gameQuery.extend({
          draws: z
            .array(z.object({ drawno: z.union([z.string(), z.number()]).transform(String), drawqty: z.number({ error: schemaMessage('drawqtyNumber') }) }), {
              error: schemaMessage('drawsList'),
            })
            .max(1200, schemaMessage('tooManyOptions')),
        }),
        response: GAME_REPLIES.createBet,
      },
      config: { log: false },
    },
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

  r.get(
    API_PATHS.tickets,
    { schema: { querystring: z.object({ gameId: z.string().optional(), page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(20) }), response: GAME_REPLIES.tickets } },
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

  r.get(API_PATHS.lastResults, { schema: { querystring: gameQuery, response: GAME_REPLIES.lastResults } }, async (req) => {
    const player = requirePlayer(requireCaller(req));
    const game = await loadGame(db, req.query.gameId);
    const adminId = await adminOf(db, player.path);
    if (adminId === null) throw coded(404, 'noAdminAbove');
    return { success: true, data: await lastResults(db, adminId, game) };
  });

  // Rounds follow the clock, so every admin's round of a game closes at the same moment: `adminId`
  // (what operators pass) is accepted and checked, and the countdown depends on the game alone.
  r.get(API_PATHS.timer, { schema: { querystring: gameQuery.extend({ adminId: z.string().optional() }), response: GAME_REPLIES.timer } }, async (req) => {
    const caller = requireCaller(req);
    if (req.query.adminId !== undefined && caller.role !== LEAF_TIER) await loadRunnableAdmin(db, caller, req.query.adminId);
    const game = await loadGame(db, req.query.gameId);
    const now = new Date();
    const w = roundWindow(now, game.row.timeSeconds);
    return { success: true, data: { time: countdown(now, w.closesAt), drawno: w.drawNo, closesAt: w.closesAt.toISOString() } };
  });
}
