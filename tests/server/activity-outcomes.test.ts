import { describe, expect, it } from 'vitest';
import type { LogRow } from '../../domain/api';
import { checkInvariant } from '../../server/credit/ledger';
import { call, createAs, engineAvailable, generate, SUPERADMIN_PASSWORD, useHarness } from './harness';

const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];

describe.runIf(engineAvailable())('Log Activities tells the truth', () => {
  const h = useHarness();

  const logs = async (search?: string) => {
    const r = await call(h, 'GET', `/api/logs?limit=100${search ? `&search=${encodeURIComponent(search)}` : ''}`, { token: h.root.token });
    expect(r.status).toBe(200);
    return r.json.data as LogRow[];
  };

  it('every route that leaves an activity row declares its subject by code (no raw request line)', () => {
    const logging = h.app.routeTable.filter((r) => {
      const methods = [r.method].flat();
      const cfg = r.config as { log?: boolean } | undefined;
      return cfg?.log !== false && (cfg?.log === true || methods.some((m) => MUTATING.includes(m)));
    });
    expect(logging.length).toBeGreaterThan(30);
    const bare = logging.filter((r) => !(r.config as { subject?: unknown } | undefined)?.subject && !r.url.endsWith('/auth/login')).map((r) => `${String(r.method)} ${r.url}`);
    expect(bare).toEqual([]);
  });

  it('a refused transfer is logged as refused with its reason, a done one as done', async () => {
    await generate(h, 100);
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    const body = (points: number) => ({ password: SUPERADMIN_PASSWORD, transferAmount: points, toUserId: admin._id });
    expect((await call(h, 'POST', '/api/admins/credit-transfer', { token: h.root.token, body: body(5) })).status).toBe(200);
    expect((await call(h, 'POST', '/api/admins/credit-transfer', { token: h.root.token, body: body(1_000_000) })).status).toBe(409);
    const rows = (await logs()).filter((r) => r.code === 'creditTransfer');
    expect(rows.map((r) => [r.subject, r.params, r.outcome])).toEqual([
      ['Credit transfer to Admin', { tier: 'admin' }, { status: 409, reason: 'insufficientBalance', params: null }],
      ['Credit transfer to Admin', { tier: 'admin' }, { status: 200, reason: null, params: null }],
    ]);
    await checkInvariant(h.db);
  });

  it('a password check has its own subject, and a wrong password is a refusal with its reason', async () => {
    expect((await call(h, 'POST', '/api/auth/checkpassword', { token: h.root.token, body: { password: 'not-it-at-all' } })).status).toBe(400);
    expect((await call(h, 'POST', '/api/auth/checkpassword', { token: h.root.token, body: { password: SUPERADMIN_PASSWORD } })).status).toBe(200);
    // Each row is written before its answer goes: both are there at once.
    const rows = (await logs()).filter((r) => r.requestUrl === '/api/auth/checkpassword');
    expect(rows.map((r) => [r.code, r.subject, r.outcome?.status, r.outcome?.reason])).toEqual([
      ['passwordCheck', 'Password check', 200, null],
      ['passwordCheck', 'Password check', 400, 'invalidPassword'],
    ]);
  });

  it('a refused login says why', async () => {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    expect((await call(h, 'POST', '/api/auth/login', { body: { username: admin.username, password: 'wrong-password' } })).status).toBe(401);
    const [row] = (await logs(admin.username)).filter((r) => r.code === 'login');
    expect(row?.outcome).toEqual({ status: 401, reason: 'invalidCredentials', params: null });
  });

  it('rows written before codes read back as codes from their English; their outcome reads as not recorded', async () => {
    await h.db.query(
      `INSERT INTO activity_logs (account_id, username, subject, request_url, method, ip_address, status)
       VALUES ($1, 'superadmin', 'Credit transfer to Super Area Manager', '/api/old-1', 'POST', '127.0.0.1', NULL),
              ($1, 'superadmin', 'POST /api/auth/checkpassword', '/api/old-2', 'POST', '127.0.0.1', NULL),
              ($1, 'superadmin', 'Failed login', '/api/old-3', 'POST', '127.0.0.1', NULL),
              ($1, 'superadmin', 'Something nobody coded', '/api/old-4', 'POST', '127.0.0.1', NULL)`,
      [h.root.id],
    );
    const old = Object.fromEntries((await logs()).filter((r) => r.requestUrl.startsWith('/api/old-')).map((r) => [r.requestUrl, [r.code, r.params, r.outcome]]));
    expect(old).toEqual({
      '/api/old-1': ['creditTransfer', { tier: 'superareamanager' }, null],
      '/api/old-2': ['passwordCheck', null, null],
      '/api/old-3': ['login', null, { status: 401, reason: 'invalidCredentials' }],
      '/api/old-4': [null, null, null],
    });
  });

  it('the CSV tells each outcome in words', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/logs/export', headers: { authorization: `Bearer ${h.root.token}` } });
    expect(r.statusCode).toBe(200);
    const lines = r.body.trim().split('\r\n');
    expect(lines[0]).toBe('createdAt,username,subject,outcome,method,requestUrl,ipAddress');
    expect(lines.some((l) => l.includes(',superadmin,Credit transfer to Admin,Refused: Insufficient balance.,POST,'))).toBe(true);
    expect(lines.some((l) => l.includes(',superadmin,Credit transfer to Admin,Done,POST,'))).toBe(true);
    expect(lines.some((l) => l.includes(',Password check,Refused: '))).toBe(true);
    const json = await h.app.inject({ method: 'GET', url: '/api/logs/export?format=json', headers: { authorization: `Bearer ${h.root.token}` } });
    expect((json.json() as { data: LogRow[] }).data.length).toBe(lines.length - 1);
  });
});
