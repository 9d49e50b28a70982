/**
 * Game Master and Time Master in Chromium against `npm start`: the seeded games, Add Game with one
 * image per digit, toggle and delete through the confirmations, Add Time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { GAMES } from '../../resources.config';
import { Api } from './api';
import { e2eRun, field, heading, login, menuItem, UI_TIMEOUT } from './browser';
import { ROOT, SUPERADMIN } from './server';

const e2e = e2eRun();
let root: Api;
let page: Page;

/** A real 2×2 PNG (signature, IHDR, IDAT, IEND with their CRCs), so the server's content check passes. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

beforeAll(async () => {
  root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  page = await e2e.newPage();
  await login(page, SUPERADMIN.username, SUPERADMIN.password, '/superadmin/dashboard');
});

describe('Game Master and Time Master (superadmin)', () => {
  test('the list shows the seven seeded games, paged on the server', async () => {
    await menuItem(page, 'Game Master').click();
    await page.waitForURL((u) => u.pathname === '/superadmin/gamemaster');
    for (const g of GAMES) await page.getByRole('cell', { name: g.gameName, exact: true }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('cell', { name: 'MNOQqWWi', exact: true }).count()).toBe(1);
  });

  test('Add Time, then Add Game with one image per digit', async () => {
    await menuItem(page, 'Time Master').click();
    await page.getByRole('link', { name: 'Add Time' }).click();
    await heading(page, 'Add Time').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Time in seconds is required').waitFor();
    await field(page, 'Time in sec').fill('45');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((u) => u.pathname === '/superadmin/timemaster');
    await page.getByRole('cell', { name: '45', exact: true }).waitFor();

    await menuItem(page, 'Game Master').click();
    await page.getByRole('link', { name: 'Add Game' }).click();
    await heading(page, 'Add Game').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const m of ['Game name is required', 'Number of digits is required', 'Release date is required', 'Time is required', 'Description is required'])
      await page.getByText(m, { exact: true }).waitFor();
    await field(page, 'Game Name').fill('Lucky Three');
    await field(page, 'Number of Digits').fill('3');
    await field(page, 'Release Date').fill('2026-11-01');
    await field(page, 'Description').fill('Three pictures, one wins.');
    await page.getByRole('combobox', { name: /^Time\b/ }).click();
    await page.getByRole('option', { name: '45 sec', exact: true }).click();
    await page.getByRole('radio', { name: 'yes', exact: true }).check();
    const dir = join(ROOT, '.tmp', 'e2e-images');
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 3; i++) {
      const file = join(dir, `digit-${i}.png`);
      writeFileSync(file, png());
      await page.getByLabel(`Image for ${i}`, { exact: true }).setInputFiles(file);
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((u) => u.pathname === '/superadmin/gamemaster', { timeout: UI_TIMEOUT });
    await page.getByRole('cell', { name: 'Lucky Three', exact: true }).waitFor();

    const games = (await root.call<{ data: { gameName: string; images: string[]; time: number; label: boolean }[] }>('GET', 'game?perPage=50')).data;
    const made = games.find((g) => g.gameName === 'Lucky Three');
    expect(made).toMatchObject({ time: 45, label: true });
    expect(made?.images).toHaveLength(3);
  });

  test('deactivate, activate and delete through the confirmations', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Lucky Three' });
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Are you sure you want to deactivate Lucky Three?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/has been successfully deactivated\./).waitFor();
    await row.getByText('inactive', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('Are you sure you want to activate Lucky Three?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete Lucky Three?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'Lucky Three', exact: true }).count(), { timeout: UI_TIMEOUT }).toBe(0);
  });

  test('Edit Game is prefilled and saves; an unknown id says so', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Fun Timer' });
    await row.getByRole('link', { name: 'Edit' }).click();
    await heading(page, 'Edit Game').waitFor();
    await expect.poll(() => field(page, 'Game Name').inputValue()).toBe('Fun Timer');
    expect(await field(page, 'Game ID').isDisabled()).toBe(true);
    await field(page, 'Publisher').fill('Tierdesk Studio');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((u) => u.pathname === '/superadmin/gamemaster', { timeout: UI_TIMEOUT });
    const games = (await root.call<{ data: { gameName: string; publisher: string }[] }>('GET', 'game?perPage=50')).data;
    expect(games.find((g) => g.gameName === 'Fun Timer')?.publisher).toBe('Tierdesk Studio');

    await page.goto(`${e2e.server.baseUrl}/superadmin/gamemaster/edit/999999`);
    await page.getByText('No game found with the provided ID.').waitFor();
  });
});
