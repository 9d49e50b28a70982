import { describe, expect, it } from 'vitest';
import { call, createAs, engineAvailable, loginAs, useHarness } from './harness';

/**
 * A date outside 2000–2100 or one that does not parse is a 400 with a clear message
 * on every route that takes one, never a 500 (the reports answered 500 for -271821-04-20, the logs,
 * transactions and game history for year 10000 on PGlite), and a game pool's id in auth/userauth is
 * a 404 that says what it is, not a 500 ("unknown tier pool").
 */
describe.runIf(engineAvailable())('extreme and garbled dates', () => {
  const h = useHarness();

  const BAD_DATES = ['-271821-04-20', '+275760-09-13', '10000-01-01', '9999-12-31', '1999-12-31', '2101-01-01', 'garbage', '2026-13-45'];

  /** Every route with a date parameter, each parameter of it, and who may call it. */
  const ROUTES: { url: string; params: string[]; as: 'root' | 'admin' }[] = [
    { url: '/api/reports/turnoverreport', params: ['startDate', 'endDate'], as: 'root' },
    { url: '/api/reports/admincommissionpayout', params: ['startDate', 'endDate'], as: 'root' },
    { url: '/api/reports/revenuereport', params: ['startDate', 'endDate'], as: 'admin' },
    { url: '/api/reports/hreport', params: ['startDate', 'endDate'], as: 'admin' },
    { url: '/api/reports/commissionpayout', params: ['startDate', 'endDate'], as: 'root' },
    { url: '/api/reports/findallusers', params: ['startDate', 'endDate'], as: 'root' },
    { url: '/api/reports/transactionreport', params: ['date', 'startDate', 'endDate'], as: 'root' },
    { url: '/api/logs', params: ['date', 'startDate', 'endDate'], as: 'root' },
    { url: '/api/logs/activityLogs', params: ['date', 'startDate', 'endDate'], as: 'root' },
    { url: '/api/logs/export', params: ['date', 'startDate', 'endDate'], as: 'root' },
    { url: '/api/history/gamehistory', params: ['tdate', 'startDate', 'endDate'], as: 'root' },
  ];

  it('is a 400 naming the parameter on every route, and a good date still answers 200', async () => {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    const tokens = { root: h.root.token, admin: await loginAs(h, admin.username) };
    const failures: string[] = [];
    for (const route of ROUTES) {
      const token = tokens[route.as];
      const good = await call(h, 'GET', `${route.url}?startDate=2026-01-01&endDate=2026-01-31`, { token });
      if (good.status !== 200) failures.push(`${route.url} good range -> ${good.status} ${good.json.message}`);
      for (const name of route.params) {
        for (const bad of BAD_DATES) {
          const r = await call(h, 'GET', `${route.url}?${name}=${encodeURIComponent(bad)}`, { token });
          const message = String(r.json.message ?? '');
          if (r.status !== 400 || r.json.field !== name || !message.includes('2000') || !message.includes(name))
            failures.push(`${route.url}?${name}=${bad} -> ${r.status} ${message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a game pool in auth/userauth is a 404 that says it is a pool', async () => {
    const gameDbId = Number((await h.db.query(`SELECT id FROM games ORDER BY id LIMIT 1`))[0].id);
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: [String(gameDbId)] });
    const { ensurePool } = await import('../../server/games/repository');
    const pool = await h.db.transaction((tx) => ensurePool(tx, Number(admin._id), gameDbId));
    for (const token of [h.root.token, await loginAs(h, admin.username)]) {
      const r = await call(h, 'GET', `/api/auth/userauth/${pool.accountId}`, { token });
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ success: false, code: 'notAUserAccount', message: 'This id is a game pool, not a user account.' });
    }
    // A real account still reads.
    expect((await call(h, 'GET', `/api/auth/userauth/${admin._id}`, { token: h.root.token })).status).toBe(200);
  });
});
