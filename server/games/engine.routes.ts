import type { FastifyInstance } from 'fastify';
import type { EngineStatus, FailingRound } from '../../domain/api';
import { requireCaller } from '../auth/plugin';
import { coded } from '../http/errors';
import { serve } from '../http/endpoint';
import { ROOT_TIER } from '../../resources.config';
import { adminScope, loadRunnableAdmin } from './access';
import { delayedRounds, namedRounds } from './delayed.repository';
import type { SettleRetries } from './retries';
import { roundsBehind } from './settle';
import { ENGINE_ENDPOINTS as E } from './engine.endpoints';

/**
 * The round engine's health. For the superadmin's dashboard: how many rounds wait past their close,
 * and which ones failed to settle on this instance (named, with an error code and the next try; the
 * error itself is in the log). For an admin's console and dashboard: its own rounds that wait.
 */
export async function engineRoutes(app: FastifyInstance, opts: { retries: SettleRetries }) {
  serve(app, E.status, async (req) => {
    const caller = requireCaller(req);
    if (caller.role !== ROOT_TIER.role) throw coded(403, 'engineSuperadminOnly');
    const behind = await roundsBehind(app.db);
    const book = opts.retries.list();
    const named = await namedRounds(app.db, book.map((f) => f.roundId));
    const failing = book.map((f): FailingRound => {
      const round = named.get(String(f.roundId));
      return {
        roundId: String(f.roundId),
        drawNo: round?.drawNo ?? null,
        gameName: round?.gameName ?? null,
        admin: round?.admin ?? null,
        attempts: f.attempts,
        code: f.code,
        lastAttemptAt: f.lastAt.toISOString(),
        nextAttemptAt: f.nextAt.toISOString(),
      };
    });
    const data: EngineStatus = { roundsBehind: behind.count, oldestClosedAt: behind.oldestClosedAt?.toISOString() ?? null, failing };
    return { success: true, data };
  });
  serve(app, E.delayed, async (req) => {
    const caller = requireCaller(req);
    const scope = req.query.adminId ? { adminId: (await loadRunnableAdmin(app.db, caller, req.query.adminId)).id } : adminScope(caller);
    const gameId = typeof req.query.gameId === 'string' && req.query.gameId !== '' ? req.query.gameId : undefined;
    return { success: true, data: await delayedRounds(app.db, scope, new Date(), { gameId }) };
  });
}
