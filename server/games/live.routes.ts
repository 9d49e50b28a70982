import type { FastifyInstance } from 'fastify';
import { subject } from '../../domain/activity';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pointsToCents } from '../../domain/money';
import { requireCaller } from '../auth/plugin';
import { parseId } from '../accounts/repository';
import { coded } from '../http/errors';
import { schemaMessage } from '../http/schemaMessages';
import { loadRunnableAdmin } from './access';
import { consoleData, decisionOf, moveBalance, queueResult } from './console.service';
import { API_PATHS } from '../../domain/apiPaths';
import { GAME_REPLIES } from './schemas';

// The console bodies extend this: there its messages are answered (a query value answers badParameter).
const consoleQuery = z.object({
  adminId: z.string({ error: schemaMessage('required', { field: 'adminId' }) }),
  gameId: z.string({ error: schemaMessage('required', { field: 'gameId' }) }),
});
const text = z.union([z.string(), z.number()]).transform(String);

/** The live result consoles: console data, Add / Reset Balance, SAVE of a result, the decision audit. */
export async function liveRoutes(app: FastifyInstance, opts: { onConsole?: (adminId: number, gameId: string) => void }) {
  const { db, realtime } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(API_PATHS.loadConsole, { schema: { querystring: consoleQuery, response: GAME_REPLIES.loadConsole } }, async (req) => {
    const admin = await loadRunnableAdmin(db, requireCaller(req), req.query.adminId);
    return { success: true, data: await consoleData(db, admin.id, req.query.gameId) };
  });

  r.post(
    API_PATHS.addBalance,
    {
      schema: {
        body: consoleQuery.extend({
          adminId: text,
          balance: z.union([z.string(), z.number()]).optional(),
          type: z.enum(['add', 'remove'], { error: schemaMessage('balanceType') }),
        }),
        response: GAME_REPLIES.addBalance,
      },
      config: { subject: subject('gameBalance') },
    },
    async (req) => {
      const caller = requireCaller(req);
      const admin = await loadRunnableAdmin(db, caller, req.body.adminId);
      const cents = req.body.balance === undefined ? null : pointsToCents(req.body.balance);
      // A positive amount refused for its decimals says the real rule (points are never rounded).
      if (req.body.type === 'add' && cents === null && Number(req.body.balance) > 0)
        throw coded(400, 'balanceDecimals', {}, 'balance');
      const out = await moveBalance(db, caller.id, admin.id, req.body.gameId, { type: req.body.type, cents });
      realtime.walletsChanged([admin.id]);
      opts.onConsole?.(admin.id, req.body.gameId);
      const message = req.body.type === 'add' ? 'Balance added successfully!' : out.moved === 0 ? 'Nothing to reset: the pool holds no points.' : 'Balance Reset successfully!';
      return { success: true, message, data: out };
    },
  );

  r.post(
    API_PATHS.addResult,
    {
      schema: {
        body: consoleQuery.extend({
          adminId: text,
          result: text,
          boosterValue: z.coerce.number().int().default(1),
          color: z.string().optional(),
          type: z.string().optional(),
        }),
        response: GAME_REPLIES.addResult,
      },
      config: { subject: subject('consoleResult') },
    },
    async (req) => {
      const caller = requireCaller(req);
      const admin = await loadRunnableAdmin(db, caller, req.body.adminId);
      const data = await queueResult(db, caller.id, admin.id, req.body.gameId, {
        result: req.body.result,
        color: req.body.color,
        type: req.body.type,
        booster: req.body.boosterValue,
      });
      return { success: true, message: 'Result added successfully!', data };
    },
  );

  r.get(API_PATHS.decision, { schema: { params: z.object({ roundId: z.string() }), querystring: z.object({ adminId: z.string() }), response: GAME_REPLIES.decision } }, async (req) => {
    const admin = await loadRunnableAdmin(db, requireCaller(req), req.query.adminId);
    const roundId = parseId(req.params.roundId);
    if (roundId === null) throw coded(404, 'noSettledRound');
    return { success: true, data: await decisionOf(db, admin.id, roundId) };
  });
}
