/**
 * Hindi in Chromium against `npm start`: an admin switches to Hindi from the
 * profile menu and sees Hindi texts with Indian grouping (1,00,000.00) on the dashboard, a tier list,
 * a console and a report; a reload keeps Hindi (remembered per browser); switching back restores
 * English. Every screen is photographed at 1280 and 800 px into .tmp/hindi-screens for review.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { adminBody, Api } from './api';
import { e2eRun, login, UI_TIMEOUT } from './browser';
import { ROOT, SUPERADMIN } from './server';

const PASSWORD = 'Hindi-pass-1';
const SHOTS = join(ROOT, '.tmp', 'hindi-screens');

const e2e = e2eRun();
let admin: AccountRecord;
let sam: AccountRecord;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  await root.generate(1_000_000, SUPERADMIN.password);
  const games = (await root.call<{ data: { id: string }[] }>('GET', 'game?perPage=50')).data;
  admin = await root.create('admins', {
    ...adminBody({ firstName: 'Asha', lastName: 'Hindi', email: 'asha.hindi@example.com', phone: '9123456780', address: '1 Hindi Road', pinCode: '560008' }, { refId: root.user._id, password: PASSWORD, games: games.map((g) => g.id) }),
    commissionAmount: 10,
  });
  await root.transfer('admins', admin._id, 500_000, SUPERADMIN.password);
  const asAdmin = await Api.login(e2e.server.baseUrl, admin.username, PASSWORD);
  sam = await asAdmin.create('superareamanager', { password: PASSWORD, pin: '1234', commission: 5 });
  await asAdmin.transfer('superareamanager', sam._id, 123_456, PASSWORD);
  page = await e2e.newPage();
  await login(page, admin.username, PASSWORD, '/admin/dashboard');
});

const shoot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });

/** Picks a language from the profile menu (the menu button is named in the current language). */
async function chooseLanguage(menuName: string, locale: 'en' | 'hi') {
  await page.getByRole('button', { name: menuName, exact: true }).click();
  await page.getByTestId(`locale-${locale}`).waitFor();
  await shoot(`profile-menu-to-${locale}`);
  await page.getByTestId(`locale-${locale}`).click();
}

const balance = () => page.getByTestId('wallet-balance').innerText();

describe('a second language: Hindi', () => {
  test('the dashboard switches to Hindi from the profile menu, with Indian grouping', async () => {
    await expect.poll(balance, { timeout: UI_TIMEOUT }).toBe('Balance: 376,544.00');
    await chooseLanguage('Profile', 'hi');
    await page.getByRole('menuitem', { name: 'डैशबोर्ड', exact: true }).waitFor();
    await expect.poll(balance, { timeout: UI_TIMEOUT }).toBe('शेष राशि: 3,76,544.00');
    // The count cards and the chart read Hindi too.
    await page.getByText('खेल, जीत और शुद्ध: पिछले 14 दिन').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('tierdesk.locale'), document.documentElement.lang])).toEqual(['hi', 'hi']);
    await shoot('dashboard');
  });

  test('a tier list: Hindi headers, the points in Indian grouping', async () => {
    await page.goto('/admin/superareamanager');
    await page.getByRole('columnheader', { name: 'उपयोगकर्ता नाम' }).waitFor();
    await page.getByText('1,23,456.00', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'सुपर एरिया मैनेजर जोड़ें' }).waitFor();
    await shoot('tier-list');
  });

  test('a console: Hindi buttons and messages, the pool in Indian grouping', async () => {
    await page.goto('/admin/funtarget');
    await page.getByTestId('total-draw-collection').waitFor();
    await page.getByRole('button', { name: 'सहेजें' }).click();
    await page.getByText('कृपया मान्य परिणाम दर्ज करें।').waitFor();
    await page.getByLabel('शेष राशि', { exact: true }).fill('100000');
    await page.getByRole('button', { name: 'शेष राशि जोड़ें' }).click();
    // The server's English success text gives way to the screen's own in Hindi.
    await page.getByText('शेष राशि सफलतापूर्वक जोड़ी गई!').waitFor();
    await expect.poll(() => page.getByTestId('game-balance').innerText(), { timeout: UI_TIMEOUT }).toBe('1,00,000.00');
    await shoot('console');
  });

  test('a report: Hindi title and columns, the transfer in Indian grouping; a reload keeps Hindi', async () => {
    await page.goto('/admin/transactionreport');
    await page.getByRole('heading', { name: 'लेन-देन रिपोर्ट', level: 1 }).waitFor();
    await page.getByRole('columnheader', { name: 'राशि', exact: true }).waitFor();
    await page.getByText('1,23,456.00').first().waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'लेन-देन रिपोर्ट', level: 1 }).waitFor();
    await shoot('report');
  });

  test('at 800 px the Hindi screens still fit', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    for (const [path, name, ready, paged] of [
      ['/admin/dashboard', 'dashboard', 'खेल, जीत और शुद्ध: पिछले 14 दिन', false],
      ['/admin/superareamanager', 'tier-list', '1,23,456.00', true],
      ['/admin/funtarget', 'console', 'कुल ड्रॉ संग्रह', false],
      ['/admin/transactionreport', 'report', 'लेन-देन रिपोर्ट', true],
    ] as const) {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      // Nothing wider than the window: no sideways scroll of the page itself.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // Below 900 px the table's pagination is the compact one: its page buttons are named in Hindi too.
      if (paged) {
        await page.getByRole('button', { name: 'अगले पृष्ठ पर जाएँ', exact: true }).waitFor();
        expect(await page.getByRole('button', { name: 'Go to next page' }).count()).toBe(0);
      }
      await shoot(name);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('switching back to English restores the English texts and grouping', async () => {
    await page.goto('/admin/dashboard');
    await chooseLanguage('प्रोफ़ाइल', 'en');
    await page.getByRole('menuitem', { name: 'Dashboard', exact: true }).waitFor();
    await expect.poll(balance, { timeout: UI_TIMEOUT }).toMatch(/^Balance: \d{3},\d{3}\.00$/);
    await page.reload();
    await page.getByRole('menuitem', { name: 'Dashboard', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tierdesk.locale'))).toBe('en');
  });
});
