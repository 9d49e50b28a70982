/**
 * Loaded into the server by bench/soak.ts (`node --import tsx --import ./bench/serverProbe.mjs
 * server/main.ts`, with an IPC channel): the figures only the server's own process can take, asked
 * for over that channel, so the server's code and its public health answer stay as they are.
 *   'reset' → the event-loop delay histogram starts over (after the warm-up);
 *   'probe' → { rss, heapUsed (bytes, after a full collection when --expose-gc is on), eldP99Ms, eldMaxMs }.
 * Plain JavaScript: worker threads inherit the flags, and the embedded engine's worker loads this
 * file before any TypeScript loader of its own; it does nothing there.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.send) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (m) => {
    if (m === 'reset') delay.reset();
    else if (m === 'probe') {
      // The delays read before the collection, whose own pause they would otherwise count.
      const eldP99Ms = delay.percentile(99) / 1e6;
      const eldMaxMs = delay.max / 1e6;
      // Live objects only: what a leak would grow, not the garbage between two collections.
      globalThis.gc?.();
      const mem = process.memoryUsage();
      process.send?.({ rss: mem.rss, heapUsed: mem.heapUsed, eldP99Ms, eldMaxMs });
    }
  });
  // The channel must not keep the server alive once it means to exit.
  process.channel?.unref();
}
