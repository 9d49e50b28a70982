import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { col, queryOne, rowsOf } from '../db/rows';

/** Work that runs on a timer, once per cluster per tick. */
export interface Job {
  name: string;
  everyMs: number;
  /**
   * Run at each multiple of everyMs on the wall clock (a few ms past it), each time armed again from
   * Date.now(), instead of every everyMs from the start: the countdown pushed every second never
   * drifts across a second's boundary (a setInterval drifts a millisecond or so a tick, and its
   * display then shows one second twice or skips one), and a late tick does not move the ones after it.
   */
  onTheClock?: boolean;
  /**
   * Who runs a tick on PostgreSQL. 'cluster' (the default): one instance, the holder of the job's
   * advisory lock, for work that must happen once per tick; a holder that froze holds every tick of
   * the job until the server ends its idle transaction (db/client.ts, IDLE_IN_TRANSACTION_MS: so a
   * tick must end well within it). 'instance': every instance, no lock, for work
   * that is claimed row by row (the rounds, SKIP LOCKED) or is the instance's own (its sockets'
   * countdown), so that no instance ever waits for another.
   */
  scope?: 'cluster' | 'instance';
  run(now: Date): Promise<unknown>;
}

const tryLock = rowsOf({ ok: col.bool });

/** How long after the wall clock's boundary an onTheClock job runs: its `now` is then surely past it. */
const CLOCK_SLACK_MS = 5;

export interface Scheduler {
  register(job: Job): void;
  /** Runs the named job (or every job) now, as a tick would; for tests and the simulator. */
  tick(name?: string, now?: Date): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

/** The advisory lock id of a job on PostgreSQL: one instance of the cluster runs each tick. */
const lockIdOf = (name: string) => {
  let h = 7261100;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
};

/**
 * Timers started when the server is ready and stopped when it closes. On PostgreSQL a tick of a
 * cluster job runs inside a transaction holding a transaction-scoped advisory lock, so of several
 * instances ticking at once exactly one does the work (the job's own writes use other connections);
 * an instance job runs everywhere. The embedded engine serves one process (its data directory is
 * locked), which needs no lock.
 */
export const schedulerPlugin = fp(
  async (app: FastifyInstance, opts: { enabled?: boolean }) => {
    const { db } = app;
    const jobs = new Map<string, Job>();
    const running = new Set<string>();
    const timers: NodeJS.Timeout[] = [];
    let closed = false;

    async function runOnce(job: Job, now: Date): Promise<void> {
      if (running.has(job.name) || closed) return;
      running.add(job.name);
      try {
        if (db.engine === 'postgres' && job.scope !== 'instance') {
          await db.transaction(async (tx) => {
            const lock = await queryOne(tx, tryLock, `SELECT pg_try_advisory_xact_lock($1) AS ok`, [lockIdOf(job.name)]);
            if (lock.ok) await job.run(now);
          });
        } else {
          await job.run(now);
        }
      } catch (err) {
        app.log.error({ err, job: job.name }, 'scheduled job failed');
      } finally {
        running.delete(job.name);
      }
    }

    const clocks = new Map<string, NodeJS.Timeout>();
    /** Arms the job for the next boundary of the wall clock; each run arms the one after before it starts. */
    function onTheClock(job: Job): void {
      const every = job.everyMs;
      let due = (Math.floor(Date.now() / every) + 1) * every;
      const arm = () => {
        const t = setTimeout(() => {
          if (closed) return;
          // The next boundary, or the first one still ahead when this run came later than a whole period.
          due = Math.max(due + every, (Math.floor(Date.now() / every) + 1) * every);
          arm();
          void runOnce(job, new Date());
        }, Math.max(0, due + CLOCK_SLACK_MS - Date.now()));
        t.unref();
        clocks.set(job.name, t);
      };
      arm();
    }

    const scheduler: Scheduler = {
      register(job) {
        if (jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
        jobs.set(job.name, job);
      },
      async tick(name, now = new Date()) {
        const list = name ? [jobs.get(name)].filter((j): j is Job => !!j) : [...jobs.values()];
        await Promise.all(list.map((j) => runOnce(j, now)));
      },
    };
    app.decorate('scheduler', scheduler);
    app.addHook('onReady', async () => {
      if (opts.enabled === false) return;
      for (const job of jobs.values()) {
        if (job.onTheClock) {
          onTheClock(job);
          continue;
        }
        const t = setInterval(() => void runOnce(job, new Date()), job.everyMs);
        t.unref();
        timers.push(t);
      }
    });
    app.addHook('onClose', async () => {
      closed = true;
      for (const t of timers) clearInterval(t);
      for (const t of clocks.values()) clearTimeout(t);
      // Let a tick in flight finish before the database closes under it.
      while (running.size) await new Promise((r) => setTimeout(r, 20));
    });
  },
  { name: 'scheduler', decorators: { fastify: ['db'] } },
);
