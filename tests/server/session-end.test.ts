import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { isSecretParam, redactUrl } from '../../server/activity/log';
import { call, createAs, createChain, engineAvailable, loginAs, startHarness, SUPERADMIN_PASSWORD, type Harness } from './harness';

/**
 * A cross-site GET auth/logout may not end a session; when a session ends (logout,
 * revocation, expiry, restore) every socket of it is disconnected at once; secret query values are
 * masked by name pattern, not by a fixed list.
 */

async function listen(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = h.app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

const connect = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const s = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(e));
  });

/** Resolves with the reason when the server disconnects the socket; rejects if it stays connected for `ms`. */
const disconnected = (s: Socket, ms = 3000) =>
  new Promise<string>((resolve, reject) => {
    if (s.disconnected) return resolve('already');
    const t = setTimeout(() => reject(new Error('the socket is still connected')), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(t);
      resolve(reason);
    });
  });

/** Whether the socket is still connected after `ms` (no disconnect arrives). */
const stillConnected = async (s: Socket, ms = 300) => {
  await new Promise((r) => setTimeout(r, ms));
  return s.connected;
};

describe.runIf(engineAvailable())('when a session ends', () => {
  let h: Harness;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    h = await startHarness();
    url = await listen(h);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await h?.close();
  });
  const open = async (token: string) => {
    const s = await connect(url, token);
    sockets.push(s);
    return s;
  };

  const cookieLogin = async (username: string) => {
    const r = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'secret-pass' } });
    expect(r.statusCode).toBe(200);
    return String(r.headers['set-cookie']).split(';')[0]!;
  };

  it('a cross-site GET auth/logout with the cookie is refused and the session lives on; same-origin GET and POST end it', async () => {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    const cookie = await cookieLogin(admin.username);
    const session = () => h.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }]) {
      const r = await h.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie, ...headers } });
      expect(r.statusCode, JSON.stringify(headers)).toBe(403);
      expect((await session()).statusCode).toBe(200);
    }
    const crossPost = await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossPost.statusCode).toBe(403);
    expect((await session()).statusCode).toBe(200);
    const same = await h.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(same.statusCode).toBe(200);
    expect((await session()).statusCode).toBe(401);
    // The client's call: POST with the Bearer token.
    const token = await loginAs(h, admin.username);
    expect((await call(h, 'POST', '/api/auth/logout', { token })).json).toMatchObject({ success: true, message: 'Logout successful.' });
    expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(401);
  });

  it('logout disconnects every socket of that session, and only of that session', async () => {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    const token = await loginAs(h, admin.username);
    const other = await loginAs(h, admin.username);
    const [a, b, c] = [await open(token), await open(token), await open(other)];
    const gone = [disconnected(a), disconnected(b)];
    expect((await call(h, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await stillConnected(c)).toBe(true);
    // A new socket of the ended session is refused.
    await expect(connect(url, token)).rejects.toThrow(/unauthorized/);
  });

  it('a forced player logout, a deactivation and a password change disconnect the sockets they end', async () => {
    const chain = await createChain(h);
    const playerSocket = await open(await loginAs(h, chain.player.username));
    const master = await loginAs(h, chain.master.username);
    let gone = disconnected(playerSocket);
    expect((await call(h, 'GET', `/api/app/logout?id=${chain.player._id}&role=player`, { token: master })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');

    // Deactivating the area manager ends every session of its network: the master's socket goes.
    const masterSocket = await open(master);
    gone = disconnected(masterSocket);
    expect((await call(h, 'PATCH', `/api/areamanager/toggle-status/${chain.areamanager._id}/deactivate`, { token: h.root.token })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');

    // A password change ends the account's other sessions, not the one that made it.
    const sam = await loginAs(h, chain.superareamanager.username);
    const samElsewhere = await loginAs(h, chain.superareamanager.username);
    const [own, elsewhere] = [await open(sam), await open(samElsewhere)];
    gone = disconnected(elsewhere);
    const changed = await call(h, 'POST', '/api/auth/chnagepassword', { token: sam, body: { userId: chain.superareamanager._id, opass: 'secret-pass', npass: 'secret-pass-2', cpass: 'secret-pass-2' } });
    expect(changed.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(await stillConnected(own)).toBe(true);
  });

  it('an expired session loses its socket at the next sweep', async () => {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    const token = await loginAs(h, admin.username);
    const s = await open(token);
    const keep = await open(h.root.token);
    const gone = disconnected(s);
    await h.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE account_id = $1`, [Number(admin._id)]);
    expect(await h.app.realtime.sweepSessions()).toBe(1);
    expect(await gone).toBe('io server disconnect');
    expect(keep.connected).toBe(true);
  });
});

describe.runIf(engineAvailable())('a restore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-session-end-'));
  let h: Harness;
  let url: string;
  beforeAll(async () => {
    h = await startHarness({ backupDir: dir });
    url = await listen(h);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends every session: every socket is disconnected', async () => {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    const token = await loginAs(h, admin.username);
    // The superadmin owns the installation's backups; the admin's session ends with everyone's.
    const root = h.root.token;
    const made = await call(h, 'GET', '/api/backup/exportbackup', { token: root });
    expect(made.status).toBe(200);
    const sockets = [await connect(url, token), await connect(url, root)];
    // The window runs from before the restore: a restore on a busy machine takes seconds itself.
    const gone = sockets.map((s) => disconnected(s, 30_000));
    expect((await call(h, 'POST', '/api/auth/checkpassword', { token: root, body: { password: SUPERADMIN_PASSWORD } })).status).toBe(200);
    const r = await call(h, 'GET', `/api/backup/importbackup?folder=${String(made.json.folder)}`, { token: root });
    expect(r.status).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
  });
});

describe('secret query values in logs', () => {
  it('are masked by name pattern, whatever the case', () => {
    for (const name of ['password', 'Password', 'opass', 'NPASS', 'passcode', 'userPwd', 'PWD', 'token', 'access_token', 'refreshToken', 'secret', 'clientSecret', 'key', 'apiKey', 'API_KEY', 'pin', 'PIN', 'pass%77ord', 'p%61ss'])
      expect(isSecretParam(name), name).toBe(true);
    for (const name of ['page', 'limit', 'search', 'username', 'startDate', 'id', 'gameId', 'spinner', 'pine']) expect(isSecretParam(name), name).toBe(false);
    expect(redactUrl('/api/x?page=2&apiKey=abc123&Pwd=hunter2&PIN=1234&myToken=t0k&q=a%20b#frag')).toBe('/api/x?page=2&apiKey=***&Pwd=***&PIN=***&myToken=***&q=a%20b#frag');
    expect(redactUrl('/api/x')).toBe('/api/x');
    expect(redactUrl('/api/x?pass%77ord=zz&flag')).toBe('/api/x?pass%77ord=***&flag');
  });

  it('never reach the activity log', async () => {
    const h = await startHarness();
    try {
      const url = '/api/logs/logUserActivity?apiKey=K3y-value&userPwd=Pwd-value&PIN=9753&clientSecret=S3cret-value&refreshToken=T0ken-value';
      expect((await call(h, 'POST', url, { token: h.root.token, body: { subject: 'probe' } })).status).toBe(201);
      const rows = JSON.stringify(await h.db.query(`SELECT request_url FROM activity_logs`));
      for (const s of ['K3y-value', 'Pwd-value', '9753', 'S3cret-value', 'T0ken-value']) expect(rows.includes(s), s).toBe(false);
      expect(rows).toContain('apiKey=***');
    } finally {
      await h.close();
    }
  });
});
