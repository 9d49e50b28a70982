import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIERS, tierOf, childTierOf, type TierDef } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import { buildChain, call, callSafe, engineAvailable, fund, generate, loginAs, startHarness, validBody, type Chain, type Harness } from './harness';
import { ENGINE } from './engine';

/** Every route of docs/API.md, generated from the registry: method, path (`:id`, `:childId`, `:action`) and the tier. */
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  tier?: TierDef;
}

const FAMILY: Omit<Route, 'tier'>[] = [
  { method: 'POST', path: '/create' },
  { method: 'GET', path: '/all' },
  { method: 'GET', path: '/loadcredit/:id' },
  { method: 'POST', path: '/credit-transfer' },
  { method: 'POST', path: '/credit-adjust' },
  { method: 'PATCH', path: '/toggle-status/:id/:action' },
  { method: 'GET', path: '/:id' },
  { method: 'PUT', path: '/:id' },
  { method: 'DELETE', path: '/:id' },
  { method: 'GET', path: '/:id/children' },
  { method: 'POST', path: '/:id/children' },
  { method: 'GET', path: '/:id/children/:childId' },
  { method: 'PUT', path: '/:id/children/:childId' },
  { method: 'POST', path: '/:id/children/:childId/credit-transfer' },
  { method: 'POST', path: '/:id/children/:childId/credit-adjust' },
  { method: 'PATCH', path: '/:id/children/:childId/toggle-status/:action' },
  { method: 'DELETE', path: '/:id/children/delete/:childId' },
];

const ROUTES: Route[] = [
  ...TIERS.flatMap((t) => FAMILY.map((r) => ({ ...r, path: `/api${t.api}${r.path}`, tier: t }))),
  { method: 'POST', path: '/api/auth/login' },
  { method: 'GET', path: '/api/auth/session' },
  { method: 'GET', path: '/api/auth/userauth/:id' },
  { method: 'POST', path: '/api/auth/chnagepassword' },
  { method: 'POST', path: '/api/auth/checkpassword' },
  { method: 'POST', path: '/api/auth/signup' },
  { method: 'GET', path: '/api/app/logout' },
  { method: 'GET', path: '/api/credit/loadcredit' },
  { method: 'GET', path: '/api/counts/usercount' },
  { method: 'GET', path: '/api/game/usergames/:id' },
  { method: 'GET', path: '/api/health' },
];

/** Ids no account has: words, signs, overflowing numbers, decimals, unicode, a very long one, injection-looking text. */
const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  '9999999999999999',
  '9223372036854775808',
  encodeURIComponent('😀'),
  encodeURIComponent('ünïcødé名前'),
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('../../etc/passwd'),
  '%20',
  'null',
  'undefined',
  'x'.repeat(3000),
];

/** Bodies of every wrong shape: not JSON, JSON of the wrong type, wrong field types, huge strings, unicode, deep nesting. */
const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });
const BAD_BODIES: { name: string; payload: string; type?: string }[] = [
  { name: 'broken JSON', payload: '{"userId": ' },
  { name: 'a JSON array', payload: JSON.stringify([1, 2, 3]) },
  { name: 'a JSON string', payload: JSON.stringify('text') },
  { name: 'JSON null', payload: 'null' },
  { name: 'a JSON number', payload: '42' },
  { name: 'an empty body', payload: '' },
  {
    name: 'fields of the wrong types',
    payload: JSON.stringify({
      userId: { $ne: null },
      password: ['secret-pass'],
      transferAmount: { value: 5 },
      adjustAmount: [5],
      transactionType: 7,
      toUserId: [1],
      updatedFields: 'everything',
      childAdminData: [1, 2],
      parentAdminId: { id: 1 },
      refId: { _id: 1 },
      games: 'Fun Target',
      userStatus: 'maybe',
      username: ['a'],
      opass: 1,
      npass: {},
      cpass: null,
      email: 5,
      phone: { n: 1 },
      dateOfBirth: 12,
      commission: 'lots',
      commissionAmount: -1,
    }),
  },
  {
    name: 'updatedFields of the wrong types',
    payload: JSON.stringify({ updatedFields: { refId: [1], games: [{}, null, 'x'], userStatus: {}, dateOfBirth: '2020-13-45', commission: 1e308, password: 'x', pin: 'y' } }),
  },
  {
    name: 'huge strings',
    payload: JSON.stringify({
      username: 'u'.repeat(200_000),
      password: 'p'.repeat(200_000),
      transferAmount: '9'.repeat(5_000),
      adjustAmount: '1'.repeat(5_000),
      toUserId: '7'.repeat(5_000),
      updatedFields: { city: 'c'.repeat(100_000), note: 'n'.repeat(100_000) },
      childAdminData: { firstName: 'f'.repeat(100_000) },
    }),
  },
  {
    name: 'unicode everywhere',
    payload: JSON.stringify({
      username: '管理者😀',
      password: 'пароль',
      transferAmount: '５',
      adjustAmount: '١٠',
      toUserId: '٣',
      updatedFields: { city: 'Zürich 🏔', firstName: '\u202Eevil', address: '\uFFFF' },
      childAdminData: { firstName: 'Ünïcødé', email: 'ü@例え.jp' },
    }),
  },
  { name: 'deep nesting', payload: JSON.stringify({ updatedFields: deep(200), childAdminData: deep(200), password: deep(50) }) },
  { name: 'a text/plain body', payload: 'username=a&password=b', type: 'text/plain' },
  { name: 'a form body', payload: 'username=a&password=b', type: 'application/x-www-form-urlencoded' },
];

const BAD_QUERIES = [
  'page=-1&perPage=abc',
  'page=0&perPage=0',
  'page=1e300&perPage=1e300',
  'page=99999999999999999999',
  'perPage=-5&sort=username&order=asc',
  'sort[]=username&order[]=ASC',
  'sort=password_hash&order=DESC',
  'sort=a.id;DROP TABLE accounts',
  `search=${encodeURIComponent("' OR 1=1 --")}`,
  `search=${encodeURIComponent('%_\\')}`,
  `search=${'s'.repeat(5000)}`,
  `search=${encodeURIComponent('😀名')}`,
  'id=abc&role=superadmin',
  'id=-1&role=',
  'id=99999999999999999999',
  'id[]=1&id[]=2',
  `id=${encodeURIComponent('1; DROP TABLE accounts')}`,
];

describe.runIf(engineAvailable())('bad input never gets a 500', () => {
  let h: Harness;
  let c: Chain;
  /** A real account of every tier (chain A, and the seeded system accounts), each holding points so deletes stay refused. */
  let idOf: Record<string, string>;

  beforeAll(async () => {
    h = await startHarness();
    c = await buildChain(h);
    idOf = { superadmin: h.root.id, ...Object.fromEntries(Object.entries(c.byRole).map(([role, a]) => [role, a._id])) };
    for (const t of TIERS.filter((x) => x.kind === 'system')) idOf[t.role] = String((await h.db.query(`SELECT id FROM accounts WHERE role = $1 LIMIT 1`, [t.role]))[0].id);
    await generate(h, 1000);
    for (const t of TIERS.filter((x) => x.role !== 'superadmin')) await fund(h, idOf[t.role], 10, t.role);
  });
  afterAll(() => h?.close());

  const fill = (r: Route, ids: { id: string; childId: string; action?: string }) =>
    r.path.replace(':id', ids.id).replace(':childId', ids.childId).replace(':action', ids.action ?? 'activate');
  const realIds = (r: Route) => {
    const t = r.tier ?? tierOf('admin');
    const child = childTierOf(t.role);
    return { id: idOf[t.role], childId: child ? idOf[child.role] : idOf.player };
  };
  /** Calls and fails with the route, the input and the reply when the server answers 5xx. */
  async function expectNo500(method: Route['method'], url: string, what: string, opts: { token?: string; payload?: string; type?: string } = {}) {
    const res = await h.app.inject({
      method,
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.payload !== undefined ? { 'content-type': opts.type ?? 'application/json' } : {}),
      },
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    });
    if (res.statusCode >= 500) throw new Error(`${method} ${url.slice(0, 200)} with ${what} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(200);
    // Every error is the JSON envelope (Fastify's own 414 for an over-long path segment is reported, not asserted).
    if (res.statusCode >= 400 && res.statusCode !== 414) expect(res.json()).toMatchObject({ success: false });
    return res.statusCode;
  }

  it('covers every call of docs/API.md', () => {
    expect(ROUTES.length).toBe(TIERS.length * FAMILY.length + 11);
  });

  // Every route on PostgreSQL. PGlite is the same parser and planner, so the garbage that reaches the
  // database fails there alike: it takes the routes that are not a tier's, and two tiers' families
  // (one with children, one system account), in a quarter of the time.
  const SAMPLE_TIERS = new Set(['master', 'gift']);
  const routes = ENGINE === 'postgres' ? ROUTES : ROUTES.filter((r) => !r.tier || SAMPLE_TIERS.has(r.tier.role));
  for (const r of routes) {
    it(`${r.method} ${r.path}`, async () => {
      // The superadmin reaches deepest into every handler; logout would end its session, so it runs without one.
      const token = r.path === '/api/auth/logout' ? undefined : h.root.token;
      const hasIds = r.path.includes(':');
      const statuses = new Set<number>();
      if (hasIds)
        for (const bad of BAD_IDS) {
          const real = realIds(r);
          statuses.add(await expectNo500(r.method, fill(r, { id: bad, childId: bad, action: bad }), `id ${bad.slice(0, 40)}`, { token }));
          if (r.path.includes(':childId')) statuses.add(await expectNo500(r.method, fill(r, { id: real.id, childId: bad }), `childId ${bad.slice(0, 40)}`, { token }));
          if (r.path.includes(':action')) statuses.add(await expectNo500(r.method, fill(r, { ...real, action: bad }), `action ${bad.slice(0, 40)}`, { token }));
        }
      const url = fill(r, realIds(r));
      if (r.method !== 'GET')
        for (const body of BAD_BODIES) statuses.add(await expectNo500(r.method, url, body.name, { token, payload: body.payload, ...(body.type ? { type: body.type } : {}) }));
      // Queries matter to the GET calls (lists, views); the others get a sample.
      for (const q of r.method === 'GET' ? BAD_QUERIES : BAD_QUERIES.filter((_, i) => i % 5 === 0)) statuses.add(await expectNo500(r.method, `${url}?${q}`, `query ${q.slice(0, 60)}`, { token }));
      // Without a session and as a player, too.
      statuses.add(await expectNo500(r.method, url, 'no session', r.method === 'GET' ? {} : { payload: '{}' }));
      statuses.add(await expectNo500(r.method, url, 'a player session', { token: c.tokens.player, ...(r.method === 'GET' ? {} : { payload: BAD_BODIES[6].payload }) }));
      expect(statuses.size).toBeGreaterThan(0);
    });
  }

  it('a body over the size limit answers 413, not 500', async () => {
    const big = JSON.stringify({ updatedFields: { note: 'x'.repeat(1_100_000) } });
    for (const [method, url] of [
      ['PUT', `/api/admins/${c.admin._id}`],
      ['POST', '/api/auth/login'],
      ['POST', `/api/player/credit-transfer`],
    ] as const) {
      const res = await h.app.inject({ method, url, headers: { authorization: `Bearer ${h.root.token}`, 'content-type': 'application/json' }, payload: big });
      expect(res.statusCode, url).toBe(413);
    }
  });

  it('unknown API paths answer a JSON 404', async () => {
    for (const url of ['/api/nope', '/api/admins/1/2/3/4', '/api/superadmins/x/y', `/api/admins/${c.admin._id}/grandchildren`]) {
      const r = await call(h, 'GET', url, { token: h.root.token });
      expect(r.status, url).toBe(404);
      expect(r.json.success).toBe(false);
    }
  });

  it('the garbage changed no balance, status or ledger row, and the invariant holds', async () => {
    expect((await checkInvariant(h.db)).ok).toBe(true);
    const rows = await h.db.query(`SELECT id::text AS id, wallet_balance::text AS w, active, deleted_at IS NULL AS live FROM accounts WHERE id = ANY($1::bigint[])`, [
      Object.values(idOf).map(Number),
    ]);
    for (const row of rows) {
      expect(row.live, String(row.id)).toBe(true);
      expect(row.active, String(row.id)).toBe(true);
      if (row.id !== h.root.id) expect(row.w, String(row.id)).toBe('1000');
    }
    // The sessions used above still work: no garbage logged anyone out.
    expect((await call(h, 'GET', '/api/auth/session', { token: h.root.token })).status).toBe(200);
  });
});

describe.runIf(engineAvailable())('field validation of the account forms', () => {
  let h: Harness;
  let adminToken: string;
  let adminId: string;
  beforeAll(async () => {
    h = await startHarness();
    const c = await buildChain(h);
    adminToken = await loginAs(h, c.admin.username);
    adminId = c.admin._id;
  });
  afterAll(() => h?.close());

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['phone', { phone: 'call me' }, 'phone', 'Phone number must be a number'],
    ['pinCode', { pinCode: '12ab' }, 'pinCode', 'PIN Code must be a number'],
    ['commission above 100', { commissionAmount: 150 }, 'commissionAmount', 'Commission must be a number between 0 and 100'],
    ['negative commission', { commissionAmount: -1 }, 'commissionAmount', 'Commission must be a number between 0 and 100'],
    ['short password', { password: 'abcde' }, 'password', 'Password must be at least 6 characters'],
    ['status', { userStatus: 'sometimes' }, 'userStatus', 'Status must be Active or Deactive'],
    ['games not a list', { games: 'Fun Target' }, 'games', 'Games must be a list'],
    ['unknown game', { games: ['424242'] }, 'games', 'Unknown game.'],
    ['text too long', { address: 'a'.repeat(501) }, 'address', 'Address is too long'],
  ];
  for (const [name, extra, field, message] of cases)
    it(`admin create: ${name} → 400 '${message}', nothing written`, async () => {
      const before = Number((await h.db.query(`SELECT count(*)::int AS n FROM accounts`))[0].n);
      const r = await callSafe(h, 'POST', '/api/admins/create', { token: h.root.token, body: validBody('admin', { refId: h.root.id, ...extra }) });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ success: false, message, field });
      expect(Number((await h.db.query(`SELECT count(*)::int AS n FROM accounts`))[0].n)).toBe(before);
    });

  it('lists every invalid field in errors, the first one in field/message', async () => {
    const r = await callSafe(h, 'POST', '/api/admins/create', { token: h.root.token, body: { refId: h.root.id } });
    expect(r.status).toBe(400);
    const errors = r.json.errors as { field: string; message: string }[];
    const required = tierOf('admin').createFields.filter((f) => f.required && f.name !== 'refId').map((f) => f.name);
    expect(errors.map((e) => e.field)).toEqual(expect.arrayContaining(required));
    expect(r.json.field).toBe(errors[0].field);
    expect(r.json.message).toBe(errors[0].message);
  });

  it('dates: a valid yyyy-mm-dd is kept, anything else is refused', async () => {
    const ok = await callSafe(h, 'PUT', `/api/master/${(await h.db.query(`SELECT id FROM accounts WHERE role = 'master' LIMIT 1`))[0].id}`, {
      token: adminToken,
      body: { updatedFields: { dateOfBirth: '1985-12-31' } },
    });
    expect(ok.status).toBe(200);
    expect((ok.json.data as { dateOfBirth: string }).dateOfBirth).toBe('1985-12-31');
    for (const bad of ['31/12/1985', '1985-13-01', 'yesterday', '99999-01-01']) {
      const r = await call(h, 'PUT', `/api/admins/${adminId}`, { token: h.root.token, body: { updatedFields: { dateOfBirth: bad } } });
      expect(r.status, bad).toBe(400);
    }
  });
});
