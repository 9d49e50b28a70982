/**
 * The live result consoles in Chromium against `npm start`: an admin opens each of the seven
 * consoles and sees the sums grow as a player's bets arrive (realtime), saves a result with a
 * booster, and sees it in the latest-results strip and the bet list once the round closes.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { GAME_DECLARATIONS } from '../../resources.config';
import type { AccountRecord } from '../../resources.config';
import { adminBody, Api } from './api';
import { e2eRun, heading, login, UI_TIMEOUT } from './browser';
import { SUPERADMIN } from './server';

const PASSWORD = 'Console-pass-1';
const e2e = e2eRun();
let root: Api;
let admin: AccountRecord;
let player: Api;
let page: Page;

interface GameRow {
  id: string;
  gameId: string;
  gameName: string;
  nodigit: number;
  publisher: string;
  gameDescription: string;
  releaseDate: string;
  status: string;
}

beforeAll(async () => {
  root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  await root.generate(10_000, SUPERADMIN.password);
  // Fun Target plays 10-second rounds here, so a saved result shows within the test.
  const time = (await root.call<{ data: { id: string } }>('POST', 'time', { timecount: 10 })).data;
  const games = (await root.call<{ data: GameRow[] }>('GET', 'game?perPage=50')).data;
  const funTarget = games.find((g) => g.gameId === 'MNOQqWWi')!;
  await root.call('PUT', `game/${funTarget.id}`, { ...funTarget, gameStatus: funTarget.status, releaseDate: funTarget.releaseDate.slice(0, 10), timeId: [time.id] });
  admin = await root.create(
    'admins',
    adminBody(
      { firstName: 'Cora', lastName: 'Console', email: 'cora.console@example.com', phone: '9123456711', address: '7 Console Road', pinCode: '560007' },
      { refId: root.user._id, password: PASSWORD, games: games.map((g) => g.id) },
    ),
  );
  const asAdmin = await Api.login(e2e.server.baseUrl, admin.username, PASSWORD);
  const master = (await asAdmin.chainDown('master', () => ({ password: PASSWORD, pin: '1234' }))).master!;
  const p = await asAdmin.create('player', { password: PASSWORD, pin: '1234', refId: master._id });
  await root.transfer('player', p._id, 5_000, SUPERADMIN.password);
  player = await Api.login(e2e.server.baseUrl, p.username, PASSWORD);
  page = await e2e.newPage();
  await login(page, admin.username, PASSWORD, '/admin/dashboard');
});

/** The console's countdown in seconds. */
const secondsLeft = async () => {
  const [m, s] = (await page.getByTestId('countdown').innerText()).split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

const tile = (label: string, points: string) => page.getByRole('button', { name: `${label}: ${points}`, exact: true });

describe('live result consoles', () => {
  for (const game of GAME_DECLARATIONS) {
    test(`${game.gameName}: the sums grow while bets arrive`, async () => {
      await page.goto(`${e2e.server.baseUrl}/admin/game/${game.gameId}/${admin._id}/${admin.username}`);
      await heading(page, `${game.gameName} — ${admin.username}`).waitFor();
      await page.getByTestId('total-draw-collection').waitFor({ timeout: UI_TIMEOUT });
      const option = game.options.find((o) => o.group !== 'single' && o.group !== 'jodi')!;
      // Both bets must land in the round the console shows, not in its last seconds (Fun Target's rounds are 10 s here).
      await expect.poll(secondsLeft, { timeout: 30_000 }).toBeGreaterThan(5);
      const before = await page.getByTestId('total-draw-collection').innerText();
      await player.call('POST', 'app/createbet', { gameId: game.gameId, draws: [{ drawno: option.key, drawqty: 3 }] });
      await player.call('POST', 'app/createbet', { gameId: game.gameId, draws: [{ drawno: option.key, drawqty: 2 }] });
      // Triple Fun renders only the rows in view: its section total shows the bet, and jumps to it.
      if (option.group === 'patti') {
        await expect.poll(() => page.getByTestId('triple-total-patti').innerText(), { timeout: UI_TIMEOUT }).toBe('5.00');
        await page.getByTestId('triple-total-patti').click();
      }
      // Pushed by the server, not polled: the tile and the collection move without a reload.
      await tile(option.label, '5.00').waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => page.getByTestId('total-draw-collection').innerText(), { timeout: UI_TIMEOUT }).not.toBe(before);
      if (option.image) expect(await page.getByRole('img', { name: option.image }).count()).toBe(1);
    });
  }

  test('Fun Target: SAVE a result with booster 2; the round closes on it, the strip and the bet list show it', async () => {
    await page.goto(`${e2e.server.baseUrl}/admin/funtarget`);
    await page.getByTestId('total-draw-collection').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.getByText('Please enter a valid result.').waitFor();
    await page.getByRole('button', { name: 'Add Balance' }).click();
    await page.getByText('Please enter a valid balance greater than 0.').waitFor();

    // The bet and the SAVE must fall in one round: a SAVE after the boundary forces the next round, and the bet's round draws at random.
    await expect.poll(secondsLeft, { timeout: 30_000 }).toBeGreaterThan(6);
    const bet = await player.call<{ data: { ticketId: string } }>('POST', 'app/createbet', { gameId: 'MNOQqWWi', draws: [{ drawno: '7', drawqty: 1 }] });
    await page.getByRole('button', { name: /^7: / }).click();
    await page.getByRole('combobox', { name: 'Booster' }).click();
    await page.getByRole('option', { name: '2', exact: true }).click();
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.getByText('Result added successfully!').waitFor();

    // 10-second rounds: the strip shows "7 2x" once the round with the bet settles.
    await page.getByTestId('results-strip').getByText('7 2x', { exact: true }).waitFor({ timeout: 30_000 });
    const tickets = (await player.call<{ data: { ticketId: string; resultNo: string | null; winpoints: number }[] }>('GET', 'app/tickets?gameId=MNOQqWWi')).data;
    const mine = tickets.find((t) => String(t.ticketId) === String(bet.data.ticketId));
    expect(mine).toMatchObject({ resultNo: '7', winpoints: 18 });

    // The decision record behind the result: forced by the console.
    await page.getByTestId('results-strip').getByText('7 2x', { exact: true }).click();
    await page.getByRole('dialog').getByRole('cell', { name: 'forced', exact: true }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${e2e.server.baseUrl}/admin/gamehistory`);
    // The ticket's own cell: its id as bare text also matches other rows' times (…:15) and numbers.
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(bet.data.ticketId), exact: true }) });
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await row.innerText()).toMatch(/\b7\b/);
  });

  test('Win Percentage: the button waits for a change, and a saved percentage is what the API reads back', async () => {
    await page.goto(`${e2e.server.baseUrl}/admin/winpercentage`);
    await heading(page, 'Win Percentage').waitFor();
    const button = page.getByRole('button', { name: 'Set Percentage' });
    expect(await button.isDisabled()).toBe(true);
    const input = page.getByLabel(`Percentage of ${admin.username} for Bingo`, { exact: true });
    await input.fill('35');
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    await page.getByText(/updated|Updated successfully/i).first().waitFor();
    const list = await root.call<{ adminGameList: { gameId: string; winpercentage: number; username: string }[] }>('GET', `percentage/usergames/${root.user._id}`);
    expect(list.adminGameList.find((r) => r.gameId === 'qZicXibb' && r.username === admin.username)?.winpercentage).toBe(35);
  });
});
