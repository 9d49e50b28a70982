import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../domain/apiPaths';
import { requireCaller } from '../auth/plugin';
import { coded } from '../http/errors';
import { ROOT_TIER } from '../../resources.config';
import type { SettleRetries } from './retries';
import { roundsBehind } from './settle';
import { GAME_REPLIES } from './schemas';

/**
 * The round engine's health for the superadmin's dashboard: how many rounds wait past their close,
 * and which ones failed to settle on this instance (with the error and the next try).
 */
export async function engineRoutes(app: FastifyInstance, opts: { retries: SettleRetries }) {
  app.withTypeProvider<ZodTypeProvider>().get(API_PATHS.engineStatus, { schema: { response: GAME_REPLIES.engine } }, async (req) => {
    const caller = requireCaller(req);
    if (caller.role !== ROOT_TIER.role) throw coded(403, 'engineSuperadminOnly');
    const behind = await roundsBehind(app.db);
    const failing = opts.retries.list().map((f) => ({
      roundId: String(f.roundId),
      attempts: f.attempts,
      error: f.error,
      lastAttemptAt: f.lastAt.toISOString(),
      nextAttemptAt: f.nextAt.toISOString(),
    }));
    return { success: true, data: { roundsBehind: behind.count, oldestClosedAt: behind.oldestClosedAt?.toISOString() ?? null, failing } };
  });
}
