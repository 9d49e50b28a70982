import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type { Database } from '../../server/db/client';
import { schedulerPlugin } from '../../server/scheduler/plugin';
import { ENGINE } from './engine';
import { createAs, engineAvailable, loginAs, startHarness, type Harness } from './harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * On the embedded engine (one connection) a crowd of bets keeps the database busy; the
 * countdown goes out every second all the same, from the clock, with no statement before it.
 */
describe.runIf(ENGINE === 'pglite' && engineAvailable())('the countdown while the database is busy', () => {
  let h: Harness;
  let url: string;
  beforeAll(async () => {
    h = await startHarness({ schedulerEnabled: true });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = h.app.server.address();
    url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => h?.close());

  it('keeps ticking while a transaction holds the embedded database', async () => {
    const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games });
    const token = await loginAs(h, admin.username);
    const socket: Socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const answered = new Promise((resolve) => socket.once('timer', resolve));
    socket.emit('timerData', { adminId: admin._id, gameId: 'MNOQqWWi' });
    await answered;
    // A tick has read the games' round lengths once (the pushes after it need no statement).
    await new Promise((resolve) => socket.once('timer', resolve));

    const during: string[] = [];
    let holding = false;
    socket.on('timer', (m: { time: string }) => {
      if (holding) during.push(m.time);
    });
    // Every statement of every caller waits for this transaction's end, the scheduler's included.
    await h.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      holding = true;
      await sleep(3500);
      holding = false;
    });
    socket.close();
    expect(during.length).toBeGreaterThanOrEqual(2);
    for (const t of during) expect(t).toMatch(/^\d\d:\d\d$/);
  });
});

/**
 * The countdown's job runs on the wall clock's seconds (onTheClock), not every second from whenever
 * the server became ready: no drift across a second's boundary, and a late tick moves none after it.
 */
describe('a job on the clock', () => {
  it('runs just past each boundary of its period, whatever the moment the server became ready', async () => {
    const every = 250;
    // Ready at about 130 ms into a period: a timer counted from then would run 130 ms past every boundary.
    while (Date.now() % every < 120 || Date.now() % every > 140) await sleep(1);
    const app = Fastify();
    // The embedded engine's path: no lock, the job is run directly (the database is never used).
    app.decorate('db', { engine: 'pglite' } as Database);
    await app.register(schedulerPlugin);
    const phases: number[] = [];
    app.scheduler.register({ name: 'clock', everyMs: every, onTheClock: true, run: async () => void phases.push(Date.now() % every) });
    await app.ready();
    await sleep(every * 6.5);
    await app.close();
    expect(phases.length).toBeGreaterThanOrEqual(5);
    // A loaded machine may hold one run back; the others come within a few ms of their boundary.
    expect(phases.filter((p) => p < 60).length, `phases ${phases.join(', ')}`).toBeGreaterThanOrEqual(phases.length - 1);
  });
});
