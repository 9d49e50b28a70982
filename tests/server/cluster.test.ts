import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/setup/seed';
import { checkInvariant } from '../../server/credit/ledger';
import { REDIS_URL, redisReachable } from './redis';
import { ENGINE } from './engine';
import { cloneTemplate, createAs, createUnder, fund, loginAs, SUPERADMIN_PASSWORD, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pgReady = ENGINE === 'postgres' && inject('pgTemplate') !== null;
const redisReady = pgReady ? await redisReachable() : false;
if (pgReady && !redisReady) console.warn(`Redis at ${REDIS_URL} is not reachable: the three-instance test skips.`);

/**
 * Three instances, each with its scheduler on, on one PostgreSQL and one Redis: players bet through
 * all three, a console on the third hears every bet, each round settles once, and one instance
 * stopping mid-round loses no acknowledged bet and stops no round.
 */
describe.runIf(pgReady && redisReady)('three instances on one PostgreSQL and one Redis', () => {
  let clone: Awaited<ReturnType<typeof cloneTemplate>>;
  const instances: { app: FastifyInstance; db: Database; url: string; up: boolean }[] = [];

  beforeAll(async () => {
    clone = await cloneTemplate(`tierdesk_cluster_${process.pid}`);
    for (let i = 0; i < 3; i++) {
      const db = await openDatabase({ databaseUrl: clone.url, poolSize: 6 });
      if (i === 0) await seed(db, { username: 'superadmin', password: SUPERADMIN_PASSWORD });
      // Ten-second rounds, so several close during the test.
      if (i === 0) await db.query(`UPDATE games SET time_seconds = 10 WHERE game_id = $1`, [FUN_TARGET]);
      const app = await buildApp({ db, config: { ...configFromEnv({}), clientDir: '/nonexistent', redisUrl: REDIS_URL, loginRateLimit: 10_000, schedulerEnabled: true } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const addr = app.server.address();
      instances.push({ app, db, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, up: true });
    }
  });

  afterAll(async () => {
    for (const i of instances) {
      if (i.up) await i.app.close();
      await i.db.close().catch(() => undefined);
    }
    await clone?.drop();
  });

  it('bets through all three, pushes to a console on another, settles each round once, survives one stopping', async () => {
    const first = instances[0];
    const h = { app: first.app, db: first.db, config: configFromEnv({}), root: { token: '', id: '' }, close: async () => undefined } as Harness;
    const rootLogin = await first.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'superadmin', password: SUPERADMIN_PASSWORD } });
    h.root = { token: rootLogin.json().token as string, id: (rootLogin.json().user as { _id: string })._id };
    const gameIds = (await first.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    const players: { id: string; token: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await createAs(h, h.root.token, 'player', master._id);
      await fund(h, p._id, 1000, 'player');
      players.push({ id: p._id, token: await loginAs(h, p.username) });
    }

    // The admin's console is open on the third instance.
    const adminToken = await loginAs(h, admin.username);
    const socket: Socket = await new Promise((resolve, reject) => {
      const s = io(instances[2].url, { path: '/socket.io', auth: { token: adminToken }, transports: ['websocket'], reconnection: false });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    const pushes: { at: number; total: number }[] = [];
    await new Promise<void>((resolve) => {
      socket.once('responseData', () => resolve());
      socket.emit('gameData', { adminId: admin._id, gameId: FUN_TARGET });
    });
    socket.on('responseData', (m: { data: { totalDrawCollection: number } }) => pushes.push({ at: Date.now(), total: m.data.totalDrawCollection }));
    await sleep(300); // the adapter's subscription settles

    const acknowledged: string[] = [];
    const byInstance = [0, 0, 0];
    let n = 0;
    const end = Date.now() + 14_000;
    const stopAt = Date.now() + 6_000;
    let stopping: Promise<void> | null = null;
    const bettor = async (p: { id: string; token: string }, k: number) => {
      while (Date.now() < end) {
        if (!stopping && Date.now() >= stopAt) {
          // Mid-round: the second instance goes away (its bets in flight finish or fail; none is lost).
          instances[1].up = false;
          stopping = instances[1].app.close();
        }
        const live = instances.filter((i) => i.up);
        const target = live[(n++ + k) % live.length];
        try {
          const res = await fetch(`${target.url}/api/app/createbet`, {
            method: 'POST',
            headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ gameId: FUN_TARGET, draws: [{ drawno: String((n + k) % 10), drawqty: 1 }] }),
          });
          const json = (await res.json()) as { data?: { ticketId?: string } };
          if (res.status === 201 && json.data?.ticketId) {
            acknowledged.push(String(json.data.ticketId));
            byInstance[instances.indexOf(target)]++;
          }
        } catch {
          /* the stopped instance: not acknowledged */
        }
        await sleep(40);
      }
    };
    await Promise.all(players.map((p, k) => bettor(p, k)));
    await stopping;
    socket.close();

    // Every round closed so far settles (the two instances left run the ticks).
    const db = first.db;
    const settledBy = Date.now() + 20_000;
    for (;;) {
      const [r] = await db.query(`SELECT count(*)::int AS n FROM rounds WHERE status = 'open' AND closes_at < now() - interval '1 second'`);
      if (Number(r.n) === 0 || Date.now() > settledBy) break;
      await sleep(250);
    }
    const [late] = await db.query(`SELECT count(*)::int AS n FROM rounds WHERE status = 'open' AND closes_at < now() - interval '1 second'`);
    expect(Number(late.n), 'rounds left unsettled').toBe(0);

    const ids = acknowledged.map(Number);
    const [found] = await db.query(`SELECT count(*)::int AS n FROM tickets WHERE id = ANY($1::bigint[])`, [ids]);
    expect(Number(found.n), 'acknowledged bets with a ticket').toBe(ids.length);
    // Exactly once: the wins paid in the ledger are the wins the tickets and rounds record.
    const [sums] = await db.query(`
      SELECT (SELECT coalesce(sum(amount), 0) FROM transactions WHERE kind = 'win')::text AS ledger,
             (SELECT coalesce(sum(win), 0) FROM tickets)::text AS tickets,
             (SELECT coalesce(sum(win_cents), 0) FROM rounds WHERE status = 'settled')::text AS rounds,
             (SELECT count(*) FROM rounds r WHERE r.admin_id = $1 AND r.status = 'settled')::int AS settled,
             (SELECT count(*) FROM tickets WHERE settled_at IS NULL AND round_id IN (SELECT id FROM rounds WHERE status = 'settled'))::int AS unsettled`, [Number(admin._id)]);
    expect(sums.ledger).toBe(sums.tickets);
    expect(sums.ledger).toBe(sums.rounds);
    expect(Number(sums.unsettled)).toBe(0);
    expect(await checkInvariant(db)).toMatchObject({ ok: true, mismatched: 0 });
    // Bets went through all three; the console on the third heard bets made on the others.
    expect(byInstance.every((x) => x > 0), `bets per instance ${byInstance}`).toBe(true);
    expect(pushes.length).toBeGreaterThan(3);
    expect(pushes.some((p) => p.total > 0)).toBe(true);
    console.log(
      `three instances: ${ids.length} bets acknowledged (per instance ${byInstance.join('/')}), all ${found.n} found; ${sums.settled} rounds of the admin settled once; ${pushes.length} console pushes heard on instance 3`,
    );
  }, 120_000);
});
