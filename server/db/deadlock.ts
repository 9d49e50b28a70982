const DEADLOCK = '40P01';

/**
 * Runs one self-contained statement or transaction again when PostgreSQL picked it as a deadlock's
 * victim (it rolled back whole, so running it again is safe), at most `times` more times.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, times = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if ((e as { code?: string }).code !== DEADLOCK || attempt >= times) throw e;
    }
  }
}
