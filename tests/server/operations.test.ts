import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createChain, engineAvailable, loginAs, startHarness, type Harness } from './harness';

describe.runIf(engineAvailable())('operations: activity logs and Contact Us', () => {
  let h: Harness;
  let chain: Awaited<ReturnType<typeof createChain>>;
  let other: Awaited<ReturnType<typeof createChain>>;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    h = await startHarness({ complaintRateLimit: 3 });
    chain = await createChain(h);
    other = await createChain(h);
    tok.admin = await loginAs(h, chain.admin.username);
    tok.master = await loginAs(h, chain.master.username);
    tok.other = await loginAs(h, other.admin.username);
    tok.player = await loginAs(h, chain.player.username);
    await call(h, 'POST', '/api/auth/login', { body: { username: 'nobody-at-all', password: 'x' } });
    await call(h, 'POST', '/api/auth/checkpassword', { token: tok.master, body: { password: 'secret-pass' } });
  });
  afterAll(() => h?.close());

  const rowsOf = async (url: string, token: string) => {
    const r = await call(h, 'GET', url, { token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data as { username: string | null; subject: string; requestUrl: string; _id: string }[];
  };

  it('shows the caller’s subtree newest first, the superadmin everything', async () => {
    const mine = await rowsOf('/api/logs?limit=500', tok.admin);
    const names = new Set(mine.map((x) => x.username));
    expect(names.has(chain.master.username)).toBe(true);
    expect(names.has(other.admin.username)).toBe(false);
    expect(names.has('nobody-at-all')).toBe(false);
    expect(Number(mine[0]._id)).toBeGreaterThan(Number(mine[mine.length - 1]._id));
    const all = await rowsOf('/api/logs?limit=500', h.root.token);
    expect(all.some((x) => x.username === 'nobody-at-all')).toBe(true);
    const search = await rowsOf(`/api/logs?search=${chain.master.username}`, tok.admin);
    expect(search.length).toBeGreaterThan(0);
    expect(search.every((x) => x.username === chain.master.username)).toBe(true);
    expect((await call(h, 'GET', '/api/logs?date=garbage', { token: tok.admin })).status).toBe(400);
    expect((await call(h, 'GET', '/api/logs', { token: tok.player })).status).toBe(403);
    expect((await call(h, 'GET', `/api/logs/${other.admin._id}`, { token: tok.admin })).status).toBe(404);
    const byUser = await rowsOf(`/api/logs/${chain.master._id}`, tok.admin);
    expect(byUser.every((x) => x.username === chain.master.username)).toBe(true);
    const one = await call(h, 'GET', `/api/logs/getUserLogById/${byUser[0]._id}`, { token: tok.admin });
    expect(one.json.data).toMatchObject({ _id: byUser[0]._id });
    expect((await call(h, 'GET', `/api/logs/getUserLogById/${byUser[0]._id}`, { token: tok.other })).status).toBe(404);
  });

  it('records a screen event with the server’s identity and nothing of the body', async () => {
    const r = await call(h, 'POST', '/api/logs/logUserActivity', { token: tok.master, body: { subject: 'Opened turnover', password: 'secret-pass' } });
    expect(r.status).toBe(201);
    const rows = await rowsOf('/api/logs?search=Screen', tok.master);
    expect(rows[0]).toMatchObject({ username: chain.master.username, subject: 'Screen: Opened turnover' });
    const dump = JSON.stringify(await h.db.query(`SELECT * FROM activity_logs`));
    expect(dump).not.toContain('secret-pass');
  });

  it('exports the whole filtered set as logs.csv, with formulas neutralised', async () => {
    await call(h, 'POST', '/api/logs/logUserActivity', { token: tok.master, body: { subject: '=HYPERLINK("x")' } });
    const res = await h.app.inject({ method: 'GET', url: '/api/logs/export?search=Screen', headers: { authorization: `Bearer ${tok.master}` } });
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('logs.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('createdAt,username,subject,outcome,method,requestUrl,ipAddress');
    expect(lines.length).toBe(3);
    expect(res.body).toContain(`"Screen: =HYPERLINK(""x"")"`);
  });

  it('takes Contact Us messages without a session, validated and rate-limited per address', async () => {
    const send = (body: Record<string, unknown>, ip: string) =>
      h.app.inject({ method: 'POST', url: '/api/complaint', payload: body, remoteAddress: ip }).then((r) => ({ status: r.statusCode, json: r.json() as Record<string, unknown> }));
    const good = { enquiryType: 'Payment', fullName: 'Asha Rao', email: 'asha@example.com', mobile: '+91 98765 43210', complaintDetails: 'My points did not arrive.' };
    expect((await send(good, '10.1.0.1')).status).toBe(201);
    const bad = await send({ ...good, email: 'not-an-email', fullName: '' }, '10.1.0.2');
    expect([bad.status, bad.json.message]).toEqual([400, 'Full name is required']);
    expect((await send(good, '10.1.0.3')).status).toBe(201);
    for (let i = 0; i < 2; i++) await send(good, '10.1.0.9');
    expect((await send(good, '10.1.0.9')).status).toBe(201);
    expect((await send(good, '10.1.0.9')).status).toBe(429);
  });

  it('lists messages ten a page and moves their status in any order', async () => {
    const list = await call(h, 'GET', '/api/complaint?page=1', { token: tok.admin });
    expect(list.json).toMatchObject({ totalComplaints: 5, currentPage: 1, totalPages: 1, limit: 10 });
    const id = (list.json.data as { _id: string }[])[0]._id;
    for (const status of ['Completed', 'Pending', 'Cancelled'])
      expect((await call(h, 'PATCH', `/api/complaint/${id}/status`, { token: h.root.token, body: { status } })).json.data).toMatchObject({ status });
    expect((await call(h, 'PATCH', `/api/complaint/${id}/status`, { token: h.root.token, body: { status: 'Lost' } })).status).toBe(400);
    expect((await call(h, 'GET', '/api/complaint', { token: tok.master })).status).toBe(403);
    expect((await call(h, 'PATCH', '/api/complaint/999999/status', { token: tok.admin, body: { status: 'Pending' } })).status).toBe(404);
  });

  it('answers react-admin simple-rest on messages and logs: sort, range, filter, Content-Range', async () => {
    const page = await call(h, 'GET', `/api/complaint?sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[1,2]')}`, { token: tok.admin });
    expect(page.status).toBe(200);
    expect(page.headers['content-range']).toBe('complaint 1-2/5');
    const ids = (page.json.data as { id: string; _id: string }[]).map((r) => Number(r.id));
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeLessThan(ids[1]);
    const newest = await call(h, 'GET', `/api/complaint?range=${encodeURIComponent('[0,0]')}`, { token: tok.admin });
    expect(Number((newest.json.data as { id: string }[])[0].id)).toBeGreaterThan(ids[1]);
    const logs = await call(h, 'GET', `/api/logs?range=${encodeURIComponent('[0,1]')}&filter=${encodeURIComponent(JSON.stringify({ q: 'Screen' }))}`, { token: tok.master });
    expect(logs.status).toBe(200);
    expect(logs.headers['content-range']).toMatch(/^logs 0-1\/\d+$/);
    const rows = logs.json.data as { id: string; subject: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.subject).toContain('Screen');
    expect((await call(h, 'GET', `/api/logs?sort=${encodeURIComponent('["password","ASC"]')}`, { token: tok.master })).status).toBe(400);
    expect((await call(h, 'GET', '/api/complaint?range=oops', { token: tok.admin })).status).toBe(400);
  });
});
