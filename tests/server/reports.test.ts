import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import { moveBalance } from '../../server/games/console.service';
import { placeBet } from '../../server/games/bets';
import { settleDue } from '../../server/games/settle';
import { childTierOf, COMMISSION_SPLIT, tierOf, type AccountRecord } from '../../resources.config';
import { call, createAs, createUnder, engineAvailable, fund, loginAs, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';

/**
 * A four-level tree with its own rates: super area manager 5 %, area manager 3 %, masters 2 % and
 * 1.5 %, players 1 %, 0.5 % and 0 %. Bets: P1 100 points on 7, P2 37 on 3, P3 77 on 5; the console
 * forces 7, so P1 wins 900. Every figure below is computed by hand from those numbers.
 */
describe.runIf(engineAvailable())('reports: turnover, revenue, admin commission', () => {
  let h: Harness;
  const acc: Record<string, AccountRecord> = {};
  const tok: Record<string, string> = {};

  const pathOf = async (id: string) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(id)]))[0].path);

  beforeAll(async () => {
    h = await startHarness();
    const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const t = h.root.token;
    acc.admin = await createAs(h, t, 'admin', h.root.id, { games, commission: 0 });
    acc.sam = await createAs(h, t, 'superareamanager', acc.admin._id, { commission: 5 });
    acc.am = await createAs(h, t, 'areamanager', acc.sam._id, { commission: 3 });
    acc.m1 = await createUnder(h, t, 'master', acc.am._id, { commission: 2 });
    acc.m2 = await createUnder(h, t, 'master', acc.am._id, { commission: 1.5 });
    acc.p1 = await createAs(h, t, 'player', acc.m1._id, { commission: 1 });
    acc.p2 = await createAs(h, t, 'player', acc.m1._id, { commission: 0.5 });
    acc.p3 = await createAs(h, t, 'player', acc.m2._id, { commission: 0 });
    for (const p of ['p1', 'p2', 'p3']) await fund(h, acc[p]._id, 200, 'player');
    await fund(h, acc.admin._id, 2000, 'admin');
    for (const k of ['admin', 'sam', 'am', 'm1', 'p1']) tok[k] = await loginAs(h, acc[k].username);
    const now = new Date();
    await moveBalance(h.db, Number(acc.admin._id), Number(acc.admin._id), FUN_TARGET, { type: 'add', cents: 100_000n });
    await placeBet(h.db, { id: Number(acc.p1._id), path: await pathOf(acc.p1._id) }, FUN_TARGET, [{ option: '7', qty: 100 }], now);
    await placeBet(h.db, { id: Number(acc.p2._id), path: await pathOf(acc.p2._id) }, FUN_TARGET, [{ option: '3', qty: 37 }], now);
    await placeBet(h.db, { id: Number(acc.p3._id), path: await pathOf(acc.p3._id) }, FUN_TARGET, [{ option: '5', qty: 77 }], now);
    const r = await call(h, 'POST', '/api/live/addresult', { token: tok.admin, body: { adminId: acc.admin._id, gameId: FUN_TARGET, result: '7', boosterValue: 1 } });
    expect(r.status).toBe(200);
    await h.db.query(`UPDATE console_results SET created_at = now() - interval '1 hour'`);
    const settled = await settleDue(h.db, new Date(now.getTime() + 61_000));
    expect(settled.find((s) => s.playCents === 21_400n)?.result).toBe('7');
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  const rowsOf = async (path: string, token: string) => {
    const r = await call(h, 'GET', path, { token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data as Record<string, number | string>[];
  };
  const ADMIN_ROW = { playPoints: 214, winPoints: 900, endPoints: -686, supercom: 10.7, distcom: 6.42, retailcom: 3.9, usercom: 1.19, commission: 22.21, netToPay: -708.21 };

  it('gives the superadmin one row per admin with every tier’s commission, rounded half-up per ancestor', async () => {
    const rows = await rowsOf('/api/reports/turnoverreport', h.root.token);
    const admin = rows.find((x) => x.id === acc.admin._id);
    expect(admin).toMatchObject({ username: acc.admin.username, role: 'admin', ...ADMIN_ROW });
    // A tier the registry adds between these earns at the 0 % it was created with.
    for (const column of COMMISSION_SPLIT.columns.filter((c) => !(c in ADMIN_ROW))) expect(admin?.[column], column).toBe(0);
  });

  it('splits the same figures down the tree, and the drill-down rows sum to their parent row', async () => {
    const sam = await rowsOf(`/api/reports/turnoverreport?role=superareamanager&id=${acc.sam._id}`, h.root.token);
    expect(sam).toEqual([expect.objectContaining({ id: acc.am._id, ...ADMIN_ROW })]);
    // The area manager's rows are its children's, of the tier the registry hangs under it, and sum to its own row.
    const am = await rowsOf('/api/reports/turnoverreport', tok.am);
    expect(am.length).toBeGreaterThan(0);
    for (const row of am) expect(row.role).toBe(childTierOf('areamanager')?.role);
    for (const k of ['playPoints', 'supercom', 'distcom', 'retailcom', 'usercom', 'commission', 'netToPay'] as const)
      expect(Math.round(am.reduce((sum, x) => sum + (x[k] as number), 0) * 100) / 100, k).toBe(ADMIN_ROW[k]);
    // The masters' rows, in the report of the account they hang under (the area manager itself in the shipped chain).
    const parent = acc.m1.refId!._id;
    expect(acc.m2.refId?._id).toBe(parent);
    const masters = await rowsOf(`/api/reports/turnoverreport?role=${tierOf('master').parent}&id=${parent}`, tok.am);
    expect(masters.map((x) => x.id)).toEqual([acc.m1._id, acc.m2._id]);
    const m1 = masters.find((x) => x.id === acc.m1._id)!;
    const m2 = masters.find((x) => x.id === acc.m2._id)!;
    expect(m1).toMatchObject({ playPoints: 137, winPoints: 900, supercom: 6.85, distcom: 4.11, retailcom: 2.74, usercom: 1.19, commission: 14.89, netToPay: -777.89 });
    expect(m2).toMatchObject({ playPoints: 77, winPoints: 0, supercom: 3.85, distcom: 2.31, retailcom: 1.16, usercom: 0, commission: 7.32, netToPay: 69.68, compercentage: 1.5 });
    for (const k of ['playPoints', 'supercom', 'distcom', 'retailcom', 'usercom', 'commission', 'netToPay'] as const)
      expect(Math.round(((m1[k] as number) + (m2[k] as number)) * 100) / 100, k).toBe(ADMIN_ROW[k]);
    const master = await rowsOf('/api/reports/turnoverreport', tok.m1);
    expect(master.find((x) => x.id === acc.p1._id)).toMatchObject({ playPoints: 100, winPoints: 900, supercom: 5, distcom: 3, retailcom: 2, usercom: 1, commission: 11, netToPay: -811 });
    expect(master.find((x) => x.id === acc.p2._id)).toMatchObject({ playPoints: 37, supercom: 1.85, distcom: 1.11, retailcom: 0.74, usercom: 0.19, commission: 3.89, netToPay: 33.11 });
  });

  it('gives the admin its revenue rows and the revenue-by-id drill-down with totals', async () => {
    const rev = await rowsOf('/api/reports/revenuereport', tok.admin);
    expect(rev).toEqual([{ id: acc.sam._id, username: acc.sam.username, role: 'superareamanager', playPoints: 214, winPoints: 900, endPoints: -686, commission: 22.21, netToPay: -708.21 }]);
    const h2 = await call(h, 'GET', `/api/reports/hreport?id=${acc.am._id}`, { token: tok.admin });
    expect(h2.json.totals).toEqual({ playPoints: 214, winPoints: 900, endPoints: -686, commission: 22.21, netToPay: -708.21 });
  });

  it('reports admin commission per game as total points × win percentage', async () => {
    const rows = await rowsOf('/api/reports/admincommissionpayout', h.root.token);
    const ft = rows.find((x) => x.username === acc.admin.username && x.gameId === FUN_TARGET);
    expect(ft).toMatchObject({ gameName: 'Fun Target', nofDigit: 10, winpercentage: 90, totalpoints: 214, totalwinpoints: 900, commission: 192.6 });
  });

  it('counts whole days of the server’s time zone', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const none = await rowsOf(`/api/reports/turnoverreport?startDate=${yesterday}&endDate=${yesterday}`, h.root.token);
    expect(none.find((x) => x.id === acc.admin._id)).toMatchObject({ playPoints: 0, commission: 0 });
    expect((await call(h, 'GET', '/api/reports/turnoverreport?startDate=garbage', { token: h.root.token })).status).toBe(400);
  });

  it('answers only inside the caller’s subtree and only to the roles each report allows', async () => {
    expect((await call(h, 'GET', `/api/reports/turnoverreport?id=${acc.admin._id}`, { token: tok.am })).status).toBe(403);
    expect((await call(h, 'GET', `/api/reports/turnoverreport?id=${acc.m2._id}`, { token: tok.m1 })).status).toBe(403);
    expect((await call(h, 'GET', '/api/reports/turnoverreport', { token: tok.admin })).status).toBe(403);
    expect((await call(h, 'GET', '/api/reports/revenuereport', { token: h.root.token })).status).toBe(403);
    expect((await call(h, 'GET', '/api/reports/turnoverreport', { token: tok.p1 })).status).toBe(403);
    expect((await call(h, 'GET', `/api/reports/turnoverreport?role=master&id=${acc.am._id}`, { token: tok.sam })).status).toBe(400);
  });

  it('lists the ledger as the viewed account sees it, signed, with its balance after', async () => {
    const mine = await call(h, 'GET', '/api/reports/transactionreport?type=single', { token: tok.admin });
    const rows = mine.json.data as { amount: number; transactionType: string; newBalance: number; userId: { username: string } | null }[];
    expect(rows.find((x) => x.transactionType === 'transfer')).toMatchObject({ amount: 2000, userId: { username: 'superadmin' } });
    expect(rows.find((x) => x.transactionType === 'pool')).toMatchObject({ amount: -1000, newBalance: 1000 });
    const p1 = await call(h, 'GET', `/api/reports/transactionreport?type=single&id=${acc.p1._id}`, { token: tok.m1 });
    const kinds = (p1.json.data as { transactionType: string; amount: number }[]).map((x) => [x.transactionType, x.amount]);
    expect(kinds).toEqual(expect.arrayContaining([['bet', -100], ['win', 900], ['transfer', 200]]));
    expect((await call(h, 'GET', '/api/reports/transactionreport?status=pending', { token: tok.admin })).json.data).toEqual([]);
    expect((await call(h, 'GET', `/api/reports/transactionreport?id=${acc.admin._id}`, { token: tok.m1 })).status).toBe(403);
  });
});
