/**
 * The report screens in Chromium against `npm start`: after simulated bets
 * on Fun Target and Bingo by two players under a four-level tree with different commission rates,
 * every report screen shows the figures the API answers for the same period; the drill-down and
 * Back, the Date Range modal, the exports read back with their sheet and columns, and the
 * commission send with its password modal. The tests run in order on two pages (superadmin, admin).
 */
import { readFileSync } from 'node:fs';
import { format } from 'date-fns';
import type { Download, Page, Request } from 'playwright-core';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatPoints } from '../../domain/money';
import { dayKey, dayRange, lastCompletePeriod, PERIOD_CODES, periodRange, type Range } from '../../domain/periods';
import { tierOf, type AccountRecord, type Role } from '../../resources.config';
import { Api } from './api';
import { e2eRun, heading, login, menuItem, UI_TIMEOUT } from './browser';
import { SUPERADMIN } from './server';

const PASSWORD = 'Report-pass-1';
const FUN_TARGET = 'MNOQqWWi';
const BINGO = 'qZicXibb';

const e2e = e2eRun();
let root: Api;
let asAdmin: Api;
/** The tree: admin → sam (5 %) → am (3 %) → master (2 %) → p1 (1 %), p2 (0.5 %); idle: a second admin with no play. */
const acc = {} as Record<'admin' | 'idle' | 'sam' | 'am' | 'master' | 'p1' | 'p2', AccountRecord>;
let sa: Page;
let ad: Page;

interface GameRow {
  id: string;
  gameId: string;
  status: string;
  releaseDate: string;
}

type Figures = Record<string, number | string>;
type ReportAnswer = { data: Figures[]; totals?: Record<string, number> };

const adminFields = (n: number) => ({
  firstName: `Rhea${n}`,
  lastName: 'Report',
  email: `rhea${n}.report@example.com`,
  phone: `912345670${n}`,
  country: 'IN',
  state: 'KA',
  city: 'Bengaluru',
  address: `${n} Report Road`,
  pinCode: '560008',
  refId: '',
  userStatus: true,
  password: PASSWORD,
  pin: '1234',
});

/** A bet; a round closing at that very moment refuses it (409), so it goes to the next one. */
async function bet(player: Api, gameId: string, draws: { drawno: string; drawqty: number }[]) {
  const body = { gameId, draws };
  const first = await player.raw('POST', 'app/createbet', body);
  if (first.status === 409) return player.call('POST', 'app/createbet', body);
  if (first.status !== 201) throw new Error(`bet refused: ${first.status} ${String(first.json.message)}`);
  return first.json;
}

/** Until every ticket of the players is settled, so no figure moves while the screens are read (expect.poll needs a test). */
async function settled(players: Api[], timeoutMs = 40_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lists = await Promise.all(players.map((p) => p.call<{ data: { status: string }[] }>('GET', 'app/tickets?limit=100')));
    const statuses = lists.flatMap((l) => l.data.map((t) => t.status));
    if (statuses.length === 4 && statuses.every((s) => s === 'settled')) return;
    if (Date.now() > deadline) throw new Error(`tickets not settled: ${JSON.stringify(statuses)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  await root.generate(100_000, SUPERADMIN.password);
  // Fun Target and Bingo play 10-second rounds here: the bets settle before the screens are read.
  const time = (await root.call<{ data: { id: string } }>('POST', 'time', { timecount: 10 })).data;
  const games = (await root.call<{ data: GameRow[] }>('GET', 'game?perPage=50')).data;
  for (const id of [FUN_TARGET, BINGO]) {
    const g = games.find((x) => x.gameId === id)!;
    await root.call('PUT', `game/${g.id}`, { ...g, gameStatus: g.status, releaseDate: g.releaseDate.slice(0, 10), timeId: [time.id] });
  }
  const gameIds = games.map((g) => g.id);
  acc.admin = await root.create('admins', { ...adminFields(1), refId: root.user._id, commissionAmount: 10, games: gameIds });
  acc.idle = await root.create('admins', { ...adminFields(2), refId: root.user._id, commissionAmount: 4, games: gameIds });
  asAdmin = await Api.login(e2e.server.baseUrl, acc.admin.username, PASSWORD);
  // The registry's chain down to the master; a tier the spec does not name earns 0 %, so the figures below hold.
  const rates: Partial<Record<Role, number>> = { superareamanager: 5, areamanager: 3, master: 2 };
  const chain = await asAdmin.chainDown('master', (role) => ({ password: PASSWORD, pin: '1234', commission: rates[role] ?? 0 }));
  [acc.sam, acc.am, acc.master] = [chain.superareamanager!, chain.areamanager!, chain.master!];
  acc.p1 = await asAdmin.create('player', { password: PASSWORD, pin: '1234', refId: acc.master._id, commission: 1 });
  acc.p2 = await asAdmin.create('player', { password: PASSWORD, pin: '1234', refId: acc.master._id, commission: 0.5 });
  await root.transfer('admins', acc.admin._id, 5_000, SUPERADMIN.password);
  await asAdmin.transfer('player', acc.p1._id, 500, PASSWORD);
  await asAdmin.transfer('player', acc.p2._id, 500, PASSWORD);
  const p1 = await Api.login(e2e.server.baseUrl, acc.p1.username, PASSWORD);
  const p2 = await Api.login(e2e.server.baseUrl, acc.p2.username, PASSWORD);
  // p1 covers every Fun Target digit, so whatever the round draws it wins: win figures are not zero.
  await bet(p1, FUN_TARGET, Array.from({ length: 10 }, (_, d) => ({ drawno: String(d), drawqty: 2 })));
  await bet(p1, BINGO, [{ drawno: '5', drawqty: 3 }]);
  await bet(p2, FUN_TARGET, [{ drawno: '3', drawqty: 7 }]);
  await bet(p2, BINGO, [{ drawno: '12', drawqty: 4 }]);
  sa = await e2e.newPage();
  ad = await e2e.newPage();
  await Promise.all([
    settled([p1, p2]),
    login(sa, SUPERADMIN.username, SUPERADMIN.password, '/superadmin/dashboard'),
    login(ad, acc.admin.username, PASSWORD, '/admin/dashboard'),
  ]);
});

// ---- reading the screens -------------------------------------------------------------------

const fp = formatPoints;
const cents = (n: number) => Math.round(n * 100);
/** A figure summed over rows in cents, back in points. */
const total = (rows: readonly Figures[], key: string) => rows.reduce((s, r) => s + cents(r[key] as number), 0) / 100;

/** The head, body and footer cells of the table named `name`, as the screen shows them. */
const tableText = (page: Page, name: string) =>
  page
    .getByRole('table', { name, exact: true })
    .evaluate((t) => {
      const cells = (sel: string) => [...t.querySelectorAll(sel)].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText.trim()));
      return { head: cells('thead tr')[0], body: cells('tbody tr'), foot: cells('tfoot tr') };
    }, undefined, { timeout: 2_000 })
    .catch((e: Error) => e.message);

/** The summary cards: label → figure. */
const cardText = (page: Page) =>
  page
    .getByRole('group', { name: 'Summary', exact: true })
    .evaluate((g) => Object.fromEntries([...g.querySelectorAll('section')].map((s) => [s.getAttribute('aria-label'), [...s.querySelectorAll('p')].at(-1)?.textContent])), undefined, { timeout: 2_000 })
    .catch((e: Error) => e.message);

/** Polls the whole screen (table and cards) until it is what the API's answer says. */
async function expectScreen(page: Page, title: string, table: { head: string[]; body: string[][]; foot: string[][] }, cards?: Record<string, string>) {
  await heading(page, title).waitFor();
  await expect.poll(() => tableText(page, title), { timeout: UI_TIMEOUT }).toEqual(table);
  if (cards) await expect.poll(() => cardText(page), { timeout: UI_TIMEOUT }).toEqual(cards);
}

const apiPathOf = (r: Request) => new URL(r.url()).pathname;
/** The next call of the screen to GET /api/{path}. */
const nextCall = (page: Page, path: string) => page.waitForRequest((r) => apiPathOf(r) === `/api/${path}` && r.method() === 'GET', { timeout: UI_TIMEOUT });
const queryOf = (r: Request) => Object.fromEntries(new URL(r.url()).searchParams);
/** Runs `action` and answers the query of the report call it makes. */
async function callOf(page: Page, path: string, action: () => Promise<unknown>): Promise<Record<string, string>> {
  const [request] = await Promise.all([nextCall(page, path), action()]);
  return queryOf(request);
}
/** What the API answers `api` for a query the screen sent. */
const answer = (api: Api, path: string, query: Record<string, string>) => api.call<ReportAnswer>('GET', `${path}?${new URLSearchParams(query)}`);

const bounds = (r: Range) => ({ startDate: r.start.toISOString(), endDate: r.end.toISOString() });
const today = () => periodRange(PERIOD_CODES.today, new Date())!;
const daysAgo = (n: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - n, 12);
};

async function download(page: Page, button: string): Promise<{ file: string; wb: XLSX.WorkBook }> {
  const [dl]: [Download, unknown] = await Promise.all([page.waitForEvent('download', { timeout: UI_TIMEOUT }), page.getByRole('button', { name: button, exact: true }).click()]);
  return { file: dl.suggestedFilename(), wb: XLSX.read(readFileSync(await dl.path()), { type: 'buffer', cellStyles: true }) };
}
const sheetRows = (wb: XLSX.WorkBook, sheet: string, raw: boolean) => XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[sheet]!, { header: 1, raw });

// ---- the turnover report -------------------------------------------------------------------

const TURNOVER_HEAD = ['No', 'ID', 'Play Points', 'Win Points', 'End Points', 'Super', 'Distributor', 'Retailer', 'User', 'Net'];
const TURNOVER_FIGURES = ['playPoints', 'winPoints', 'endPoints', 'supercom', 'distcom', 'retailcom', 'usercom', 'netToPay'];

const turnoverTable = (rows: Figures[]) => ({
  head: TURNOVER_HEAD,
  body: rows.length ? rows.map((r, i) => [String(i + 1), String(r.username), ...TURNOVER_FIGURES.map((k) => fp(r[k] as number))]) : [['No records found']],
  foot: [['Total', '', ...TURNOVER_FIGURES.map((k) => fp(total(rows, k)))]],
});
const turnoverCards = (rows: Figures[]) => ({
  'Total PlayPoints': fp(total(rows, 'playPoints')),
  'Total WinPoints': fp(total(rows, 'winPoints')),
  'End Point': fp(total(rows, 'endPoints')),
  'Total Commission': fp(total(rows, 'commission')),
  Net: fp(total(rows, 'netToPay')),
});
const expectTurnover = (title: string, rows: Figures[]) => expectScreen(sa, title, turnoverTable(rows), turnoverCards(rows));

/** The superadmin's answer for the admins over today, kept for the export. */
let topRows: Figures[] = [];

describe('report screens', () => {
  test('Turnover Report: the rows, Total and cards are the API’s; the drill-down goes two levels and Back comes up again', async () => {
    const query = await callOf(sa, 'reports/turnoverreport', () => menuItem(sa, 'Turnover Report').click());
    expect(query).toEqual(bounds(today()));
    const top = await answer(root, 'reports/turnoverreport', query);
    topRows = top.data;
    // The figures come from the bets: 34 points played (p1 23, p2 11), commission per tier by hand.
    const mine = top.data.find((r) => r.id === acc.admin._id)!;
    expect(mine).toMatchObject({ playPoints: 34, supercom: 1.7, distcom: 1.02, retailcom: 0.68, usercom: 0.29, commission: 3.69 });
    expect(mine.winPoints as number).toBeGreaterThan(0);
    expect(top.data.find((r) => r.id === acc.idle._id)).toMatchObject({ playPoints: 0, winPoints: 0, commission: 0 });
    await expectTurnover('Admin TurnOver Report', top.data);
    expect(await sa.getByRole('button', { name: 'Today', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // Into the admin: its super area managers.
    const intoAdmin = await callOf(sa, 'reports/turnoverreport', () => sa.getByRole('link', { name: `View ${acc.admin.username}`, exact: true }).click());
    const url1 = new URL(sa.url());
    expect(url1.pathname).toBe('/superadmin/turnoverreport');
    expect(Object.fromEntries(url1.searchParams)).toEqual({ role: 'admin', id: acc.admin._id, ...bounds(today()) });
    expect(intoAdmin).toEqual({ role: 'admin', id: acc.admin._id, ...bounds(today()) });
    const level1 = await answer(root, 'reports/turnoverreport', intoAdmin);
    expect(level1.data.map((r) => r.username)).toEqual([acc.sam.username]);
    await expectTurnover('Super Area Manager TurnOver Report', level1.data);

    // Into the super area manager (through its username link): its area managers, the same play.
    const intoSam = await callOf(sa, 'reports/turnoverreport', () => sa.getByRole('link', { name: acc.sam.username, exact: true }).click());
    expect(intoSam).toEqual({ role: 'superareamanager', id: acc.sam._id, ...bounds(today()) });
    const level2 = await answer(root, 'reports/turnoverreport', intoSam);
    expect(level2.data.map((r) => [r.username, r.playPoints, r.commission])).toEqual([[acc.am.username, 34, 3.69]]);
    await expectTurnover('Area Manager TurnOver Report', level2.data);

    await sa.getByRole('button', { name: 'Back', exact: true }).click();
    await expectTurnover('Super Area Manager TurnOver Report', level1.data);
    expect(new URL(sa.url()).searchParams.get('id')).toBe(acc.admin._id);
    await sa.getByRole('button', { name: 'Back', exact: true }).click();
    await expectTurnover('Admin TurnOver Report', top.data);
    expect(new URL(sa.url()).searchParams.get('id')).toBeNull();
  });

  test('Date Range: the modal starts on the range shown, Get Summary asks for its days, Close asks nothing', async () => {
    // The URL has no dates yet (today by default): Get Summary on today's days fetches them again.
    expect(new URL(sa.url()).searchParams.get('startDate')).toBeNull();
    const dialog = sa.getByRole('dialog', { name: 'Select Date Range' });
    await sa.getByRole('button', { name: 'Date Range', exact: true }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('From Date', { exact: true }).inputValue()).toBe(dayKey(new Date()));
    expect(await dialog.getByLabel('To Date', { exact: true }).inputValue()).toBe(dayKey(new Date()));
    expect(await callOf(sa, 'reports/turnoverreport', () => dialog.getByRole('button', { name: 'Get Summary' }).click())).toEqual(bounds(today()));
    await dialog.waitFor({ state: 'detached' });
    await expectTurnover('Admin TurnOver Report', topRows);

    await sa.getByRole('button', { name: 'Date Range', exact: true }).click();
    await dialog.getByLabel('From Date', { exact: true }).fill(dayKey(daysAgo(10)));
    await dialog.getByLabel('To Date', { exact: true }).fill(dayKey(daysAgo(3)));
    const query = await callOf(sa, 'reports/turnoverreport', () => dialog.getByRole('button', { name: 'Get Summary' }).click());
    const past = dayRange(daysAgo(10), daysAgo(3));
    expect(query).toEqual(bounds(past));
    await dialog.waitFor({ state: 'detached' });
    // No play on those days: the same admins, every figure zero.
    const none = await answer(root, 'reports/turnoverreport', query);
    expect(none.data.map((r) => [r.username, r.playPoints])).toEqual(topRows.map((r) => [r.username, 0]));
    await expectTurnover('Admin TurnOver Report', none.data);
    expect(Object.fromEntries(new URL(sa.url()).searchParams)).toEqual(bounds(past));
    expect(await sa.getByRole('button', { name: 'Date Range', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await sa.getByRole('button', { name: 'Today', exact: true }).getAttribute('aria-pressed')).toBe('false');

    // Opened again it shows the custom days; Close leaves the report as it is.
    let calls = 0;
    const count = (r: Request) => void (apiPathOf(r) === '/api/reports/turnoverreport' && calls++);
    sa.on('request', count);
    await sa.getByRole('button', { name: 'Date Range', exact: true }).click();
    expect(await dialog.getByLabel('From Date', { exact: true }).inputValue()).toBe(dayKey(daysAgo(10)));
    expect(await dialog.getByLabel('To Date', { exact: true }).inputValue()).toBe(dayKey(daysAgo(3)));
    await dialog.getByLabel('From Date', { exact: true }).fill(dayKey(daysAgo(20)));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectTurnover('Admin TurnOver Report', none.data);
    sa.off('request', count);
    expect(calls).toBe(0);
    expect(Object.fromEntries(new URL(sa.url()).searchParams)).toEqual(bounds(past));

    // Today again (now in the URL); Get Summary on the days shown fetches them again.
    expect(await callOf(sa, 'reports/turnoverreport', () => sa.getByRole('button', { name: 'Today', exact: true }).click())).toEqual(bounds(today()));
    await expectTurnover('Admin TurnOver Report', topRows);
    await sa.getByRole('button', { name: 'Date Range', exact: true }).click();
    expect(await callOf(sa, 'reports/turnoverreport', () => dialog.getByRole('button', { name: 'Get Summary' }).click())).toEqual(bounds(today()));
    await dialog.waitFor({ state: 'detached' });
    await expectTurnover('Admin TurnOver Report', topRows);
  });

  test('Turnover export: TurnoverReport.xlsx, sheet Turnover Report, the export columns, figures as numbers', async () => {
    const { file, wb } = await download(sa, 'Export XLS');
    expect(file).toBe('TurnoverReport.xlsx');
    expect(wb.SheetNames).toEqual(['Turnover Report']);
    const rows = sheetRows(wb, 'Turnover Report', true);
    expect(rows[0]).toEqual(['UserName', 'Play Points', 'Win Points', 'End Points', 'Super Commission', 'Distributor Commission', 'Retailer Commission', 'Net']);
    const figures = ['playPoints', 'winPoints', 'endPoints', 'supercom', 'distcom', 'retailcom', 'netToPay'];
    expect(rows.slice(1)).toEqual(topRows.map((r) => [r.username, ...figures.map((k) => r[k])]));
    // Shown with two decimals.
    expect(sheetRows(wb, 'Turnover Report', false)[1]![1]).toBe(fp(topRows[0]!.playPoints as number).replace(/,/g, ''));
  });

  // ---- the admin's reports -----------------------------------------------------------------

  const REVENUE_FIGURES = ['playPoints', 'winPoints', 'endPoints', 'commission', 'netToPay'];
  const revenueTable = (rows: Figures[], totals: Record<string, number>) => ({
    head: ['No', 'ID', 'Role', 'Play Points', 'Win Points', 'End Points', 'Commission', 'Net To Pay'],
    body: rows.map((r, i) => [String(i + 1), String(r.username), tierOf(String(r.role) as Role).labels.singular, ...REVENUE_FIGURES.map((k) => fp(r[k] as number))]),
    foot: [['Total', '', '', ...REVENUE_FIGURES.map((k) => fp(totals[k]))]],
  });
  const revenueCards = (totals: Record<string, number>) => ({
    'Play Points': fp(totals.playPoints),
    'Win Points': fp(totals.winPoints),
    'End Points': fp(totals.endPoints),
    Commission: fp(totals.commission),
    'Net To Pay': fp(totals.netToPay),
  });
  const sums = (rows: Figures[]) => Object.fromEntries(REVENUE_FIGURES.map((k) => [k, total(rows, k)]));

  test('Revenue Report (admin) and its revenue-by-id drill-down show the API’s figures; Back returns', async () => {
    const query = await callOf(ad, 'reports/revenuereport', () => menuItem(ad, 'Revenue Report').click());
    expect(query).toEqual(bounds(today()));
    const top = await answer(asAdmin, 'reports/revenuereport', query);
    expect(top.data.map((r) => [r.username, r.playPoints, r.commission])).toEqual([[acc.sam.username, 34, 3.69]]);
    await expectScreen(ad, 'Revenue Report', revenueTable(top.data, sums(top.data)), revenueCards(sums(top.data)));

    const drill = await callOf(ad, 'reports/hreport', () => ad.getByRole('link', { name: `View ${acc.sam.username}`, exact: true }).click());
    expect(new URL(ad.url()).pathname).toBe('/admin/revenuereport/revenuebyid');
    expect(drill).toEqual({ role: 'superareamanager', id: acc.sam._id, ...bounds(today()) });
    const byId = await answer(asAdmin, 'reports/hreport', drill);
    expect(byId.data.map((r) => r.username)).toEqual([acc.am.username]);
    expect(byId.totals).toMatchObject({ playPoints: 34, commission: 3.69 });
    await expectScreen(ad, 'Revenue Report', revenueTable(byId.data, byId.totals!), revenueCards(byId.totals!));

    await ad.getByRole('button', { name: 'Back', exact: true }).click();
    await ad.waitForURL((u) => u.pathname === '/admin/revenuereport');
    await expectScreen(ad, 'Revenue Report', revenueTable(top.data, sums(top.data)), revenueCards(sums(top.data)));
  });

  test('Admin Commission Report: per game the API’s figures and commission; export AdminCommissionData', async () => {
    const query = await callOf(ad, 'reports/admincommissionpayout', () => menuItem(ad, 'Admin Commission Report').click());
    expect(query).toEqual(bounds(today()));
    const { data } = await answer(asAdmin, 'reports/admincommissionpayout', query);
    const played = Object.fromEntries(data.filter((r) => (r.totalpoints as number) > 0).map((r) => [r.gameId, r.totalpoints]));
    expect(played).toEqual({ [FUN_TARGET]: 27, [BINGO]: 7 });
    expect(data.every((r) => r.username === acc.admin.username)).toBe(true);
    const figures = ['totalpoints', 'totalwinpoints', 'commission'];
    await expectScreen(
      ad,
      'Admin Commission Report',
      {
        head: ['No', 'Game ID', 'Game Name', 'Username', 'No of Digit', 'Win Percentage', 'Total Points', 'Total Win Points', 'Commission'],
        body: data.map((r, i) => [String(i + 1), ...['gameId', 'gameName', 'username', 'nofDigit', 'winpercentage'].map((k) => String(r[k])), ...figures.map((k) => fp(r[k] as number))]),
        foot: [['Total', '', '', '', '', '', ...figures.map((k) => fp(total(data, k)))]],
      },
      { 'Total Commission Point': fp(total(data, 'commission')), 'Total Bet Point': fp(total(data, 'totalpoints')), 'Total Won Point': fp(total(data, 'totalwinpoints')) },
    );

    const { file, wb } = await download(ad, 'Export XLS');
    expect(file).toBe('AdminCommissionData.xlsx');
    expect(wb.SheetNames).toEqual(['Admin Commission Data']);
    const rows = sheetRows(wb, 'Admin Commission Data', true);
    expect(rows[0]).toEqual(['Game ID', 'Game Name', 'Username', 'No of Digit', 'Win Percentage', 'Total Points', 'Total Win Points', 'Commission']);
    expect(rows.slice(1)).toEqual(data.map((r) => ['gameId', 'gameName', 'username', 'nofDigit', 'winpercentage', ...figures].map((k) => r[k])));
  });

  test('Commission Payout Report: pending commission per tier is the API’s; the role filter changes the call', async () => {
    const first = await callOf(ad, 'reports/commissionpayout', () => menuItem(ad, 'Commission Payout Report').click());
    expect(first).toEqual({ role: 'superareamanager', id: acc.admin._id, page: '1', limit: '10' });
    const payoutTable = (rows: Figures[]) => ({
      head: ['No', 'Username', 'Role', 'Commission (%)', 'Play Since Last Paid', 'Pending Commission'],
      body: rows.map((r, i) => [String(i + 1), String(r.username), String(r.role === 'player' ? 'Player' : 'Super Area Manager'), `${r.commission}%`, fp(r.totalcommission as number), fp(r.pending as number)]),
      foot: [['Total', fp(total(rows, 'totalcommission')), fp(total(rows, 'pending'))]],
    });
    const sams = await answer(asAdmin, 'reports/commissionpayout', first);
    expect(sams.data.map((r) => [r.username, r.totalcommission, r.pending])).toEqual([[acc.sam.username, 34, 1.7]]);
    await expectScreen(ad, 'Pending Commission', payoutTable(sams.data));

    const players = await callOf(ad, 'reports/commissionpayout', () => ad.getByLabel('Select Role', { exact: true }).selectOption({ label: 'Player' }));
    expect(players).toEqual({ role: 'player', id: acc.admin._id, page: '1', limit: '10' });
    const rows = await answer(asAdmin, 'reports/commissionpayout', players);
    expect(rows.data.map((r) => [r.username, r.totalcommission, r.pending])).toEqual([
      [acc.p1.username, 23, 0.23],
      [acc.p2.username, 11, 0.06],
    ]);
    await expectScreen(ad, 'Pending Commission', payoutTable(rows.data));
  });

  test('Commission send: Send asks for the password, a wrong one is refused and cleared, the right one sends; the next Send does not ask', async () => {
    const walletBefore = await asAdmin.wallet();
    await menuItem(ad, 'Commission').click();
    await heading(ad, 'Commission Data').waitFor();
    await ad.getByText('Selected Period: Day', { exact: true }).waitFor();
    await ad.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = ad.getByRole('dialog', { name: 'Enter Password' });
    await dialog.waitFor();
    const password = dialog.getByLabel('Password', { exact: true });
    await password.fill('Not-the-password-1');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.getByText('❌ Invalid password. Please try again.', { exact: true }).waitFor();
    await expect.poll(() => password.inputValue(), { timeout: UI_TIMEOUT }).toBe('');
    expect(await dialog.getByRole('button', { name: 'Verify' }).isDisabled()).toBe(true);

    // Yesterday had no play (the bets are today's): the server pays nothing and says so.
    await password.fill(PASSWORD);
    const [day] = await Promise.all([
      ad.waitForResponse((r) => apiPathOf(r.request()) === '/api/reports/sendcommission', { timeout: UI_TIMEOUT }),
      dialog.getByRole('button', { name: 'Verify' }).click(),
    ]);
    expect(queryOf(day.request())).toEqual({ days: 'day' });
    expect(day.status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    const yesterday = lastCompletePeriod('day', new Date());
    await ad.getByRole('alert').filter({ hasText: `Nothing to pay: the commission for ${dayKey(yesterday.start)} was already paid or nothing was played.` }).waitFor();
    await ad.getByText(`Commission period: ${dayKey(yesterday.start)}`, { exact: true }).waitFor();
    await expectScreen(ad, 'Commission Data', {
      head: ['ID', 'Username', 'Role', 'Play Points', 'Win Points', 'End Points', 'Commission', 'Net To Pay'],
      body: [['No records found']],
      // Net To Pay has no total: it does not add up across tiers.
      foot: [['Total', '0.00', '0.00', '0.00', '0.00', '']],
    });

    // Week: no password asked again, the call goes out at once.
    await ad.getByLabel('Select Period', { exact: true }).selectOption('week');
    await ad.getByText('Selected Period: Week', { exact: true }).waitFor();
    const week = lastCompletePeriod('week', new Date());
    const [weekSend] = await Promise.all([
      ad.waitForResponse((r) => apiPathOf(r.request()) === '/api/reports/sendcommission', { timeout: UI_TIMEOUT }),
      ad.getByRole('button', { name: 'Send', exact: true }).click(),
    ]);
    expect(queryOf(weekSend.request())).toEqual({ days: 'week' });
    expect(await dialog.count()).toBe(0);
    await ad
      .getByRole('alert')
      .filter({ hasText: `Nothing to pay: the commission for ${dayKey(week.start)} to ${dayKey(week.end)} was already paid or nothing was played.` })
      .waitFor();
    await ad.getByText(`Commission period: ${dayKey(week.start)} to ${dayKey(week.end)}`, { exact: true }).waitFor();
    expect(await asAdmin.wallet()).toBe(walletBefore);
  });

  // ---- the transaction report --------------------------------------------------------------

  const txTable = (rows: Figures[]) => ({
    head: ['No', 'From', 'To', 'Amount', 'Transaction Type', 'New Balance', 'Message', 'Status', 'Date & Time'],
    body: rows.length
      ? rows.map((r, i) => {
          const amount = r.amount as number;
          // A game pool shows by its display name ("Fun Target pool · AD0005"), everyone else by username.
          const user = (k: string) => {
            const side = r[k] as unknown as { username: string; displayName?: string } | null;
            return side ? side.displayName || side.username : 'N/A';
          };
          return [
            String(i + 1),
            user('userId'),
            user('toUserId'),
            `${fp(amount)}${amount > 0 ? ' Credit' : amount < 0 ? ' Debit' : ''}`,
            String(r.transactionType).replace(/^./, (c) => c.toUpperCase()),
            r.newBalance === null ? 'N/A' : fp(r.newBalance as number),
            String(r.transactionMessage),
            String(r.status).replace(/^./, (c) => c.toUpperCase()),
            format(new Date(String(r.createdAt)), 'dd/MM/yyyy HH:mm:ss'),
          ];
        })
      : [['No records found']],
    foot: [] as string[][],
  });
  const txScreen = async (query: Record<string, string>) => {
    const { data } = await answer(asAdmin, 'reports/transactionreport', query);
    await expectScreen(ad, 'Transaction Report', txTable(data));
    return data;
  };

  test('Transaction Report: the admin’s ledger is the API’s, with the set-up transfers; each filter changes the call', async () => {
    const base = { id: acc.admin._id, currentid: acc.admin._id, type: 'all', role: 'admin', page: '1', limit: '10' };
    expect(await callOf(ad, 'reports/transactionreport', () => menuItem(ad, 'Transaction Report').click())).toEqual(base);
    const all = await txScreen(base);
    // The whole subtree: the players' bets are there too.
    expect(all.filter((r) => r.transactionType === 'bet').length).toBeGreaterThan(0);

    const single = await callOf(ad, 'reports/transactionreport', () => ad.getByLabel('Type', { exact: true }).selectOption('single'));
    expect(single).toEqual({ ...base, type: 'single' });
    const own = await txScreen(single);
    const transfers = own.filter((r) => r.transactionType === 'transfer').map((r) => [(r.userId as unknown as { username: string }).username, (r.toUserId as unknown as { username: string }).username, r.amount]);
    expect(transfers).toEqual(
      expect.arrayContaining([
        [SUPERADMIN.username, acc.admin.username, 5000],
        [acc.admin.username, acc.p1.username, -500],
        [acc.admin.username, acc.p2.username, -500],
      ]),
    );
    const tbody = ad.getByRole('table', { name: 'Transaction Report' }).locator('tbody');
    expect(await tbody.getByText('5,000.00 Credit', { exact: true }).count()).toBe(1);
    expect(await tbody.getByText('-500.00 Debit', { exact: true }).count()).toBe(2);

    const pending = await callOf(ad, 'reports/transactionreport', () => ad.getByLabel('Status', { exact: true }).selectOption('pending'));
    expect(pending).toEqual({ ...base, type: 'single', status: 'pending' });
    expect(await txScreen(pending)).toEqual([]);
    await callOf(ad, 'reports/transactionreport', () => ad.getByLabel('Status', { exact: true }).selectOption(''));

    const day = dayKey(daysAgo(1));
    const dated = await callOf(ad, 'reports/transactionreport', () => ad.getByLabel('Select Date', { exact: true }).fill(day));
    expect(dated).toEqual({ ...base, type: 'single', date: `${day}T12:00:00` });
    expect(await txScreen(dated)).toEqual([]);
    const todays = await callOf(ad, 'reports/transactionreport', () => ad.getByLabel('Select Date', { exact: true }).fill(dayKey(new Date())));
    expect(await txScreen(todays)).toHaveLength(own.length);

    // The user picker searches on the server as the operator types: type, then choose the match.
    const ofPlayer = await callOf(ad, 'reports/transactionreport', async () => {
      await ad.getByLabel('Select User', { exact: true }).fill(acc.p1.username);
      await ad.getByRole('option', { name: acc.p1.username, exact: true }).click();
    });
    expect(ofPlayer).toEqual({ ...base, type: 'single', date: `${dayKey(new Date())}T12:00:00`, id: acc.p1._id, role: 'player' });
    const p1 = await txScreen(ofPlayer);
    expect(p1.map((r) => [r.transactionType, r.amount])).toEqual(
      expect.arrayContaining([
        ['bet', -20],
        ['bet', -3],
        ['transfer', 500],
      ]),
    );

    // The export reads the whole filtered set: TransactionsList.xlsx, the table's columns but No.
    const { file, wb } = await download(ad, 'Export XLS');
    expect(file).toBe('TransactionsList.xlsx');
    expect(wb.SheetNames).toEqual(['Transactions']);
    const rows = sheetRows(wb, 'Transactions', true);
    expect(rows[0]).toEqual(['From', 'To', 'Amount', 'Transaction Type', 'New Balance', 'Message', 'Status', 'Date & Time']);
    const shown = txTable(p1).body.map((r) => r.slice(1));
    expect(rows.slice(1)).toEqual(shown.map((r, i) => [r[0], r[1], p1[i]!.amount, r[3], p1[i]!.newBalance ?? 'N/A', r[5], r[6], r[7]]));
  });
});
