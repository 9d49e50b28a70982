/**
 * In Chromium against `npm start`: a game added in Game Master opens its console
 * (options 0…n−1 by label) and takes a saved result; every player list keeps Deactivate, Delete and
 * Logout inside the viewport at 1280 and 800 px; an edit form saved unchanged says so.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { AccountRecord } from '../../resources.config';
import { adminBody, Api } from './api';
import { e2eRun, field, heading, login, menuItem, UI_TIMEOUT } from './browser';
import { ROOT, SUPERADMIN } from './server';

const PASSWORD = 'Gm-pass-1';
const e2e = e2eRun();
const SHOTS = join(ROOT, '.tmp', 'e2e-gamemaster');
let root: Api;
let page: Page;
let master: AccountRecord;
let admin: AccountRecord;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  admin = await root.create(
    'admins',
    adminBody(
      { firstName: 'Gita', lastName: 'Master', email: 'gita.master@example.com', phone: '9123456755', address: '5 Game Road', pinCode: '560055' },
      { refId: root.user._id, password: PASSWORD },
    ),
  );
  const asAdmin = await Api.login(e2e.server.baseUrl, admin.username, PASSWORD);
  master = (await asAdmin.chainDown('master', () => ({ password: PASSWORD, pin: '1234' }))).master!;
  await asAdmin.create('player', { password: PASSWORD, pin: '1234', refId: master._id, firstName: 'Wide-Table-Player' });
  page = await e2e.newPage();
  await login(page, SUPERADMIN.username, SUPERADMIN.password, '/superadmin/dashboard');
});

describe('a game made in Game Master', () => {
  test('Add Game through the screen, assign it, and its console opens with options 0 to 9 and takes a result', async () => {
    await menuItem(page, 'Game Master').click();
    await page.getByRole('link', { name: 'Add Game' }).click();
    await heading(page, 'Add Game').waitFor();
    await field(page, 'Game Name').fill('Lucky Ten');
    await field(page, 'Number of Digits').fill('10');
    await field(page, 'Release Date').fill('2026-11-20');
    await field(page, 'Description').fill('Ten digits, one wins.');
    await page.getByRole('combobox', { name: /^Time\b/ }).click();
    await page.getByRole('option', { name: '60 sec', exact: true }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((u) => u.pathname === '/superadmin/gamemaster', { timeout: UI_TIMEOUT });
    const games = (await root.call<{ data: { _id: string; gameId: string; gameName: string; multiplier: number | null }[] }>('GET', 'game?perPage=50')).data;
    const made = games.find((g) => g.gameName === 'Lucky Ten')!;
    // The multiplier left empty: 90 % to players, ×9 for ten options.
    expect(made.multiplier).toBe(9);
    await root.call('PUT', `admins/${admin._id}`, { updatedFields: { games: [made._id] } });

    await page.goto(`${e2e.server.baseUrl}/superadmin/game/${made.gameId}/${admin._id}/${admin.username}`);
    await heading(page, `Lucky Ten — ${admin.username}`).waitFor({ timeout: UI_TIMEOUT });
    for (let d = 0; d < 10; d++) await page.getByRole('button', { name: `${d}: 0.00`, exact: true }).waitFor();
    await page.getByTestId('countdown').waitFor();
    await page.screenshot({ path: join(SHOTS, 'lucky-ten-console-1280.png') });
    await page.getByRole('button', { name: '7: 0.00', exact: true }).click();
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.getByText('Result added successfully!').waitFor({ timeout: UI_TIMEOUT });
  });
});

/** Every action button of the first row lies inside the viewport, and the table was not scrolled to get there. */
async function expectActionsInView(p: Page, shot: string) {
  const firstRow = p.locator('.RaDatagrid-tbody tr').first();
  await firstRow.waitFor({ timeout: UI_TIMEOUT });
  const width = p.viewportSize()!.width;
  for (const name of ['Deactivate', 'Delete', 'Logout']) {
    const box = await firstRow.getByRole('button', { name, exact: true }).boundingBox();
    expect(box, `${name} button`).not.toBeNull();
    expect(box!.x, `${name} left edge at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} right edge at ${width} px`).toBeLessThanOrEqual(width);
  }
  expect(await p.locator('.RaDatagrid-tableWrapper').first().evaluate((el) => el.scrollLeft)).toBe(0);
  expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await p.screenshot({ path: join(SHOTS, `${shot}.png`) });
}

describe('player lists keep their row actions in view', () => {
  for (const width of [1280, 800])
    test(`at ${width} px: superadmin, admin and master player lists, and a master's details table`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${e2e.server.baseUrl}/superadmin/player`);
      await expectActionsInView(page, `superadmin-players-${width}`);
      await page.goto(`${e2e.server.baseUrl}/superadmin/master/players/details/${master._id}`);
      await expectActionsInView(page, `master-details-${width}`);

      const adminPage = await e2e.newPage();
      await adminPage.setViewportSize({ width, height: 900 });
      await login(adminPage, admin.username, PASSWORD, '/admin/dashboard');
      await adminPage.goto(`${e2e.server.baseUrl}/admin/player`);
      await expectActionsInView(adminPage, `admin-players-${width}`);
      await adminPage.context().close();

      const masterPage = await e2e.newPage();
      await masterPage.setViewportSize({ width, height: 900 });
      await login(masterPage, master.username, PASSWORD, '/master/dashboard');
      await masterPage.goto(`${e2e.server.baseUrl}/master/player`);
      await expectActionsInView(masterPage, `master-players-${width}`);
      await masterPage.context().close();
    });
});

describe('an edit form saved unchanged', () => {
  test('says "Nothing to save: no field changed." and sends nothing', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') writes.push(r.url());
    });
    await page.goto(`${e2e.server.baseUrl}/superadmin/master`);
    const row = page.getByRole('row').filter({ hasText: master.username });
    await row.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(master.username) }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Nothing to save: no field changed.').waitFor();
    expect(page.url()).toContain('/edit');

    // The catalogue's edit form too.
    await menuItem(page, 'Game Master').click();
    await page.getByRole('row').filter({ hasText: 'Fun Timer' }).getByRole('link', { name: 'Edit', exact: true }).click();
    await heading(page, 'Edit Game').waitFor();
    await expect.poll(() => field(page, 'Game Name').inputValue()).toBe('Fun Timer');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Nothing to save: no field changed.').waitFor();
    expect(writes).toEqual([]);
  });
});
