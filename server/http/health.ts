import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../domain/apiPaths';
import { ERROR_REPLIES } from './schemas';

/** The event loop's delay is reported over the current window and the one before it. */
export const LOOP_WINDOW_MS = 10_000;

const healthReply = z.looseObject({
  success: z.boolean(),
  eventLoopDelayMs: z.object({ p99: z.number(), max: z.number() }).describe('How late the event loop ran its timers, this window and the last'),
  realtime: z.object({ sockets: z.number().int(), droppedEvents: z.number().int(), floodDisconnects: z.number().int() }).describe("This instance's sockets and its event budget's refusals"),
});

const ms = (ns: number) => Math.round(ns / 1e5) / 10;

/**
 * GET health: ready, and whether the house is stalled: a flood or a long synchronous task shows as
 * event-loop delay, a flooding socket as dropped events, long before bets time out.
 */
export async function healthRoutes(app: FastifyInstance) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let last = { p99: 0, max: 0 };
  const read = () => (loop.count ? { p99: ms(loop.percentile(99)), max: ms(loop.max) } : { p99: 0, max: 0 });
  const timer = setInterval(() => {
    last = read();
    loop.reset();
  }, LOOP_WINDOW_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    loop.disable();
  });

  app.withTypeProvider<ZodTypeProvider>().get(API_PATHS.health, { schema: { response: { ...ERROR_REPLIES, 200: healthReply } } }, async () => {
    const now = read();
    return { success: true, eventLoopDelayMs: { p99: Math.max(now.p99, last.p99), max: Math.max(now.max, last.max) }, realtime: app.realtime.stats() };
  });
}
