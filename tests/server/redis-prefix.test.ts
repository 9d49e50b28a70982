import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/setup/seed';
import { checkInvariant } from '../../server/credit/ledger';
import { installationPrefix } from '../../server/realtime/installation';
import { REDIS_URL, redisReachable } from './redis';
import { ENGINE } from './engine';
import { cloneTemplate, createAs, createChain, fund, loginAs, SUPERADMIN_PASSWORD, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pgReady = ENGINE === 'postgres' && inject('pgTemplate') !== null;
const redisReady = pgReady ? await redisReachable() : false;
if (pgReady && !redisReady) console.warn(`Redis at ${REDIS_URL} is not reachable: the two-installations test skips.`);

interface Instance {
  app: FastifyInstance;
  db: Database;
  url: string;
}

/**
 * Two installations (two PostgreSQL databases) on one Redis, the first with two instances. Both were
 * set up alike, so the same admin id exists in each and their rooms have the same names: a console of
 * one must hear its own installation's events, from either of its instances, and none of the other's.
 */
describe.runIf(pgReady && redisReady)('two installations sharing one Redis', () => {
  const clones: Awaited<ReturnType<typeof cloneTemplate>>[] = [];
  const instances: Instance[] = [];
  const sockets: Socket[] = [];

  async function start(url: string, seedIt: boolean): Promise<Instance> {
    const db = await openDatabase({ databaseUrl: url, poolSize: 4 });
    if (seedIt) await seed(db, { username: 'superadmin', password: SUPERADMIN_PASSWORD });
    const app = await buildApp({ db, config: { ...configFromEnv({}), clientDir: '/nonexistent', redisUrl: REDIS_URL, loginRateLimit: 10_000, schedulerEnabled: false } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const i = { app, db, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
    instances.push(i);
    return i;
  }

  beforeAll(async () => {
    for (const k of ['a', 'b']) clones.push(await cloneTemplate(`tierdesk_prefix_${k}_${process.pid}`));
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const i of instances) {
      await i.app.close();
      await i.db.close();
    }
    for (const c of clones) await c.drop();
  });

  /** The superadmin's harness on an instance, and the same tree below it in each installation. */
  async function installation(i: Instance) {
    const h = { app: i.app, db: i.db, config: configFromEnv({}), root: { token: '', id: '' }, close: async () => undefined } as Harness;
    h.root.token = await loginAs(h, 'superadmin', SUPERADMIN_PASSWORD);
    h.root.id = String((await i.db.query(`SELECT id FROM accounts WHERE username = 'superadmin'`))[0].id);
    const [g] = await i.db.query(`SELECT id FROM games WHERE game_id = $1`, [FUN_TARGET]);
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: [String(g.id)] });
    const chain = await createChain(h, admin._id);
    await fund(h, chain.player._id, 100, 'player');
    return { h, admin, adminToken: await loginAs(h, admin.username), playerToken: await loginAs(h, chain.player.username) };
  }

  /** A console of `adminId` on the instance: every event it hears after its first answer, in order. */
  async function openConsole(i: Instance, token: string, adminId: string): Promise<string[]> {
    const s: Socket = await new Promise((resolve, reject) => {
      const c = io(i.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      c.on('connect', () => resolve(c));
      c.on('connect_error', reject);
    });
    sockets.push(s);
    await new Promise<void>((resolve) => {
      s.once('responseData', () => resolve());
      s.emit('gameData', { adminId, gameId: FUN_TARGET });
    });
    const heard: string[] = [];
    s.onAny((event: string) => heard.push(event));
    return heard;
  }

  const bet = async (i: Instance, token: string) => {
    const r = await fetch(`${i.url}/api/app/createbet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ gameId: FUN_TARGET, draws: [{ drawno: '7', drawqty: 1 }] }),
    });
    expect(r.status, await r.text()).toBe(201);
  };

  const until = async (what: string, ok: () => boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!ok() && Date.now() < end) await sleep(50);
    expect(ok(), what).toBe(true);
  };

  it('keeps each installation’s events to its own consoles, on every instance of it', async () => {
    const a1 = await start(clones[0].url, true);
    const b = await start(clones[1].url, true);
    const a2 = await start(clones[0].url, false);
    const A = await installation(a1);
    const B = await installation(b);
    // The same admin id in both, hence the same room names.
    expect(A.admin._id).toBe(B.admin._id);
    // The default prefix: one per database, shared by the instances of one.
    const prefixA = await installationPrefix(a1.db, '');
    expect(await installationPrefix(a2.db, '')).toBe(prefixA);
    expect(await installationPrefix(b.db, '')).not.toBe(prefixA);

    const onA = await openConsole(a1, A.adminToken, A.admin._id);
    const onB = await openConsole(b, B.adminToken, B.admin._id);
    await sleep(300); // the adapters' subscriptions settle

    // B's bet and a transfer to B's admin: B's console hears both, A's (same admin id) neither.
    await bet(b, B.playerToken);
    await fund(B.h, B.admin._id, 5, 'admin');
    await until('B’s console hears its bet and its wallet', () => onB.includes('responseData') && onB.includes('wallet'));
    await sleep(1000);
    expect(onA, 'events of installation B heard on installation A').toEqual([]);

    // A bet on A's other instance reaches the console on the first one: the prefix is the installation's.
    const heardOnB = onB.length;
    await bet(a2, A.playerToken);
    await until('A’s console hears a bet made on A’s other instance', () => onA.includes('responseData'));
    await sleep(1000);
    expect(onB.slice(heardOnB), 'events of installation A heard on installation B').toEqual([]);
    for (const i of [a1, b]) expect(await checkInvariant(i.db)).toMatchObject({ ok: true, mismatched: 0 });
  }, 120_000);
});
