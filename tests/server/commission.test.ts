import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findRef } from '../../server/accounts/repository';
import { checkInvariant } from '../../server/credit/ledger';
import { placeBet } from '../../server/games/bets';
import { settleDue } from '../../server/games/settle';
import { sendCommission } from '../../server/reports/commission';
import { balanceCents, call, createAs, createUnder, engineAvailable, fund, loginAs, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const DAY = 86_400_000;

/** Noon of the day before `now`, so "yesterday" is one known calendar day in any time zone offset. */
const yesterdayNoon = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12, 0, 0);

describe.runIf(engineAvailable())('commission: pending and send', () => {
  let h: Harness;
  const acc: Record<string, { _id: string; username: string }> = {};
  let adminToken: string;

  const pathOf = async (id: string) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(id)]))[0].path);
  async function tree(prefix: string, fundAdmin: number) {
    const t = h.root.token;
    const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    acc[`${prefix}admin`] = await createAs(h, t, 'admin', h.root.id, { games });
    acc[`${prefix}sam`] = await createAs(h, t, 'superareamanager', acc[`${prefix}admin`]._id, { commission: 5 });
    acc[`${prefix}am`] = await createAs(h, t, 'areamanager', acc[`${prefix}sam`]._id, { commission: 3 });
    acc[`${prefix}m1`] = await createUnder(h, t, 'master', acc[`${prefix}am`]._id, { commission: 2 });
    acc[`${prefix}m2`] = await createUnder(h, t, 'master', acc[`${prefix}am`]._id, { commission: 1.5 });
    acc[`${prefix}p1`] = await createAs(h, t, 'player', acc[`${prefix}m1`]._id, { commission: 1 });
    acc[`${prefix}p2`] = await createAs(h, t, 'player', acc[`${prefix}m1`]._id, { commission: 0.5 });
    acc[`${prefix}p3`] = await createAs(h, t, 'player', acc[`${prefix}m2`]._id, { commission: 0 });
    for (const p of ['p1', 'p2', 'p3']) await fund(h, acc[`${prefix}${p}`]._id, 200, 'player');
    if (fundAdmin) await fund(h, acc[`${prefix}admin`]._id, fundAdmin, 'admin');
    const at = yesterdayNoon(new Date());
    const bet = async (p: string, option: string, qty: number) =>
      placeBet(h.db, { id: Number(acc[`${prefix}${p}`]._id), path: await pathOf(acc[`${prefix}${p}`]._id) }, FUN_TARGET, [{ option, qty }], at);
    await bet('p1', '7', 100);
    await bet('p2', '3', 37);
    await bet('p3', '5', 77);
    await settleDue(h.db, new Date(at.getTime() + 61_000));
  }

  beforeAll(async () => {
    h = await startHarness();
    await tree('', 1000);
    await tree('short', 0);
    adminToken = await loginAs(h, acc.admin.username);
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  it('shows pending commission per tier: play since last paid × rate', async () => {
    const r = await call(h, 'GET', `/api/reports/commissionpayout?role=master`, { token: adminToken });
    expect(r.json.data).toEqual([
      expect.objectContaining({ username: acc.m1.username, commission: 2, totalcommission: 137, pending: 2.74 }),
      expect.objectContaining({ username: acc.m2.username, commission: 1.5, totalcommission: 77, pending: 1.16 }),
    ]);
    expect(r.json).toMatchObject({ total: 2, totals: { totalcommission: 214, pending: 3.9 } });
    // A page of one row: the second master; the number of rows and the totals are still every row's.
    const second = await call(h, 'GET', `/api/reports/commissionpayout?role=master&page=2&limit=1`, { token: adminToken });
    expect(second.json).toMatchObject({ data: [expect.objectContaining({ username: acc.m2.username })], total: 2, totals: { totalcommission: 214, pending: 3.9 } });
    expect((await call(h, 'GET', `/api/reports/commissionpayout?role=master&limit=501`, { token: adminToken })).status).toBe(400);
  });

  it('refuses the send without a recent password check', async () => {
    const r = await call(h, 'GET', '/api/reports/sendcommission?days=day', { token: adminToken });
    expect(r.status).toBe(403);
  });

  it('previews what Send will pay without paying, and totals play once (not once per tier)', async () => {
    const before = await balanceCents(h, acc.admin._id);
    const r = await call(h, 'GET', '/api/reports/sendcommission/preview?days=day', { token: adminToken });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ pays: 22.21, totals: { playPoints: 214, commission: 22.21, netToPay: null } });
    // Paged: the first row only, with the number of rows and the totals over all of them.
    const one = await call(h, 'GET', '/api/reports/sendcommission/preview?days=day&limit=1', { token: adminToken });
    expect(one.json).toMatchObject({ pays: 22.21, total: (r.json.data as unknown[]).length, totals: { playPoints: 214, commission: 22.21 } });
    expect(one.json.data).toEqual([(r.json.data as unknown[])[0]]);
    expect(r.json.period).toEqual(expect.objectContaining({ from: expect.any(String), to: expect.any(String) }));
    expect(await balanceCents(h, acc.admin._id)).toBe(before);
    expect((await call(h, 'GET', '/api/reports/sendcommission/preview?days=day', { token: h.root.token })).status).toBe(403);
  });

  it('pays exactly the turnover commission of yesterday once, even to two sends at once', async () => {
    expect((await call(h, 'POST', '/api/auth/checkpassword', { token: adminToken, body: { password: 'secret-pass' } })).status).toBe(200);
    const before = await balanceCents(h, acc.admin._id);
    const earners = ['sam', 'am', 'm1', 'm2', 'p1', 'p2', 'p3'];
    const was = await Promise.all(earners.map((k) => balanceCents(h, acc[k]._id)));
    const [a, b] = await Promise.all([
      call(h, 'GET', '/api/reports/sendcommission?days=day', { token: adminToken }),
      call(h, 'GET', '/api/reports/sendcommission?days=day', { token: adminToken }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const paying = [a, b].find((x) => x.json.message === 'Commission sent successfully');
    expect(paying, 'one send pays').toBeTruthy();
    expect([a, b].filter((x) => String(x.json.message).startsWith('Nothing to pay'))).toHaveLength(1);
    expect(paying!.json.totals).toMatchObject({ commission: 22.21, playPoints: 214 });
    // The same 22.21 the turnover report gives the admin for that day.
    const y = yesterdayNoon(new Date()).toISOString();
    const turnover = await call(h, 'GET', `/api/reports/turnoverreport?startDate=${y}&endDate=${y}`, { token: h.root.token });
    expect((turnover.json.data as { id: string; commission: number }[]).find((x) => x.id === acc.admin._id)?.commission).toBe(22.21);
    expect(await balanceCents(h, acc.admin._id)).toBe(before - 2221n);
    const now = await Promise.all(earners.map((k) => balanceCents(h, acc[k]._id)));
    expect(now.map((c, i) => c - was[i])).toEqual([1070n, 642n, 274n, 116n, 100n, 19n, 0n]);
    const again = await call(h, 'GET', '/api/reports/sendcommission?days=day', { token: adminToken });
    expect(again.json.message).toMatch(/^Nothing to pay/);
    expect(await balanceCents(h, acc.admin._id)).toBe(before - 2221n);
  });

  it('pays nothing when the admin’s wallet cannot cover it', async () => {
    const admin = (await findRef(h.db, Number(acc.shortadmin._id)))!;
    const ledger = async () => Number((await h.db.query(`SELECT count(*)::int AS n FROM transactions`))[0].n);
    const rows = await ledger();
    await expect(sendCommission(h.db, admin, 'day', admin.id)).rejects.toMatchObject({ statusCode: 409 });
    expect(await ledger()).toBe(rows);
    const pending = await call(h, 'GET', `/api/reports/commissionpayout?role=superareamanager&id=${acc.shortadmin._id}`, { token: h.root.token });
    expect(pending.json.data).toEqual([expect.objectContaining({ totalcommission: 214, pending: 10.7 })]);
  });

  it('pays a week from Sunday to Saturday with a controllable clock', async () => {
    const admin = (await findRef(h.db, Number(acc.shortadmin._id)))!;
    await fund(h, acc.shortadmin._id, 100, 'admin');
    const y = yesterdayNoon(new Date());
    // A clock in the week after yesterday's: the last complete week is the one holding yesterday.
    const nextWeek = new Date(y.getTime() + (7 - y.getDay()) * DAY + DAY);
    const out = await sendCommission(h.db, admin, 'week', admin.id, nextWeek);
    expect(out.paid).toBe(2221n);
    expect(new Date(`${out.period.from}T12:00:00`).getDay()).toBe(0);
  });
});
