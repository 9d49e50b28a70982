import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { call, createAs, engineAvailable, fund, generate, loginAs, SUPERADMIN_PASSWORD, startHarness, type Harness } from './harness';

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
    const master = await createAs(h, h.root.token, 'master', am._id);
    const player = await createAs(h, h.root.token, 'player', master._id);
    await fund(h, player._id, 10, 'player');
    const socket = await connect(await loginAs(h, admin.username));
    const data = new Promise<{ data: { data: { drawno: string }[] } }>((resolve) => socket.once('responseData', resolve));
    socket.emit('gameData', { adminId: admin._id, gameId: 'MNOQqWWi' });
    expect((await data).data.data.map((d) => d.drawno)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const timer = new Promise<{ gameId: string; time: string }>((resolve) => socket.once('timer', resolve));
    socket.emit('timerData', { adminId: admin._id, gameId: 'MNOQqWWi' });
    expect(await timer).toMatchObject({ gameId: 'MNOQqWWi', time: expect.stringMatching(/^\d\d:\d\d$/) });
    const changed = new Promise<{ adminId: string; gameId: string }>((resolve) => socket.once('consoleChanged', resolve));
    const bet = await call(h, 'POST', '/api/app/createbet', { token: await loginAs(h, player.username), body: { gameId: 'MNOQqWWi', draws: [{ drawno: '4', drawqty: 1 }] } });
    expect(bet.status).toBe(201);
    expect(await changed).toEqual({ adminId: admin._id, gameId: 'MNOQqWWi' });
    // Another admin's console is not this admin's to watch.
    const refused = new Promise<{ message: string }>((resolve) => socket.once('responseError', resolve));
    socket.emit('gameData', { adminId: other._id, gameId: 'MNOQqWWi' });
    expect((await refused).message).toMatch(/outside your hierarchy/);
    socket.close();
  });
});
