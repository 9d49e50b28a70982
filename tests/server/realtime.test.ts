import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { call, createAs, engineAvailable, generate, loginAs, SUPERADMIN_PASSWORD, startHarness, type Harness } from './harness';

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
});
