import { describe, expect, it } from 'vitest';
import { call, createAs, engineAvailable, generate, loginAs, SUPERADMIN_PASSWORD, useHarness } from './harness';

describe.runIf(engineAvailable())('activity log', () => {
  const h = useHarness();

  const rows = () => h.db.query<{ username: string | null; subject: string; request_url: string; method: string; ip_address: string | null; status: number; reason: string | null }>(
    `SELECT username, subject, request_url, method, ip_address, status, reason FROM activity_logs ORDER BY id`,
  );

  it('writes login, failed login, logout and every credit operation, without secrets', async () => {
    await generate(h, 50);
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    await call(h, 'POST', '/api/auth/login', { body: { username: admin.username, password: 'wrong-password' } });
    const token = await loginAs(h, admin.username);
    await call(h, 'POST', '/api/admins/credit-transfer', {
      token: h.root.token,
      body: { password: SUPERADMIN_PASSWORD, transferAmount: 3, toUserId: admin._id },
    });
    await call(h, 'POST', '/api/admins/credit-adjust', {
      token: h.root.token,
      body: { password: 'not-my-password', adjustAmount: 1, transactionType: 'credit', toUserId: admin._id },
    });
    await call(h, 'GET', '/api/auth/logout', { token });
    const log = await rows();
    const subjects = log.map((r) => `${r.username}:${r.subject}`);
    // A failed login is a login refused with its reason (tests/server/activity-outcomes.test.ts has the rest).
    expect(log.filter((r) => r.username === admin.username && r.subject === 'Login').map((r) => r.reason)).toEqual(['invalidCredentials', null]);
    expect(subjects).toContain(`${admin.username}:Login`);
    expect(subjects).toContain(`${admin.username}:Logout`);
    expect(subjects).toContain('superadmin:Credit transfer to Admin');
    // A refused operation is logged too: the trail shows attempts, not only successes.
    expect(subjects.filter((s) => s === 'superadmin:Credit adjust of Admin')).toHaveLength(1);
    expect(log.every((r) => r.ip_address && r.method && r.request_url.startsWith('/api/'))).toBe(true);
    const text = JSON.stringify(log);
    for (const secret of [SUPERADMIN_PASSWORD, 'wrong-password', 'not-my-password', token]) expect(text).not.toContain(secret);
  });
});

describe.runIf(engineAvailable())('edit profile', () => {
  const h = useHarness();

  it('lets an account change its own profile fields, and nothing that belongs to its parent', async () => {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    const token = await loginAs(h, admin.username);
    const ok = await call(h, 'PUT', `/api/admins/${admin._id}`, { token, body: { updatedFields: { firstName: 'Renamed', city: 'Pune' } } });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ firstName: 'Renamed', city: 'Pune', commission: admin.commission });
    for (const updatedFields of [{ userStatus: false }, { commission: 50 }, { refId: h.root.id }, { games: [] }, { password: 'sneaky-pass' }]) {
      const refused = await call(h, 'PUT', `/api/admins/${admin._id}`, { token, body: { updatedFields } });
      expect(refused.status, JSON.stringify(updatedFields)).toBe(403);
    }
    const after = await call(h, 'GET', `/api/admins/${admin._id}`, { token });
    expect(after.json.data).toMatchObject({ userStatus: true, commission: admin.commission, firstName: 'Renamed' });
    // The old password still works: the refused change wrote nothing.
    expect((await call(h, 'POST', '/api/auth/login', { body: { username: admin.username, password: 'secret-pass' } })).status).toBe(200);
  });

  it('reads its own record but no other account of its tier', async () => {
    const a = await createAs(h, h.root.token, 'admin', h.root.id);
    const b = await createAs(h, h.root.token, 'admin', h.root.id);
    const token = await loginAs(h, a.username);
    expect((await call(h, 'GET', `/api/admins/${a._id}`, { token })).status).toBe(200);
    expect((await call(h, 'GET', `/api/admins/${b._id}`, { token })).status).toBe(403);
    expect((await call(h, 'PUT', `/api/admins/${b._id}`, { token, body: { updatedFields: { firstName: 'X' } } })).status).toBe(403);
  });
});
