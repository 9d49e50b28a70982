import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { ENGINE } from './engine';
import { openTestDatabase } from './harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(ENGINE === 'pglite')('the embedded database on its own thread', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await db.query(`CREATE TABLE t_worker (id int PRIMARY KEY, big bigint, at timestamptz)`);
  });
  afterAll(() => drop?.());

  it('leaves the HTTP thread free while a long statement runs', async () => {
    // A 10 ms ticker: the longest gap between two ticks is the longest time the loop stood still.
    let last = performance.now();
    let worst = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    await db.query(`SELECT count(*) FROM generate_series(1, 3000000) a, generate_series(1, 2) b`);
    const took = performance.now() - started;
    await sleep(50);
    clearInterval(ticker);
    // In-process, the loop stood still for the whole statement.
    expect(took).toBeGreaterThan(300);
    expect(worst).toBeLessThan(Math.max(150, took / 3));
  });

  it('keeps a transaction to itself until it ends, and rolls back on a throw', async () => {
    let outsideDone = false;
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO t_worker (id) VALUES (1)`);
      outside = db.query(`SELECT count(*)::int AS n FROM t_worker`).then((r) => ((outsideDone = true), r));
      await sleep(100);
      expect(outsideDone).toBe(false);
    });
    expect(await outside).toEqual([{ n: 1 }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO t_worker (id) VALUES (2)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query(`SELECT id FROM t_worker ORDER BY id`)).toEqual([{ id: 1 }]);
  });

  it('carries PostgreSQL error fields and values across the thread boundary', async () => {
    await expect(db.query(`INSERT INTO t_worker (id) VALUES (1)`)).rejects.toMatchObject({ code: '23505' });
    const at = new Date('2026-01-02T03:04:05.678Z');
    await db.query(`INSERT INTO t_worker (id, big, at) VALUES ($1, $2, $3)`, [3, 9007199254740993n, at]);
    const [r] = await db.query(`SELECT big::text AS big, at FROM t_worker WHERE id = 3`);
    expect(r).toEqual({ big: '9007199254740993', at });
    // A failed statement inside a transaction fails that transaction only.
    await expect(db.transaction((tx) => tx.query(`SELECT 1/0`))).rejects.toMatchObject({ code: '22012' });
    expect(await db.query(`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });
  it('ends a transaction on any error, a JavaScript one inside the database thread too, and answers the next query', async () => {
    // A thrown JavaScript error in the caller's code.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO t_worker (id) VALUES (20)`);
        throw new TypeError('not a database error');
      }),
    ).rejects.toThrow('not a database error');
    expect(await db.query(`SELECT count(*)::int AS n FROM t_worker WHERE id = 20`)).toEqual([{ n: 0 }]);
    // A parameter PGlite cannot serialize throws inside the database thread, mid-protocol: before, the
    // session stayed in an aborted transaction and every later statement failed ("current transaction is aborted").
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO t_worker (id) VALUES (21)`);
        return tx.query(`SELECT count(*) FROM t_worker WHERE big::text = ANY($1::text[])`, [{}]);
      }),
    ).rejects.toThrow(/src/);
    expect(await db.query(`SELECT count(*)::int AS n FROM t_worker WHERE id = 21`)).toEqual([{ n: 0 }]);
    // The same error caught by the caller, who then tries to commit: rolled back, and said so.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO t_worker (id) VALUES (22)`);
        await tx.query(`SELECT $1::text[] AS a`, [{}]).catch(() => undefined);
      }),
    ).rejects.toThrow(/rolled back/);
    expect(await db.query(`SELECT count(*)::int AS n FROM t_worker WHERE id = 22`)).toEqual([{ n: 0 }]);
    // And the database goes on: a transaction commits, a query answers.
    await db.transaction((tx) => tx.query(`INSERT INTO t_worker (id) VALUES (23)`));
    expect(await db.query(`SELECT id FROM t_worker WHERE id >= 20 ORDER BY id`)).toEqual([{ id: 23 }]);
  });
});
