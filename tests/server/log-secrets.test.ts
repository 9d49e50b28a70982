import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callSafe, createAs, engineAvailable, generate, loginAs, startHarness, SUPERADMIN_PASSWORD, type Harness } from './harness';

/**
 * No password, PIN, token or cookie in the activity log or in the server's own log output:
 * a session's life at trace level — login, step-up, a transfer, a change of password, a wrong
 * password, a complaint, a bad request — then every captured line and every log row is searched.
 */
describe.runIf(engineAvailable())('secrets stay out of the logs', () => {
  const serverLog: string[] = [];
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, { logger: { level: 'trace', stream: { write: (line: string) => void serverLog.push(line) } } });
  });
  afterAll(() => h?.close());

  it('at trace level, through a whole session', async () => {
    const secrets = ['Adm1n-Secret-pw', 'Adm1n-NewSecret-pw', '8642', 'Wr0ng-Guess-pw', SUPERADMIN_PASSWORD];
    await generate(h, 1000);
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { password: secrets[0], pin: secrets[2] });
    const token = await loginAs(h, admin.username, secrets[0]);
    const cookieLogin = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: admin.username, password: secrets[0] } });
    const cookie = String(cookieLogin.headers['set-cookie'] ?? '').split(';')[0]!.split('=')[1]!;
    expect(cookie.length).toBeGreaterThan(10);
    await call(h, 'POST', '/api/auth/login', { body: { username: admin.username, password: secrets[3] } });
    await call(h, 'POST', '/api/auth/checkpassword', { token, body: { password: secrets[0] } });
    await callSafe(h, 'POST', '/api/admins/credit-transfer', { token: h.root.token, body: { userId: h.root.id, toUserId: admin._id, password: SUPERADMIN_PASSWORD, transferAmount: 5 } });
    await call(h, 'POST', '/api/auth/chnagepassword', { token, body: { userId: admin._id, opass: secrets[0], npass: secrets[1], cpass: secrets[1] } });
    await h.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `td_session=${cookie}` } });
    await call(h, 'GET', `/api/auth/session?token=${token}`);
    await call(h, 'POST', '/api/logs/logUserActivity', { token, body: { subject: 'Opened backups', password: secrets[1], pin: secrets[2] } });
    await h.app.inject({ method: 'POST', url: '/api/complaint', payload: { enquiryType: 'Login', fullName: 'Ravi K', email: 'ravi@example.com', mobile: '9876543210', complaintDetails: 'Cannot log in' } });

    expect(serverLog.length).toBeGreaterThan(20); // trace level really captured the requests
    const rows = JSON.stringify(await h.db.query(`SELECT * FROM activity_logs`));
    for (const s of [...secrets, token, cookie, h.root.token]) {
      // The value as a whole, not inside a longer run of letters and digits: the PIN 8642 is also in
      // the timestamp 1795723508642, which is no leak.
      const held = new RegExp(`(?<![A-Za-z0-9])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`);
      expect(serverLog.filter((l) => held.test(l)).map((l) => l.slice(0, 300)), `server log holds ${s.slice(0, 6)}…`).toEqual([]);
      expect(held.test(rows), `activity log holds ${s.slice(0, 6)}…`).toBe(false);
    }
  });
});
