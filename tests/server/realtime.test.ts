import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { call, createAs, createUnder, engineAvailable, fund, generate, loginAs, SUPERADMIN_PASSWORD, startHarness, type Harness } from './harness';

describe.runIf(engineAvailable())('realtime wallet events', () => {
  let h: Harness;
  let url: string;
  beforeAll(async () => {
    h = await startHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = h.app.server.address();
    url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => h?.close());

  const connect = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      s.on('connect', () => resolve(s));
      s.on('connect_error', (e) => reject(e));
    });

  it('refuses a socket without a live session', async () => {
    await expect(connect('not-a-token')).rejects.toThrow(/unauthorized/);
  });

  it('tells the receiver, and only the accounts involved, that their wallet moved', async () => {
    await generate(h, 100);
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    const other = await createAs(h, h.root.token, 'admin', h.root.id);
    const adminSocket = await connect(await loginAs(h, admin.username));
    const otherSocket = await connect(await loginAs(h, other.username));
    const seen: string[] = [];
    otherSocket.on('wallet', (e: { _id: string }) => seen.push(e._id));
    const event = new Promise<{ _id: string }>((resolve) => adminSocket.once('wallet', resolve));
    const r = await call(h, 'POST', '/api/admins/credit-transfer', {
      token: h.root.token,
      body: { password: SUPERADMIN_PASSWORD, transferAmount: 5, toUserId: admin._id },
    });
    expect(r.status).toBe(200);
    expect(await event).toEqual({ _id: admin._id });
    expect(seen).toEqual([]);
    adminSocket.close();
    otherSocket.close();
  });

  it('answers a console’s gameData and timerData, and tells it when a bet lands', async () => {
    const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games });
    const other = await createAs(h, h.root.token, 'admin', h.root.id, { games });
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    const player = await createAs(h, h.root.token, 'player', master._id);
    await fund(h, player._id, 10, 'player');
    const socket = await connect(await loginAs(h, admin.username));
    const data = new Promise<{ data: { data: { drawno: string }[] } }>((resolve) => socket.once('responseData', resolve));
    socket.emit('gameData', { adminId: admin._id, gameId: 'MNOQqWWi' });
    expect((await data).data.data.map((d) => d.drawno)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const timer = new Promise<{ gameId: string; time: string }>((resolve) => socket.once('timer', resolve));
    socket.emit('timerData', { adminId: admin._id, gameId: 'MNOQqWWi' });
    expect(await timer).toMatchObject({ gameId: 'MNOQqWWi', time: expect.stringMatching(/^\d\d:\d\d$/) });
    // The console does not ask again: the server pushes the new figures after the bet.
    const pushed = new Promise<{ adminId: string; gameId: string; data: { data: { drawno: string; sum: number }[] } }>((resolve) => socket.once('responseData', resolve));
    const bet = await call(h, 'POST', '/api/app/createbet', { token: await loginAs(h, player.username), body: { gameId: 'MNOQqWWi', draws: [{ drawno: '4', drawqty: 1 }] } });
    expect(bet.status).toBe(201);
    const push = await pushed;
    expect(push).toMatchObject({ adminId: admin._id, gameId: 'MNOQqWWi' });
    expect(push.data.data.find((d) => d.drawno === '4')?.sum).toBe(1);
    // Another admin's console is not this admin's to watch.
    const refused = new Promise<{ message: string }>((resolve) => socket.once('responseError', resolve));
    socket.emit('gameData', { adminId: other._id, gameId: 'MNOQqWWi' });
    expect((await refused).message).toMatch(/outside your hierarchy/);
    socket.close();
  });

  it('pushes a burst of bets to every console of the room once per window, and names results by their option', async () => {
    const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games });
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    const players = await Promise.all(Array.from({ length: 4 }, () => createAs(h, h.root.token, 'player', master._id)));
    for (const p of players) await fund(h, p._id, 100, 'player');
    const tokens = await Promise.all(players.map((p) => loginAs(h, p.username)));
    const adminToken = await loginAs(h, admin.username);
    const sockets = await Promise.all(Array.from({ length: 5 }, () => connect(adminToken)));
    const counts = sockets.map(() => 0);
    const lastSums = sockets.map(() => 0);
    await Promise.all(
      sockets.map(
        (s, i) =>
          new Promise<void>((resolve) => {
            s.once('responseData', () => resolve());
            s.emit('gameData', { adminId: admin._id, gameId: 'MNOQqWWi' });
          }).then(() =>
            s.on('responseData', (m: { data: { totalDrawCollection: number } }) => {
              counts[i]++;
              lastSums[i] = m.data.totalDrawCollection;
            }),
          ),
      ),
    );
    const before = await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=MNOQqWWi`, { token: adminToken });
    const start = (before.json.data as { totalDrawCollection: number }).totalDrawCollection;
    // 20 bets at once: far fewer pushes than bets, and every console ends on the same, full figure.
    const bets = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(h, 'POST', '/api/app/createbet', { token: tokens[i % 4], body: { gameId: 'MNOQqWWi', draws: [{ drawno: String(i % 10), drawqty: 1 }] } })),
    );
    expect(bets.every((b) => b.status === 201)).toBe(true);
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && lastSums.some((x) => x !== start + 20)) await new Promise((r) => setTimeout(r, 50));
    expect(lastSums).toEqual(sockets.map(() => start + 20));
    // One computation per window is sent to all five sockets alike.
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeGreaterThanOrEqual(1);
    expect(counts[0]).toBeLessThan(20);
    for (const s of sockets) s.close();
  });
});
