import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../domain/apiPaths';
import type { EngineStatus, FailingRound } from '../../domain/api';
import { requireCaller } from '../auth/plugin';
import { coded } from '../http/errors';
import { queryText } from '../http/schemas';
import { ROOT_TIER } from '../../resources.config';
import { adminScope, loadRunnableAdmin } from './access';
import { delayedRounds, namedRounds } from './delayed.repository';
import type { SettleRetries } from './retries';
import { roundsBehind } from './settle';
import { GAME_REPLIES } from './schemas';

/**
 * The round engine's health. For the superadmin's dashboard: how many rounds wait past their close,
 * and which ones failed to settle on this instance (named, with an error code and the next try; the
 * error itself is in the log). For an admin's console and dashboard: its own rounds that wait.
 */
export async function engineRoutes(app: FastifyInstance, opts: { retries: SettleRetries }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(API_PATHS.engineStatus, { schema: { response: GAME_REPLIES.engine } }, async (req) => {
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
  // adminId: one admin's rounds (the console the superadmin opened for it); else all the caller's.
  r.get(API_PATHS.engineDelayed, { schema: { querystring: z.looseObject({ gameId: queryText, adminId: queryText }), response: GAME_REPLIES.engineDelayed } }, async (req) => {
    const caller = requireCaller(req);
    const scope = req.query.adminId ? { adminId: (await loadRunnableAdmin(app.db, caller, req.query.adminId)).id } : adminScope(caller);
    const gameId = typeof req.query.gameId === 'string' && req.query.gameId !== '' ? req.query.gameId : undefined;
    return { success: true, data: await delayedRounds(app.db, scope, new Date(), { gameId }) };
  });
}
