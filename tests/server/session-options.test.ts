import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE } from './engine';
import { engineAvailable, openTestDatabase } from './harness';

/** The server's PostgreSQL sessions compile no query (server/db/client.ts): a report's plan once spent seconds in JIT. */
describe.runIf(ENGINE === 'postgres' && engineAvailable())('PostgreSQL sessions', () => {
  const opened = openTestDatabase(2);
  afterAll(async () => {
    await (await opened).drop();
  });

  it('run with JIT off, on every connection of the pool', async () => {
    const { db } = await opened;
    const answers = await Promise.all([0, 1].map(() => db.transaction(async (tx) => (await tx.query(`SHOW jit`))[0]!.jit)));
    expect(answers).toEqual(['off', 'off']);
  });
});
