/**
 * Consoles, names and Commission Data in Chromium against `npm start`. The Fun Target console
 * returns the booster to 1 with the other picks after SAVE, says the real rule for 1.005 and that
 * an empty pool had nothing to reset; Edit Game has the optional Logo; another admin's console is
 * the refusal only. A settled Andhar Bahar ticket reads "Q♥", "Andhar Bahar", its lines
 * "Q", "♥", "Bahar", and its pool is "Andhar Bahar pool · AD…" in the transaction report.
 * Commission Data previews what Send will pay, and Day/Week changes the period note.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { poolDisplayName } from '../../domain/games';
import { formatPoints } from '../../domain/money';
import type { AccountRecord } from '../../resources.config';
import { Api } from './api';
import { e2eRun, field, heading, login, menuItem, selected, UI_TIMEOUT } from './browser';
import { SUPERADMIN } from './server';

const PASSWORD = 'Screens-pass-1';
const FUN_TARGET = 'MNOQqWWi';
const ANDHAR_BAHAR = 'qZicXikM';

const e2e = e2eRun();
let root: Api;
let asAdmin: Api;
let player: Api;
let admin: AccountRecord;
let other: AccountRecord;
let page: Page;

interface GameRow {
  id: string;
  gameId: string;
  status: string;
  releaseDate: string;
}

const adminFields = (n: number, games: string[]) => ({
  firstName: `Iris${n}`,
  lastName: 'Issue',
  email: `iris${n}.issue@example.com`,
  phone: `912345690${n}`,
  country: 'IN',
  state: 'KA',
  city: 'Bengaluru',
  address: `${n} Issue Road`,
  pinCode: '560014',
  commissionAmount: 0,
  userStatus: true,
  password: PASSWORD,
  pin: '1234',
  games,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  await root.generate(10_000, SUPERADMIN.password);
  // Andhar Bahar plays 10-second rounds here, so a forced result settles within the test.
  const time = (await root.call<{ data: { id: string } }>('POST', 'time', { timecount: 10 })).data;
  const games = (await root.call<{ data: GameRow[] }>('GET', 'game?perPage=50')).data;
  const ab = games.find((g) => g.gameId === ANDHAR_BAHAR)!;
  await root.call('PUT', `game/${ab.id}`, { ...ab, gameStatus: ab.status, releaseDate: ab.releaseDate.slice(0, 10), timeId: [time.id] });
  const ids = games.map((g) => g.id);
  admin = await root.create('admins', { ...adminFields(1, ids), refId: root.user._id });
  other = await root.create('admins', { ...adminFields(2, ids), refId: root.user._id });
  asAdmin = await Api.login(e2e.server.baseUrl, admin.username, PASSWORD);
  const master = (await asAdmin.chainDown('master', (role) => ({ password: PASSWORD, pin: '1234', commission: role === 'superareamanager' ? 2 : 1 }))).master!;
  const p = await asAdmin.create('player', { password: PASSWORD, pin: '1234', refId: master._id, commission: 1 });
  await root.transfer('admins', admin._id, 1_000, SUPERADMIN.password);
  await asAdmin.transfer('player', p._id, 500, PASSWORD);
  player = await Api.login(e2e.server.baseUrl, p.username, PASSWORD);
  page = await e2e.newPage();
  await login(page, admin.username, PASSWORD, '/admin/dashboard');
});

describe('the consoles and Edit Game', () => {
  test('Fun Target: Reset Balance on an empty pool says so; Add Balance 1.005 says the 2-decimal rule; SAVE with booster 2 returns the booster to 1 and clears the pick', async () => {
    await page.goto('/admin/funtarget');
    await heading(page, `Fun Target — ${admin.username}`).waitFor();
    await page.getByTestId('total-draw-collection').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('game-balance').innerText()).toBe('0.00');

    await page.getByRole('button', { name: 'Reset Balance' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nothing to reset: the pool holds no points.' }).waitFor();
    expect(await page.getByText('Balance Reset successfully!').count()).toBe(0);

    const rule = 'A balance has at most 2 decimals (points are kept to the hundredth and never rounded): 1.005 is not a balance, 1.01 is.';
    await page.getByLabel('Balance', { exact: true }).fill('1.005');
    await page.getByRole('button', { name: 'Add Balance' }).click();
    await page.getByRole('alert').filter({ hasText: rule }).waitFor();
    // The screen's words are the server's rule, and nothing moved.
    const refused = await asAdmin.raw('POST', 'live/addbalance', { adminId: admin._id, gameId: FUN_TARGET, balance: '1.005', type: 'add' });
    expect([refused.status, refused.json.message]).toEqual([400, rule]);
    expect(await page.getByTestId('game-balance').innerText()).toBe('0.00');

    await page.getByRole('button', { name: /^7: / }).click();
    expect(await page.getByRole('button', { name: /^7: / }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('combobox', { name: 'Booster' }).click();
    await page.getByRole('option', { name: '2', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await selected(page, 'Booster')).toBe('2');
    expect(await page.getByLabel('Selected result', { exact: true }).inputValue()).toBe('7');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.getByRole('alert').filter({ hasText: 'Result added successfully!' }).waitFor();
    // The booster is one of the picks: back to 1, and no tile stays picked.
    await expect.poll(() => selected(page, 'Booster'), { timeout: UI_TIMEOUT }).toBe('1');
    expect(await page.getByLabel('Selected result', { exact: true }).inputValue()).toBe('');
    expect(await page.locator('button[aria-pressed="true"]').count()).toBe(0);
  });

  test('another admin’s console opened by an admin shows only the refusal: no countdown, tiles or buttons', async () => {
    await page.goto(`/admin/game/${FUN_TARGET}/${other._id}/${other.username}`);
    await page.getByRole('alert').filter({ hasText: 'This account is outside your hierarchy.' }).waitFor();
    expect(await page.getByTestId('countdown').count()).toBe(0);
    expect(await page.getByTestId('total-draw-collection').count()).toBe(0);
    expect(await page.locator('button[aria-pressed]').count()).toBe(0);
    for (const name of ['SAVE', 'Add Balance', 'Reset Balance']) expect(await page.getByRole('button', { name }).count()).toBe(0);
  });

  test('Edit Game (superadmin Game Master → Edit) has the optional Logo field', async () => {
    const sa = await e2e.newPage();
    await login(sa, SUPERADMIN.username, SUPERADMIN.password, '/superadmin/dashboard');
    await menuItem(sa, 'Game Master').click();
    await sa.waitForURL((u) => u.pathname === '/superadmin/gamemaster');
    await sa.getByRole('row').filter({ hasText: 'Fun Target' }).getByRole('link', { name: 'Edit' }).click();
    await heading(sa, 'Edit Game').waitFor();
    await expect.poll(() => field(sa, 'Game Name').inputValue(), { timeout: UI_TIMEOUT }).toBe('Fun Target');
    const logo = sa.getByLabel('Logo', { exact: true });
    expect(await logo.getAttribute('type')).toBe('file');
    expect(await logo.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp');
    await sa.getByText('Optional: an image (PNG, JPEG, GIF or WebP, 512 KB at most) replaces the current logo.', { exact: true }).waitFor();
    await sa.context().close();
  });
});

describe('names people read', () => {
  let ticketId = '';

  test('a bet on Andhar Bahar settled by a forced Q♥: Game History shows "Q♥" and "Andhar Bahar", the ticket lines their labels', async () => {
    // Bet and queue the result in the same round: at least 4 s before it closes.
    for (;;) {
      const t = (await asAdmin.call<{ data: { closesAt: string } }>('GET', `app/gettimer?gameId=${ANDHAR_BAHAR}&adminId=${admin._id}`)).data;
      if (new Date(t.closesAt).getTime() - Date.now() > 4_000) break;
      await sleep(500);
    }
    const draws = [
      { drawno: 'card:12', drawqty: 1 },
      { drawno: 'suit:heart', drawqty: 1 },
      { drawno: 'side:bahar', drawqty: 1 },
    ];
    const bet = await player.call<{ data: { ticketId: string } }>('POST', 'app/createbet', { gameId: ANDHAR_BAHAR, draws });
    ticketId = String(bet.data.ticketId);
    await asAdmin.call('POST', 'live/addresult', { adminId: admin._id, gameId: ANDHAR_BAHAR, result: '12', color: 'heart', type: 'bahar', boosterValue: 1 });
    await expect
      .poll(
        async () => {
          const { data } = await player.call<{ data: { ticketId: string; status: string; resultNo: string | null }[] }>('GET', `app/tickets?gameId=${ANDHAR_BAHAR}`);
          const mine = data.find((x) => String(x.ticketId) === ticketId);
          return mine ? [mine.status, mine.resultNo] : null;
        },
        { timeout: 25_000, interval: 500 },
      )
      .toEqual(['settled', '12:heart']);

    await page.goto('/admin/gamehistory');
    await heading(page, 'Game History').waitFor();
    const table = page.getByRole('table', { name: 'Game History', exact: true });
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: ticketId, exact: true }) });
    await row.waitFor({ timeout: UI_TIMEOUT });
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    const cells = (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim());
    const at = (column: string) => cells[headers.indexOf(column)];
    expect(at('Game')).toBe('Andhar Bahar');
    expect(at('Result')).toBe('Q♥');
    // card ×12 + heart ×3.95 + bahar ×1.95 on one point each.
    expect([at('Play Points'), at('Win Points')]).toEqual(['3.00', '17.90']);
    expect(await row.innerText()).not.toMatch(/12:heart|qZicXikM/);

    await row.getByRole('button', { name: `View ${ticketId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ticket Details' });
    const lines = dialog.getByRole('table', { name: 'Ticket Details' });
    await lines.waitFor();
    const body = await lines.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim())));
    // The lines in the server's order; each reads its label (its key is only the cell's title).
    expect(body.map((r) => r[0])).toEqual(['1', '2', '3']);
    expect(body.map((r) => r.slice(1)).sort()).toEqual([
      ['Bahar', '1', '1.00'],
      ['Q', '1', '1.00'],
      ['♥', '1', '1.00'],
    ]);
    expect(await dialog.innerText()).not.toMatch(/card:|suit:|side:/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('Transaction Report: the pool the bet went into reads "Andhar Bahar pool · <admin>", not a player-like username', async () => {
    expect(ticketId).not.toBe('');
    await page.goto('/admin/transactionreport');
    await heading(page, 'Transaction Report').waitFor();
    const tbody = page.getByRole('table', { name: 'Transaction Report', exact: true }).locator('tbody');
    const pool = poolDisplayName('Andhar Bahar', admin.username);
    expect(pool).toBe(`Andhar Bahar pool · ${admin.username}`);
    // The bet (player → pool) and the win (pool → player).
    await expect.poll(() => tbody.getByRole('cell', { name: pool, exact: true }).count(), { timeout: UI_TIMEOUT }).toBeGreaterThanOrEqual(2);
    const betRow = tbody.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Bet', exact: true }) }).first();
    const betCells = (await betRow.getByRole('cell').allInnerTexts()).map((c) => c.trim());
    expect(betCells.slice(1, 3)).toEqual([player.user.username, pool]);
    // No side of any row reads like a player username (PL…) unless it is the player.
    const sides = await tbody.locator('tr').evaluateAll((trs) => trs.flatMap((tr) => [...tr.querySelectorAll('td')].slice(1, 3).map((td) => td.innerText.trim())));
    expect(sides.filter((s) => /^PL\d+$/.test(s) && s !== player.user.username)).toEqual([]);
  });
});

describe('Commission Data: the preview of the send', () => {
  test('the preview of what Send will pay shows before Send; Day/Week changes the period note and the preview', async () => {
    const sends: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/reports/sendcommission') sends.push(r.url());
    });
    type Preview = { period: { from: string; to: string }; pays: number };
    const previewOf = (days: 'day' | 'week') => asAdmin.call<Preview>('GET', `reports/sendcommission/preview?days=${days}`);
    const day = await previewOf('day');
    const week = await previewOf('week');
    expect(day.period.from).toBe(day.period.to);
    expect(week.period.from < week.period.to).toBe(true);
    const previewText = (p: Preview) =>
      p.pays === 0 ? 'Nothing to pay for this period: it was paid already or nothing was played.' : `Send will pay ${formatPoints(p.pays)} points of commission for this period.`;

    await page.goto('/admin/commission');
    await heading(page, 'Commission Data').waitFor();
    await page.getByText('Selected Period: Day', { exact: true }).waitFor();
    await page.getByText(`Commission period: ${day.period.from}`, { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('commission-preview').innerText(), { timeout: UI_TIMEOUT }).toBe(previewText(day));

    await page.getByLabel('Select Period', { exact: true }).selectOption('week');
    await page.getByText('Selected Period: Week', { exact: true }).waitFor();
    await page.getByText(`Commission period: ${week.period.from} to ${week.period.to}`, { exact: true }).waitFor();
    expect(await page.getByText(`Commission period: ${day.period.from}`, { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('commission-preview').innerText(), { timeout: UI_TIMEOUT }).toBe(previewText(week));

    await page.getByLabel('Select Period', { exact: true }).selectOption('day');
    await page.getByText(`Commission period: ${day.period.from}`, { exact: true }).waitFor();
    // All of it before Send: nothing was sent, so nothing was paid.
    expect(sends).toEqual([]);
  });
});
