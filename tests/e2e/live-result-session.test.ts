/**
 * In Chromium against `npm start`: the admin's Live Result menu lists one
 * console per game of its own win-percentage list; an unanswered request shows the screen's own text,
 * never "Failed to fetch"; a session ended on the server sends the screen to the login page.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { AccountRecord } from '../../resources.config';
import { Api } from './api';
import { e2eRun, heading, login } from './browser';
import { SUPERADMIN } from './server';

const PASSWORD = 'Menu-pass-1';
const e2e = e2eRun();
let admin: AccountRecord;
let page: Page;
let pairs: { gameId: string; gameName: string }[];

beforeAll(async () => {
  const root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  const games = (await root.call<{ data: { id: string; gameId: string; gameName: string }[] }>('GET', 'game?perPage=50')).data;
  // Three games, none of them Fun Roullet: the menu must follow the list, not a fixed pair.
  const chosen = games.filter((g) => ['MNOQqWWi', 'qZicXikM', 'qZicXibb'].includes(g.gameId));
  admin = await root.create('admins', {
    firstName: 'Mina',
    lastName: 'Menu',
    email: 'mina.menu@example.com',
    phone: '9123456721',
    country: 'IN',
    state: 'KA',
    city: 'Bengaluru',
    address: '12 Menu Road',
    pinCode: '560012',
    commissionAmount: 0,
    refId: root.user._id,
    userStatus: true,
    password: PASSWORD,
    pin: '1234',
    games: chosen.map((g) => g.id),
  });
  const asAdmin = await Api.login(e2e.server.baseUrl, admin.username, PASSWORD);
  pairs = (await asAdmin.call<{ adminGameList: { gameId: string; gameName: string }[] }>('GET', `percentage/usergames/${admin._id}`)).adminGameList;
  page = await e2e.newPage();
  await login(page, admin.username, PASSWORD, '/admin/dashboard');
});

describe('admin Live Result menu and failed requests', () => {
  test('one Live Result link per game of the admin’s win-percentage list, each opening that console', async () => {
    expect(pairs.map((p) => p.gameId).sort()).toEqual(['MNOQqWWi', 'qZicXibb', 'qZicXikM']);
    await page.getByRole('button', { name: 'Live Result' }).click();
    const group = page.getByRole('group', { name: 'Live Result' });
    await group.getByRole('menuitem').first().waitFor();
    const links = await group.getByRole('menuitem').evaluateAll((els) => els.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual(pairs.map((p) => [p.gameName, `/admin/game/${p.gameId}/${admin._id}/${admin.username}`]));
    const bingo = pairs.find((p) => p.gameName === 'Bingo')!;
    // By the keyboard, as an operator may: a mouse click once went nowhere on CI (the page stayed on the
    // dashboard with the group open, another link under the pointer); Enter takes the same link without
    // pointer coordinates.
    await group.getByRole('menuitem', { name: 'Bingo', exact: true }).focus();
    await page.keyboard.press('Enter');
    // The address first: a failure then tells a link that did not navigate from a console that did not draw.
    await page.waitForURL((u) => u.pathname === `/admin/game/${bingo.gameId}/${admin._id}/${admin.username}`);
    await heading(page, `Bingo — ${admin.username}`).waitFor();
  });

  test('an Add Balance that gets no answer says "Error occurred while adding balance!", not "Failed to fetch"', async () => {
    // A network fault on this one request (the connection fails; no answer of the API is invented).
    // Not setOffline: react-query pauses mutations while the browser says it is offline.
    await page.route('**/api/live/addbalance', (route) => route.abort('failed'));
    await page.getByLabel('Balance', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Add Balance' }).click();
    await page.getByText('Error occurred while adding balance!', { exact: true }).waitFor();
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    await page.unroute('**/api/live/addbalance');
  });

  test('a session ended on the server sends the next request to the login page', async () => {
    // The server forgets this browser's session (as a revoke or a restore does); the page still holds its token.
    const status = await page.evaluate(async () => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` };
      // GET today (docs/API.md); POST if the route has become state-changing only.
      const res = await fetch('/api/auth/logout', { headers });
      return res.status < 400 ? res.status : (await fetch('/api/auth/logout', { method: 'POST', headers })).status;
    });
    expect(status).toBeLessThan(300);
    await page.getByLabel('Balance', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Add Balance' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/login');
  });
});
