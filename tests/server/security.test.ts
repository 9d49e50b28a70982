import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRecentStepUp } from '../../server/auth/plugin';
import { call, createChain, engineAvailable, fund, loginAs, startHarness, type Harness, type Reply } from './harness';

const THRESHOLD = 5;

describe.runIf(engineAvailable())('security: lockout, in-session guessing, cookies, suspended networks', () => {
  let h: Harness;
  let ipSeq = 0;
  const freshIp = () => `10.99.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  beforeAll(async () => {
    h = await startHarness({ lockoutThreshold: THRESHOLD, lockoutMinutes: 15, loginRateLimit: 10_000, trustProxy: true });
  });
  afterAll(() => h?.close());

  const login = async (username: string, password: string, headers: Record<string, string> = {}): Promise<Reply & { setCookie: string }> => {
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: freshIp(), headers });
    const cookie = res.headers['set-cookie'];
    return { status: res.statusCode, json: res.json(), headers: res.headers, setCookie: Array.isArray(cookie) ? cookie.join('; ') : (cookie ?? '') };
  };

  describe('the login lockout', () => {
    it('checks no more than the threshold of parallel guesses, the right password included', async () => {
      const { player } = await createChain(h);
      const guesses = [...Array.from({ length: 29 }, (_, i) => `wrong-${i}`), 'secret-pass'];
      const replies = await Promise.all(guesses.map((p) => login(player.username, p)));
      const checked = replies.filter((r) => r.status === 401 || r.status === 200);
      expect(checked.length).toBeLessThanOrEqual(THRESHOLD);
      expect(replies.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(30 - THRESHOLD);
      // The failures locked it: now even the right password is refused.
      if (!replies.some((r) => r.status === 200)) expect((await login(player.username, 'secret-pass')).status).toBe(429);
    });

    it('answers an unknown username exactly like a known one, lockout included', async () => {
      const { player } = await createChain(h);
      const seq = async (username: string) => {
        const out: string[] = [];
        for (let i = 0; i < THRESHOLD + 2; i++) {
          const r = await login(username, `bad-${i}`);
          out.push(`${r.status} ${r.json.message}`);
        }
        return out;
      };
      const known = await seq(player.username);
      const unknown = await seq(`ghost-${Date.now()}`);
      expect(unknown).toEqual(known);
      expect(known.at(-1)).toMatch(/^429 Too many failed attempts/);
    });
  });

  describe('passwords inside a session', () => {
    it('counts wrong auth/checkpassword answers with the login failures and locks them out', async () => {
      const { master } = await createChain(h);
      const token = await loginAs(h, master.username);
      const statuses: number[] = [];
      for (let i = 0; i < THRESHOLD + 1; i++) statuses.push((await call(h, 'POST', '/api/auth/checkpassword', { token, body: { password: `guess-${i}` } })).status);
      expect(statuses).toEqual([...Array(THRESHOLD).fill(400), 429]);
      expect((await call(h, 'POST', '/api/auth/checkpassword', { token, body: { password: 'secret-pass' } })).status).toBe(429);
      expect((await login(master.username, 'secret-pass')).status).toBe(429);
    });

    it('counts the password of credit operations too', async () => {
      const chain = await createChain(h);
      await fund(h, chain.master._id, 10, 'master');
      const token = await loginAs(h, chain.master.username);
      const send = (password: string) =>
        call(h, 'POST', '/api/player/credit-transfer', { token, body: { userId: chain.master._id, password, transferAmount: 1, toUserId: chain.player._id } });
      for (let i = 0; i < THRESHOLD; i++) expect((await send(`guess-${i}`)).status).toBe(400);
      expect((await send('secret-pass')).status).toBe(429);
    });

    it('lets a burst of parallel operations with the right password through', async () => {
      const chain = await createChain(h);
      await fund(h, chain.master._id, 100, 'master');
      const token = await loginAs(h, chain.master.username);
      const replies = await Promise.all(
        Array.from({ length: 3 * THRESHOLD }, () =>
          call(h, 'POST', '/api/player/credit-transfer', { token, body: { userId: chain.master._id, password: 'secret-pass', transferAmount: 1, toUserId: chain.player._id } }),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(3 * THRESHOLD).fill(200));
    });

    it('records the step-up on the session, and the step-up expires after five minutes', async () => {
      const { areamanager } = await createChain(h);
      const token = await loginAs(h, areamanager.username);
      expect((await call(h, 'POST', '/api/auth/checkpassword', { token, body: { password: 'secret-pass' } })).status).toBe(200);
      const [s] = await h.db.query(`SELECT stepped_up_at FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.username = $1`, [areamanager.username]);
      const at = new Date(String(s.stepped_up_at));
      const caller = { id: 1, username: 'x', role: 'admin' as const, path: '/1/', passwordHash: '', sessionId: 1, steppedUpAt: at };
      expect(() => requireRecentStepUp(caller, 5, new Date(at.getTime() + 4 * 60_000))).not.toThrow();
      expect(() => requireRecentStepUp(caller, 5, new Date(at.getTime() + 6 * 60_000))).toThrow(/confirm your password/);
      expect(() => requireRecentStepUp({ ...caller, steppedUpAt: null })).toThrow();
    });
  });

  describe('cookie sessions', () => {
    it('marks the cookie Secure when the request came over HTTPS, through a trusted proxy too', async () => {
      const { master } = await createChain(h);
      expect((await login(master.username, 'secret-pass', { 'x-forwarded-proto': 'https' })).setCookie).toMatch(/;\s*Secure/i);
      expect((await login(master.username, 'secret-pass')).setCookie).not.toMatch(/Secure/i);
    });

    it('tells caches to keep no auth answer', async () => {
      const { master } = await createChain(h);
      const r = await login(master.username, 'secret-pass');
      expect(r.headers['cache-control']).toBe('no-store');
      const session = await call(h, 'GET', '/api/auth/session', { token: String(r.json.token) });
      expect(session.headers['cache-control']).toBe('no-store');
    });

    it('ends a session at its absolute lifetime however active it is', async () => {
      const { master } = await createChain(h);
      const token = await loginAs(h, master.username);
      expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(200);
      await h.db.query(`UPDATE sessions SET created_at = now() - interval '13 hours' WHERE account_id = $1`, [Number(master._id)]);
      expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(401);
    });

    it('refuses a cookie-authenticated change from another origin, and lets Bearer clients through', async () => {
      const chain = await createChain(h);
      const r = await login(chain.master.username, 'secret-pass');
      const cookie = `session-token=${String(r.json.token)}`;
      const logoutPlayer = (headers: Record<string, string>) => h.app.inject({ method: 'GET', url: `/api/app/logout?id=${chain.player._id}`, headers });
      expect((await logoutPlayer({ cookie, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
      expect((await logoutPlayer({ cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
      const post = await h.app.inject({ method: 'POST', url: '/api/auth/checkpassword', payload: { password: 'secret-pass' }, headers: { cookie, origin: 'https://evil.example' } });
      expect(post.statusCode).toBe(403);
      expect((await logoutPlayer({ cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
      expect((await logoutPlayer({ authorization: `Bearer ${String(r.json.token)}`, origin: 'https://evil.example' })).statusCode).toBe(200);
      // A cross-site read with the cookie is still a read.
      expect((await h.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie, 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
    });

    it('refuses a cookie-authenticated change that carries no same-origin signal (an older browser’s navigation), and takes Origin or Referer for one', async () => {
      const chain = await createChain(h);
      const login1 = await login(chain.master.username, 'secret-pass');
      const cookie = `session-token=${String(login1.json.token)}`;
      const session = async () => (await h.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).statusCode;
      const adminLogin = await login(chain.admin.username, 'secret-pass');
      const adminCookie = `session-token=${String(adminLogin.json.token)}`;
      const changes = [
        { url: '/api/auth/logout', cookie },
        { url: `/api/app/logout?id=${chain.player._id}`, cookie },
        { url: '/api/backup/exportbackup', cookie: adminCookie },
      ];
      const self = 'http://localhost';
      for (const c of changes) {
        for (const headers of [{}, { referer: 'https://evil.example/page' }, { origin: 'null' }, { referer: 'not a url' }]) {
          const r = await h.app.inject({ method: 'GET', url: c.url, headers: { cookie: c.cookie, ...headers } });
          expect([r.statusCode, (r.json() as { code?: string }).code], `${c.url} ${JSON.stringify(headers)}`).toEqual([403, 'crossSite']);
        }
      }
      expect(await session()).toBe(200);
      expect((await h.db.query(`SELECT 1 FROM activity_logs WHERE subject = 'Backup' AND username = $1`, [chain.admin.username])).length).toBe(0);
      // A same-origin Referer or Origin is the signal an older browser gives; the player's forced logout then acts.
      expect((await h.app.inject({ method: 'GET', url: `/api/app/logout?id=${chain.player._id}`, headers: { cookie, referer: `${self}/master/dashboard` } })).statusCode).toBe(200);
      expect((await h.app.inject({ method: 'GET', url: `/api/app/logout?id=${chain.player._id}`, headers: { cookie, origin: self } })).statusCode).toBe(200);
      // The Bearer header needs no signal.
      expect((await h.app.inject({ method: 'GET', url: `/api/app/logout?id=${chain.player._id}`, headers: { authorization: `Bearer ${String(login1.json.token)}` } })).statusCode).toBe(200);
      expect((await h.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie, referer: `${self}/master/dashboard` } })).statusCode).toBe(200);
      expect(await session()).toBe(401);
    });
  });

  describe('a deactivated account’s network', () => {
    it('suspends the whole subtree: no login, no action, sessions revoked, until reactivated', async () => {
      const chain = await createChain(h);
      await fund(h, chain.superareamanager._id, 10, 'superareamanager');
      const samToken = await loginAs(h, chain.superareamanager.username);
      const playerToken = await loginAs(h, chain.player.username);
      expect((await call(h, 'PATCH', `/api/admins/toggle-status/${chain.admin._id}/deactivate`, { token: h.root.token })).status).toBe(200);
      const refused = await login(chain.superareamanager.username, 'secret-pass');
      expect([refused.status, refused.json.message]).toEqual([403, 'Your account is suspended: an account above it is deactivated.']);
      expect((await login(chain.player.username, 'secret-pass')).status).toBe(403);
      expect((await call(h, 'GET', '/api/auth/session', { token: samToken })).status).toBe(401);
      expect((await call(h, 'GET', '/api/auth/session', { token: playerToken })).status).toBe(401);
      const transfer = await call(h, 'POST', '/api/areamanager/credit-transfer', {
        token: samToken,
        body: { userId: chain.superareamanager._id, password: 'secret-pass', transferAmount: 1, toUserId: chain.areamanager._id },
      });
      expect(transfer.status).toBe(401);
      expect((await call(h, 'PATCH', `/api/admins/toggle-status/${chain.admin._id}/activate`, { token: h.root.token })).status).toBe(200);
      expect((await login(chain.superareamanager.username, 'secret-pass')).status).toBe(200);
    });
  });
});
