import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/setup/seed';
import { REDIS_URL, redisReachable } from './redis';
import { ENGINE } from './engine';
import { cloneTemplate } from './harness';

const pgReady = ENGINE === 'postgres' && inject('pgTemplate') !== null;
const redisReady = pgReady ? await redisReachable() : false;
if (pgReady && !redisReady) console.warn(`Redis at ${REDIS_URL} is not reachable: the scale-out test skips.`);

// Two instances share one PostgreSQL database and one Redis: the state lives there, not in a process.
describe.runIf(pgReady && redisReady)('two instances behind one load balancer (PostgreSQL + Redis)', () => {
  let clone: Awaited<ReturnType<typeof cloneTemplate>>;
  const instances: { app: FastifyInstance; db: Database; url: string }[] = [];

  beforeAll(async () => {
    clone = await cloneTemplate(`tierdesk_scale_${process.pid}`);
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase({ databaseUrl: clone.url, poolSize: 5 });
      await db.migrate();
      if (i === 0) await seed(db, { username: 'superadmin', password: 'root-pass-123' });
      const app = await buildApp({ db, config: { ...configFromEnv({}), clientDir: '/nonexistent', redisUrl: REDIS_URL } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const addr = app.server.address();
      instances.push({ app, db, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` });
    }
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.db.close();
    }
    await clone?.drop();
  });

  const api = async (i: number, method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${instances[i].url}/api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> & { data?: Record<string, unknown> } };
  };

  it('shares sessions and pushes wallet events across instances', async () => {
    const login = await api(0, 'POST', '/auth/login', undefined, { username: 'superadmin', password: 'root-pass-123' });
    const root = login.json.token as string;
    const rootId = (login.json.user as { _id: string })._id;
    // A session opened on instance A is valid on instance B.
    expect((await api(1, 'GET', '/auth/session', root)).status).toBe(200);
    await api(1, 'POST', '/superadmins/credit-adjust', root, { password: 'root-pass-123', adjustAmount: 100, transactionType: 'credit', toUserId: rootId });
    const created = await api(1, 'POST', '/admins/create', root, {
      firstName: 'Scale', lastName: 'Out', email: 'scale@example.com', phone: '9876501234', commissionAmount: 1, country: 'IN', state: 'MH',
      city: 'Mumbai', address: 'x', pinCode: '400001', password: 'secret-pass', pin: '1234', refId: rootId, userStatus: true,
    });
    expect(created.status).toBe(201);
    const adminId = created.json.data?._id as string;
    const adminToken = (await api(0, 'POST', '/auth/login', undefined, { username: created.json.data?.username, password: 'secret-pass' })).json.token as string;

    // The admin's back office is connected to instance B; the transfer happens on instance A.
    const socket: Socket = await new Promise((resolve, reject) => {
      const s = io(instances[1].url, { path: '/socket.io', auth: { token: adminToken }, transports: ['websocket'], reconnection: false });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    const event = new Promise<{ _id: string }>((resolve) => socket.once('wallet', resolve));
    await new Promise((r) => setTimeout(r, 200)); // the adapter's subscription settles
    const moved = await api(0, 'POST', '/admins/credit-transfer', root, { password: 'root-pass-123', transferAmount: 7, toUserId: adminId });
    expect(moved.status).toBe(200);
    expect(await event).toEqual({ _id: adminId });

    // Logging out on A ends the session on B at once, and the socket connected to B goes with it.
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await api(0, 'POST', '/auth/logout', adminToken)).status).toBe(200);
    expect((await api(1, 'GET', '/auth/session', adminToken)).status).toBe(401);
    expect(await Promise.race([gone, new Promise((r) => setTimeout(() => r('still connected'), 3000))])).toBe('io server disconnect');
  });
});
