import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { ENGINE } from './engine';
import { engineAvailable, openTestDatabase } from './harness';

/** Any error inside a transaction ends it, on either engine, and the database answers the next query. */
describe.runIf(engineAvailable())('errors inside a transaction', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(2));
    await db.query(`CREATE TABLE t_tx_errors (id int PRIMARY KEY)`);
  });
  afterAll(() => drop?.());

  it('a JavaScript error thrown in the transaction rolls it back', async () => {
    for (let i = 0; i < 5; i++) {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`INSERT INTO t_tx_errors (id) VALUES ($1)`, [i]);
          throw new RangeError('not a database error');
        }),
      ).rejects.toThrow('not a database error');
    }
    expect(await db.query(`SELECT count(*)::int AS n FROM t_tx_errors`)).toEqual([{ n: 0 }]);
  });

  it('a parameter the driver cannot send fails that statement and ends the transaction', async () => {
    for (let i = 0; i < 5; i++) {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`INSERT INTO t_tx_errors (id) VALUES ($1)`, [100 + i]);
          await tx.query(`SELECT count(*) FROM t_tx_errors WHERE id::text = ANY($1::text[])`, [{ toString: null, valueOf: null }]);
        }),
      ).rejects.toThrow();
    }
    expect(await db.query(`SELECT count(*)::int AS n FROM t_tx_errors`)).toEqual([{ n: 0 }]);
    await db.transaction((tx) => tx.query(`INSERT INTO t_tx_errors (id) VALUES (1)`));
    expect(await db.query(`SELECT id FROM t_tx_errors`)).toEqual([{ id: 1 }]);
  });

  it.runIf(ENGINE === 'postgres')('a connection lost inside a transaction is not handed out again', async () => {
    // The backend ends under the transaction: its ROLLBACK cannot be sent; the pool must not reuse that client.
    for (let i = 0; i < 4; i++) {
      await expect(db.transaction((tx) => tx.query(`SELECT pg_terminate_backend(pg_backend_pid())`))).rejects.toThrow();
    }
    for (let i = 0; i < 4; i++) expect(await db.query(`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    expect(await db.transaction((tx) => tx.query(`SELECT 2 AS two`))).toEqual([{ two: 2 }]);
  });
});
