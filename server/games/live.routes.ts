import type { FastifyInstance } from 'fastify';
import { pointsToCents } from '../../domain/money';
import { requireCaller } from '../auth/plugin';
import { parseId } from '../accounts/repository';
import { coded } from '../http/errors';
import { serve } from '../http/endpoint';
import { loadRunnableAdmin } from './access';
import { consoleData, decisionOf, moveBalance, queueResult } from './console.service';
import { LIVE_ENDPOINTS as E } from './live.endpoints';

/** The live result consoles: console data, Add / Reset Balance, SAVE of a result, the decision audit. */
export async function liveRoutes(app: FastifyInstance, opts: { onConsole?: (adminId: number, gameId: string) => void }) {
  const { db, realtime } = app;

  serve(app, E.console, async (req) => {
    const admin = await loadRunnableAdmin(db, requireCaller(req), req.query.adminId);
    return { success: true, data: await consoleData(db, admin.id, req.query.gameId) };
  });

  serve(
    app,
    E.addBalance,
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

  serve(
    app,
    E.addResult,
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

  serve(app, E.decision, async (req) => {
    const admin = await loadRunnableAdmin(db, requireCaller(req), req.query.adminId);
    const roundId = parseId(req.params.roundId);
    if (roundId === null) throw coded(404, 'noSettledRound');
    return { success: true, data: await decisionOf(db, admin.id, roundId) };
  });
}
