const DEADLOCK = '40P01';
const LOCK_TIMEOUT = '55P03';

export interface RetryOptions {
  /** Runs again at most this many times. */
  times?: number;
  /** Also when a lock was not had within the statement's lock_timeout (its holder may be stopped). */
  lockTimeout?: boolean;
  /** A pause before each run again, this many milliseconds times the runs so far. */
  pauseMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs one self-contained statement or transaction again when PostgreSQL rolled it back whole (a
 * deadlock's victim, or, if asked, a lock wait past its timeout): running it again is then safe.
 */
export async function retryRolledBack<T>(run: () => Promise<T>, { times = 2, lockTimeout = false, pauseMs = 0 }: RetryOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (!(code === DEADLOCK || (lockTimeout && code === LOCK_TIMEOUT)) || attempt >= times) throw e;
      if (pauseMs) await sleep(pauseMs * (attempt + 1));
    }
  }
}

/** A deadlock's victim run again, at most `times` more times. */
export const retryOnDeadlock = <T>(run: () => Promise<T>, times = 2): Promise<T> => retryRolledBack(run, { times });
