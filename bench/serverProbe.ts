/**
 * Loaded into the server by bench/soak.ts (`node --import tsx --import ./bench/serverProbe.ts
 * server/main.ts`, with an IPC channel): the figures only the server's own process can take, asked
 * for over that channel, so the server's code and its public health answer stay as they are.
 *   'reset' → the event-loop delay histogram starts over (after the warm-up);
 *   'probe' → { rss, heapUsed (bytes, after a full collection when --expose-gc is on), eldP99Ms, eldMaxMs }.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProbeFigures {
  rss: number;
  heapUsed: number;
  eldP99Ms: number;
  eldMaxMs: number;
}

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

const collect = (globalThis as { gc?: () => void }).gc;

process.on('message', (m: unknown) => {
  if (m === 'reset') delay.reset();
  else if (m === 'probe') {
    // The delays read before the collection, whose own pause they would otherwise count.
    const eldP99Ms = delay.percentile(99) / 1e6;
    const eldMaxMs = delay.max / 1e6;
    // Live objects only: what a leak would grow, not the garbage between two collections.
    collect?.();
    const mem = process.memoryUsage();
    const figures: ProbeFigures = { rss: mem.rss, heapUsed: mem.heapUsed, eldP99Ms, eldMaxMs };
    process.send?.(figures);
  }
});
// The channel must not keep the server alive once it means to exit.
process.channel?.unref();
