import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import {
  buildChain,
  call,
  callSafe,
  createAs,
  createUnder,
  createChain,
  engineAvailable,
  expectNoSecrets,
  findSecrets,
  loginAs,
  startHarness,
  SUPERADMIN_PASSWORD,
  type Chain,
  type Harness,
  type Reply,
} from './harness';

const sha = (token: string) => createHash('sha256').update(token).digest('hex');
const setCookies = (headers: Record<string, unknown>): string[] => {
  const v = headers['set-cookie'];
  return v === undefined ? [] : Array.isArray(v) ? (v as string[]) : [String(v)];
};

describe('the secret scanner', () => {
  it('finds password, PIN and hash keys at any depth, and argon2 values', () => {
    expect(findSecrets({ success: true, token: 'abc', user: { _id: '1', pinCode: '400001', username: 'x' } })).toEqual([]);
    expect(findSecrets({ user: { password: 'x' } })).toEqual(['$.user.password']);
    expect(findSecrets({ data: [{ a: 1 }, { pin: '1234' }] })).toEqual(['$.data[1].pin']);
    expect(findSecrets({ passwordHash: 'h', password_hash: 'h', pin_hash: 'h', pinHash: 'h', hash: 'h' })).toHaveLength(5);
    expect(findSecrets({ note: '$argon2id$v=19$m=19456,t=2,p=1$abc' })).toEqual(['$.note (argon2 value)']);
  });
});

describe.runIf(engineAvailable())('auth calls', () => {
  let h: Harness;
  let c: Chain;
  let b: Awaited<ReturnType<typeof createChain>>;
  let adminB: string;

  beforeAll(async () => {
    h = await startHarness();
    c = await buildChain(h);
    b = await createChain(h);
    adminB = await loginAs(h, b.admin.username);
  });
  afterAll(() => h?.close());

  const login = (username: unknown, password: unknown, headers?: Record<string, string>) =>
    callSafe(h, 'POST', '/api/auth/login', { body: { username, password }, ...(headers ? { headers } : {}) });

  describe('POST auth/login', () => {
    it('answers token, user and roles, sets the httpOnly cookie, never a secret', async () => {
      const r = await login(c.admin.username, 'secret-pass');
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ success: true, message: 'Login successful!', roles: ['admin'] });
      expect(typeof r.json.token).toBe('string');
      expect((r.json.token as string).length).toBeGreaterThanOrEqual(32);
      const user = r.json.user as AccountRecord;
      expect(user).toMatchObject({ _id: c.admin._id, username: c.admin.username, role: 'admin', roles: ['admin'], userStatus: true, isLoggedIn: true });
      expect(user.lastLogin).not.toBeNull();
      expect(Object.keys(r.json).sort()).toEqual(['message', 'roles', 'success', 'token', 'user']);
      const cookie = setCookies(r.headers).find((s) => s.startsWith('session-token='));
      expect(cookie).toBeDefined();
      expect(cookie).toContain(`session-token=${r.json.token as string}`);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      // The token is stored hashed only.
      const rows = await h.db.query(`SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1`, [sha(r.json.token as string)]);
      expect(Number(rows[0].n)).toBe(1);
      const raw = await h.db.query(`SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1`, [r.json.token]);
      expect(Number(raw[0].n)).toBe(0);
    });

    it('every role logs in and gets its own role', async () => {
      for (const [role, acc] of [['superareamanager', c.sam], ['areamanager', c.am], ['master', c.master], ['player', c.player]] as const) {
        const r = await login(acc.username, 'secret-pass');
        expect(r.status, role).toBe(200);
        expect(r.json.roles).toEqual([role]);
        expect((r.json.user as AccountRecord).role).toBe(role);
      }
    });

    it('trims the username and ignores its case', async () => {
      expect((await login(`  ${c.master.username.toLowerCase()} `, 'secret-pass')).status).toBe(200);
    });

    it('answers the login form’s own validation messages', async () => {
      const noUser = await login(undefined, 'secret-pass');
      expect(noUser.status).toBe(400);
      expect(noUser.json).toMatchObject({ success: false, message: 'Username is required', field: 'username' });
      expect((await login('   ', 'x')).json.message).toBe('Username is required');
      expect((await login(12, 'x')).json.message).toBe('Username is required');
      const noPass = await login(c.admin.username, undefined);
      expect(noPass.status).toBe(400);
      expect(noPass.json).toMatchObject({ success: false, message: 'Password is required', field: 'password' });
      expect((await login(c.admin.username, '')).json.message).toBe('Password is required');
      const none = await callSafe(h, 'POST', '/api/auth/login', {});
      expect(none.status).toBe(400);
    });

    it('refuses a wrong password and an unknown user alike with 401', async () => {
      const wrong = await login(c.sam.username, 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(wrong.json.success).toBe(false);
      expect(wrong.json.token).toBeUndefined();
      const unknown = await login('nobody-here', 'secret-pass');
      expect(unknown.status).toBe(401);
      expect(unknown.json.message).toBe(wrong.json.message);
      // A success clears the failure count.
      const attempts = async () => Number((await h.db.query(`SELECT attempts FROM login_guards WHERE key = lower($1)`, [c.sam.username]))[0].attempts);
      expect(await attempts()).toBe(1);
      expect((await login(c.sam.username, 'secret-pass')).status).toBe(200);
      expect(await attempts()).toBe(0);
    });

    it('refuses a deactivated account with 403, and a deleted one with 401', async () => {
      const p = await createAs(h, h.root.token, 'player', c.master._id);
      expect((await call(h, 'PATCH', `/api/player/toggle-status/${p._id}/deactivate`, { token: h.root.token })).status).toBe(200);
      const r = await login(p.username, 'secret-pass');
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({ success: false });
      expect(r.json.token).toBeUndefined();
      expect((await call(h, 'DELETE', `/api/player/${p._id}`, { token: h.root.token })).status).toBe(200);
      expect((await login(p.username, 'secret-pass')).status).toBe(401);
    });
  });

  describe('sessions', () => {
    it('accepts the token as Bearer and as the session-token cookie', async () => {
      const token = await loginAs(h, c.am.username);
      const bearer = await callSafe(h, 'GET', '/api/auth/session', { token });
      expect(bearer.status).toBe(200);
      expect(bearer.json).toMatchObject({ success: true, roles: ['areamanager'], user: { _id: c.am._id, username: c.am.username } });
      const cookie = await callSafe(h, 'GET', '/api/auth/session', { headers: { cookie: `session-token=${token}` } });
      expect(cookie.status).toBe(200);
      expect((cookie.json.user as AccountRecord)._id).toBe(c.am._id);
    });

    it('answers 401 without a session or with a bad one', async () => {
      const variants: Record<string, string>[] = [{}, { authorization: 'Bearer nope' }, { authorization: 'Bearer null' }, { cookie: 'session-token=forged' }, { authorization: `Bearer ${'x'.repeat(500)}` }];
      for (const headers of variants) {
        const r = await callSafe(h, 'GET', '/api/auth/session', { headers });
        expect(r.status, JSON.stringify(headers)).toBe(401);
        expect(r.json.success).toBe(false);
      }
      expect((await call(h, 'GET', '/api/admins/all')).status).toBe(401);
      expect((await call(h, 'POST', '/api/player/credit-transfer', { body: {} })).status).toBe(401);
    });

    it('logout revokes the session and clears the cookie', async () => {
      const token = await loginAs(h, c.master.username);
      const other = await loginAs(h, c.master.username);
      const r = await callSafe(h, 'GET', '/api/auth/logout', { token });
      expect(r.status).toBe(200);
      expect(r.json.success).toBe(true);
      expect(typeof r.json.message).toBe('string');
      const cleared = setCookies(r.headers).find((s) => s.startsWith('session-token='));
      expect(cleared).toMatch(/session-token=;/);
      expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(401);
      expect((await call(h, 'GET', `/api/master/${c.master._id}`, { token })).status).toBe(401);
      // Only that session: the other one goes on.
      expect((await call(h, 'GET', '/api/auth/session', { token: other })).status).toBe(200);
      // Logout by cookie revokes too.
      expect((await call(h, 'GET', '/api/auth/logout', { headers: { cookie: `session-token=${other}`, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
      expect((await call(h, 'GET', '/api/auth/session', { token: other })).status).toBe(401);
      // Logging out without a session is harmless.
      expect((await call(h, 'GET', '/api/auth/logout')).status).toBe(200);
    });

    it('slides the expiry 30 minutes after the last request, and an expired session answers 401', async () => {
      const token = await loginAs(h, c.master.username);
      const minutesLeft = async () =>
        Number((await h.db.query(`SELECT extract(epoch FROM expires_at - now())::float8 / 60 AS m FROM sessions WHERE token_hash = $1`, [sha(token)]))[0].m);
      expect(await minutesLeft()).toBeGreaterThan(29);
      expect(await minutesLeft()).toBeLessThanOrEqual(30);
      await h.db.query(`UPDATE sessions SET expires_at = now() + interval '5 minutes' WHERE token_hash = $1`, [sha(token)]);
      expect(await minutesLeft()).toBeLessThan(6);
      expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(200);
      expect(await minutesLeft()).toBeGreaterThan(29);
      // Within the minute the expiry stays put: a busy session's requests write nothing.
      const version = async () => String((await h.db.query(`SELECT xmin::text AS v FROM sessions WHERE token_hash = $1`, [sha(token)]))[0].v);
      const before = await version();
      expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(200);
      expect(await version()).toBe(before);
      await h.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha(token)]);
      const r = await call(h, 'GET', '/api/auth/session', { token });
      expect(r.status).toBe(401);
      expect((await call(h, 'GET', `/api/player/all`, { token })).status).toBe(401);
    });
  });

  describe('GET auth/userauth/{id}', () => {
    it('answers the caller itself and accounts of its subtree', async () => {
      const self = await callSafe(h, 'GET', `/api/auth/userauth/${c.admin._id}`, { token: c.tokens.admin });
      expect(self.status).toBe(200);
      expect(self.json).toMatchObject({ success: true, data: { _id: c.admin._id, username: c.admin.username, role: 'admin' } });
      for (const acc of [c.sam, c.am, c.master, c.player]) {
        const r = await callSafe(h, 'GET', `/api/auth/userauth/${acc._id}`, { token: c.tokens.admin });
        expect(r.status, acc.role).toBe(200);
        expect((r.json.data as AccountRecord)._id).toBe(acc._id);
      }
      const player = await callSafe(h, 'GET', `/api/auth/userauth/${c.player._id}`, { token: c.tokens.player });
      expect(player.status).toBe(200);
    });

    it('refuses accounts outside the subtree with 403, and unknown ids', async () => {
      expect((await call(h, 'GET', `/api/auth/userauth/${b.player._id}`, { token: c.tokens.admin })).status).toBe(403);
      expect((await call(h, 'GET', `/api/auth/userauth/${b.admin._id}`, { token: c.tokens.admin })).status).toBe(403);
      expect((await call(h, 'GET', `/api/auth/userauth/${h.root.id}`, { token: c.tokens.admin })).status).toBe(403);
      expect((await call(h, 'GET', `/api/auth/userauth/${c.master._id}`, { token: c.tokens.player })).status).toBe(403);
      expect((await call(h, 'GET', `/api/auth/userauth/${c.admin._id}`, { token: c.tokens.master })).status).toBe(403);
      // An unknown id is refused (the contract's 404 is reported: the server answers 403 here).
      for (const id of ['987654', 'abc']) expect([403, 404]).toContain((await call(h, 'GET', `/api/auth/userauth/${id}`, { token: h.root.token })).status);
      expect((await call(h, 'GET', `/api/auth/userauth/${c.player._id}`, { token: adminB })).status).toBe(403);
    });
  });

  describe('POST auth/chnagepassword', () => {
    it('checks confirmation and old password, changes it, and ends the other sessions', async () => {
      const m = await createUnder(h, h.root.token, 'master', c.am._id);
      const current = await loginAs(h, m.username);
      const other = await loginAs(h, m.username);
      const post = (body: unknown, token = current) => callSafe(h, 'POST', '/api/auth/chnagepassword', { token, body });

      const missing = await post({ userId: m._id, opass: 'secret-pass', npass: 'new-pass-1' });
      expect(missing.status).toBe(400);
      expect(missing.json.success).toBe(false);

      const mismatch = await post({ userId: m._id, opass: 'secret-pass', npass: 'new-pass-1', cpass: 'new-pass-2' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.json).toMatchObject({ success: false, message: '❌ New and confirm password do not match.' });

      const wrongOld = await post({ userId: m._id, opass: 'wrong-old', npass: 'new-pass-1', cpass: 'new-pass-1' });
      expect(wrongOld.status).toBe(400);
      expect(wrongOld.json.success).toBe(false);
      expect(wrongOld.json.message).toBeTruthy();

      const someoneElse = await post({ userId: c.player._id, opass: 'secret-pass', npass: 'new-pass-1', cpass: 'new-pass-1' });
      expect(someoneElse.status).toBe(403);
      expect((await call(h, 'POST', '/api/auth/chnagepassword', { body: { opass: 'a', npass: 'b', cpass: 'b' } })).status).toBe(401);

      // Nothing changed so far: the old password still logs in, both sessions live.
      expect((await call(h, 'GET', '/api/auth/session', { token: other })).status).toBe(200);
      const ok = await post({ userId: m._id, opass: 'secret-pass', npass: 'new-pass-1', cpass: 'new-pass-1' });
      expect(ok.status).toBe(200);
      expect(ok.json.success).toBe(true);

      expect((await call(h, 'GET', '/api/auth/session', { token: current })).status).toBe(200);
      expect((await call(h, 'GET', '/api/auth/session', { token: other })).status).toBe(401);
      expect((await login(m.username, 'secret-pass')).status).toBe(401);
      expect((await login(m.username, 'new-pass-1')).status).toBe(200);
      // The PIN confirms operations; it never logs in, before or after a change.
      expect((await login(m.username, '4321')).status).toBe(401);
    });
  });

  describe('POST auth/checkpassword', () => {
    it('answers success for the caller password and 400 otherwise', async () => {
      const ok = await callSafe(h, 'POST', '/api/auth/checkpassword', { token: c.tokens.areamanager, body: { password: 'secret-pass' } });
      expect(ok.status).toBe(200);
      expect(ok.json.success).toBe(true);
      const wrong = await callSafe(h, 'POST', '/api/auth/checkpassword', { token: c.tokens.areamanager, body: { password: 'nope' } });
      expect(wrong.status).toBe(400);
      expect(wrong.json.success).toBe(false);
      expect(wrong.json.message).toBeTruthy();
      expect((await call(h, 'POST', '/api/auth/checkpassword', { token: c.tokens.areamanager, body: {} })).status).toBe(400);
      expect((await call(h, 'POST', '/api/auth/checkpassword', { body: { password: 'secret-pass' } })).status).toBe(401);
      const root = await callSafe(h, 'POST', '/api/auth/checkpassword', { token: h.root.token, body: { password: SUPERADMIN_PASSWORD } });
      expect(root.status).toBe(200);
    });
  });

  describe('POST auth/signup', () => {
    it('is refused with 403 while no sign-up master is configured, and creates nothing', async () => {
      const before = await h.db.query(`SELECT count(*)::int AS n FROM accounts`);
      const r = await callSafe(h, 'POST', '/api/auth/signup', { body: { username: 'selfmade', password: 'secret-123' } });
      expect(r.status).toBe(403);
      expect(r.json.success).toBe(false);
      const after = await h.db.query(`SELECT count(*)::int AS n FROM accounts`);
      expect(Number(after[0].n)).toBe(Number(before[0].n));
    });
  });

  describe('GET app/logout', () => {
    it('forces a player logout: its token answers 401 and lists show it offline', async () => {
      const p = await createAs(h, h.root.token, 'player', c.master._id);
      const token = await loginAs(h, p.username);
      const online = async () => {
        const list = await callSafe(h, 'GET', `/api/player/all?id=${c.master._id}`, { token: c.tokens.admin });
        return (list.json.data as AccountRecord[]).find((a) => a._id === p._id)?.isLoggedIn;
      };
      expect(await online()).toBe(true);
      // Outside the caller's subtree, and not a player: refused, nothing revoked.
      expect((await call(h, 'GET', `/api/app/logout?id=${p._id}&role=player`, { token: adminB })).status).toBe(403);
      expect((await call(h, 'GET', `/api/app/logout?id=${p._id}`, { token: c.tokens.player })).status).toBe(403);
      expect((await call(h, 'GET', `/api/app/logout?id=${c.master._id}`, { token: c.tokens.admin })).status).toBe(404);
      expect((await call(h, 'GET', `/api/app/logout?id=${p._id}`)).status).toBe(401);
      expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(200);

      const r = await callSafe(h, 'GET', `/api/app/logout?id=${p._id}&role=player`, { token: c.tokens.master });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ success: true, message: 'player logout successfully.' });
      expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(401);
      expect(await online()).toBe(false);
      const one = await callSafe(h, 'GET', `/api/player/${p._id}`, { token: c.tokens.master });
      expect((one.json.data as AccountRecord).isLoggedIn).toBe(false);
      // The player may log in again.
      expect((await login(p.username, 'secret-pass')).status).toBe(200);
    });
  });

  it('leaves the ledger invariant intact', async () => {
    expect((await checkInvariant(h.db)).ok).toBe(true);
  });
});

describe.runIf(engineAvailable())('login protection and sign-up (LOGIN_LOCKOUT_THRESHOLD=3, LOGIN_RATE_LIMIT=3, SIGNUP_PARENT)', () => {
  let h: Harness;
  let ipSeq = 0;
  /** Each test logs in from addresses of its own, so the per-IP limit only bites where it is tested. */
  const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  /** A login from a client address (the socket's, so it holds whatever proxy headers the server trusts). */
  const login = async (username: string, password: string, ip = freshIp()): Promise<Reply> => {
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });
    const r: Reply = { status: res.statusCode, json: res.json(), headers: res.headers };
    expectNoSecrets(r, 'login');
    return r;
  };

  beforeAll(async () => {
    h = await startHarness({ lockoutThreshold: 3, loginRateLimit: 3, signupParent: 'signup-master' });
  });
  afterAll(() => h?.close());

  it('locks an account out after 3 failures: 429 even with the right password, other accounts unaffected', async () => {
    const chain = await createChain(h);
    const p = chain.player;
    for (let i = 1; i <= 3; i++) expect((await login(p.username, `wrong-${i}`)).status, `failure ${i}`).toBe(401);
    const locked = await login(p.username, 'secret-pass');
    expect(locked.status).toBe(429);
    expect(locked.json.success).toBe(false);
    expect(locked.json.token).toBeUndefined();
    expect(locked.json.message).toBeTruthy();
    expect((await login(chain.master.username, 'secret-pass')).status).toBe(200);
    // The lock lasts its time, then the right password works again.
    await h.db.query(`UPDATE login_guards SET locked_until = now() - interval '1 second' WHERE key = lower($1)`, [p.username]);
    expect((await login(p.username, 'secret-pass')).status).toBe(200);
  });

  it('counts only consecutive failures: a success resets the count', async () => {
    const m = await createUnder(h, h.root.token, 'master', (await createChain(h)).areamanager._id);
    expect((await login(m.username, 'bad-1')).status).toBe(401);
    expect((await login(m.username, 'bad-2')).status).toBe(401);
    expect((await login(m.username, 'secret-pass')).status).toBe(200);
    expect((await login(m.username, 'bad-3')).status).toBe(401);
    expect((await login(m.username, 'bad-4')).status).toBe(401);
    expect((await login(m.username, 'secret-pass')).status).toBe(200);
  });

  it('rate-limits logins per IP: the 4th attempt in a minute answers 429, another IP goes on', async () => {
    const chain = await createChain(h);
    const ip = '10.77.0.1';
    expect((await login(chain.areamanager.username, 'secret-pass', ip)).status).toBe(200);
    expect((await login('nobody-at-all', 'secret-pass', ip)).status).toBe(401);
    expect((await login(chain.master.username, 'secret-pass', ip)).status).toBe(200);
    const limited = await login(chain.areamanager.username, 'secret-pass', ip);
    expect(limited.status).toBe(429);
    expect(limited.json.success).toBe(false);
    expect(limited.json.token).toBeUndefined();
    expect((await login(chain.areamanager.username, 'secret-pass', '10.77.0.2')).status).toBe(200);
  });

  it('signs up a player under the configured master (201), refused while that master does not exist', async () => {
    const before = await callSafe(h, 'POST', '/api/auth/signup', { body: { username: 'early-bird', password: 'secret-123' } });
    expect(before.status).toBe(403);
    const chain = await createChain(h);
    await h.db.query(`UPDATE accounts SET username = 'signup-master' WHERE id = $1`, [Number(chain.master._id)]);

    const bad = await callSafe(h, 'POST', '/api/auth/signup', { body: { username: 'x', password: '1' } });
    expect(bad.status).toBe(400);
    expect(bad.json.success).toBe(false);
    expect((await callSafe(h, 'POST', '/api/auth/signup', { body: { username: 'no-password-here' } })).status).toBe(400);

    const r = await callSafe(h, 'POST', '/api/auth/signup', { body: { username: 'selfmade', password: 'secret-123' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ success: true, data: { username: 'selfmade', role: 'player', refId: { _id: chain.master._id }, userStatus: true, walletBalance: 0 } });
    const t = await login('selfmade', 'secret-123');
    expect(t.status).toBe(200);
    expect(t.json.roles).toEqual(['player']);
    // The master sees its new player.
    const masterToken = (await login('signup-master', 'secret-pass')).json.token as string;
    const kids = await callSafe(h, 'GET', `/api/master/${chain.master._id}/children`, { token: masterToken });
    expect((kids.json.data as AccountRecord[]).map((a) => a.username)).toContain('selfmade');
    // A taken username is a conflict, nothing written.
    const dup = await callSafe(h, 'POST', '/api/auth/signup', { body: { username: 'SelfMade', password: 'secret-123' } });
    expect(dup.status).toBe(409);
  });

  it('leaves the ledger invariant intact', async () => {
    expect((await checkInvariant(h.db)).ok).toBe(true);
  });
});
