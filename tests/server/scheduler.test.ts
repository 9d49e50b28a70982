import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { ENGINE, PG_URL, withDb } from './engine';
import { createAs, engineAvailable, openTestDatabase, startHarness, type Harness } from './harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(engineAvailable())('scheduler', () => {
  it('runs a job on tick, on its timer once the server is ready, and no more after close', async () => {
    const { db, drop } = await openTestDatabase();
    const app = await buildApp({ db, config: { ...configFromEnv({}), clientDir: '/nonexistent', schedulerEnabled: true } });
    let runs = 0;
    app.scheduler.register({ name: 'count', everyMs: 50, run: async () => void runs++ });
    await app.scheduler.tick('count');
    expect(runs).toBe(1);
    await app.ready();
    await sleep(300);
    expect(runs).toBeGreaterThan(2);
    await app.close();
    const after = runs;
    await sleep(200);
    expect(runs).toBe(after);
    await drop();
  });

  describe('the round engine on its timer', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ schedulerEnabled: true });
    });
    afterAll(() => h?.close());

    it('opens the current round of an admin’s games without anyone asking', async () => {
      const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
      const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games });
      // The 1 s timer does it; a loaded machine may take a few ticks.
      const opened = async () => Number((await h.db.query(`SELECT count(DISTINCT game_id)::int AS n FROM rounds WHERE admin_id = $1 AND closes_at > now()`, [Number(admin._id)]))[0].n);
      for (let i = 0; i < 60 && (await opened()) < 7; i++) await sleep(250);
      expect(await opened()).toBe(7);
    });
  });
});

describe.runIf(ENGINE === 'postgres' && engineAvailable())('scheduler across two instances', () => {
  let db1: Database;
  let db2: Database;
  let apps: FastifyInstance[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const t = await openTestDatabase();
    db1 = t.db;
    drop = t.drop;
    const name = String((await db1.query(`SELECT current_database() AS d`))[0].d);
    db2 = await openDatabase({ databaseUrl: withDb(PG_URL, name) });
    const config = { ...configFromEnv({}), clientDir: '/nonexistent', schedulerEnabled: false };
    apps = [await buildApp({ db: db1, config }), await buildApp({ db: db2, config })];
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await db2?.close();
    await drop?.();
  });

  it('runs a tick of one job on exactly one instance', async () => {
    let runs = 0;
    for (const a of apps) a.scheduler.register({ name: 'once', everyMs: 60_000, run: async () => { runs++; await sleep(300); } });
    await Promise.all(apps.map((a) => a.scheduler.tick('once')));
    expect(runs).toBe(1);
    await Promise.all(apps.map((a) => a.scheduler.tick('once')));
    expect(runs).toBe(2);
  });
});
