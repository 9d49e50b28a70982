/**
 * Hindi with no English left and tables not cut, in Chromium against `npm start`:
 * every registry page an admin and the superadmin can open (their tiers, their menu pages and the
 * route-only ones), in Hindi. A page fails on any visible text equal to an English catalogue value
 * whose Hindi differs, or reading as one of the stored English texts (ledger messages, pool names,
 * activity subjects); usernames, game names, numbers and the product's name are not words to
 * translate. At 1280 px no table is wider than its box. With E2E_SHOTS=1 each page is photographed at
 * 1280 and 800 px into .tmp/hindi-every-page (two full-page pictures a page were a third of the walk's time).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { ACTIVITY_SUBJECTS } from '../../domain/activity';
import { LEDGER_TEXTS, POOL_NAME } from '../../domain/ledgerText';
import { matchTemplate } from '../../domain/templates';
import { canOpenPage, menuFor, PAGES, type AccountRecord, type Role } from '../../resources.config';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { adminBody, Api } from './api';
import { e2eRun, login, UI_TIMEOUT } from './browser';
import { ROOT, SUPERADMIN } from './server';

const PASSWORD = 'Every-page-1';
const SHOTS = join(ROOT, '.tmp', 'hindi-every-page');
const SHOOT = process.env.E2E_SHOTS === '1';

function flatten(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else if (typeof node === 'string') out.set(prefix, node);
  return out;
}

/** English catalogue values a Hindi screen must not show: those whose Hindi differs (a name kept in both is not one). */
const ENGLISH_ONLY = (() => {
  const hiTexts = flatten(hi);
  const out = new Map<string, string>();
  for (const [key, text] of flatten(en)) if (!text.includes('%{') && hiTexts.get(key) !== text && /[A-Za-z]/.test(text)) out.set(text.trim(), key);
  return out;
})();

/** Stored English texts the screens render: a visible text of one of these shapes was not rendered. */
const STORED_TEMPLATES = [...Object.values(ACTIVITY_SUBJECTS), ...Object.values(LEDGER_TEXTS), POOL_NAME].filter((t) => /%\{/.test(t));

/** Two widths of every page of a role: longer than one screen's test. */
const WALK_TIMEOUT = 600_000;

// A fresh embedded database migrates at start: on a loaded machine that took 90 s (measured), the default limit.
const e2e = e2eRun({ timeoutMs: 170_000 });
let page: Page;
let admin: AccountRecord;
const usernames = new Set<string>([SUPERADMIN.username]);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  await root.generate(100_000, SUPERADMIN.password);
  const games = (await root.call<{ data: { id: string }[] }>('GET', 'game?perPage=50')).data;
  admin = await root.create('admins', {
    ...adminBody({ firstName: 'Every', lastName: 'Page', email: 'every.page@example.com', phone: '9123456781', address: '2 Hindi Road', pinCode: '560008' }, { refId: root.user._id, password: PASSWORD, games: games.map((g) => g.id) }),
    commissionAmount: 10,
  });
  usernames.add(admin.username);
  await root.transfer('admins', admin._id, 50_000, SUPERADMIN.password);
  const asAdmin = await Api.login(e2e.server.baseUrl, admin.username, PASSWORD);
  const sam = await asAdmin.create('superareamanager', { password: PASSWORD, pin: '1234', commission: 5 });
  usernames.add(sam.username);
  await asAdmin.transfer('superareamanager', sam._id, 1_234, PASSWORD);
  // A refused transfer: Log Activities shows it refused, with its reason, in Hindi.
  await asAdmin.call('POST', 'superareamanager/credit-transfer', { password: PASSWORD, transferAmount: 10_000_000, toUserId: sam._id }).catch(() => undefined);
  await fetch(`${e2e.server.baseUrl}/api/complaint`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enquiryType: 'General', fullName: 'Ravi Kumar', email: 'ravi@example.com', mobile: '9876543210', complaintDetails: 'नमस्ते' }),
  });
  page = await e2e.newPage();
});

/** Every registry route a role opens: its tiers, its menu pages and its route-only pages. */
function routesOf(role: Role): string[] {
  const { tiers } = menuFor(role);
  return [...tiers.filter((t) => t.path).map((t) => `/${role}/${t.path}`), ...PAGES.filter((p) => canOpenPage(role, p.key)).map((p) => `/${role}/${p.key}`)];
}

/** The texts a reader sees: visible text nodes, and the placeholders and labels of inputs. */
const visibleTexts = (p: Page) =>
  p.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim();
      if (!el || !text || ['SCRIPT', 'STYLE'].includes(el.tagName)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.getClientRects().length === 0) continue;
      out.push(text);
    }
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]')) out.push(input.placeholder.trim());
    // An empty date input: the browser's own hint is hidden and the catalogue's drawn in its place.
    for (const input of document.querySelectorAll<HTMLInputElement>('input[type="date"]')) {
      if (input.value) continue;
      const drawn = input.parentElement ? getComputedStyle(input.parentElement, '::after').content : 'none';
      out.push(drawn === 'none' || drawn === '' ? 'mm/dd/yyyy' : drawn.replace(/^"|"$/g, ''));
    }
    return out.filter(Boolean);
  });

/** Tables whose content is wider than their box (columns cut or hidden behind a scroll). */
const cutTables = (p: Page) =>
  p.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.MuiTableContainer-root, .RaDatagrid-tableWrapper')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.querySelector('th')?.textContent ?? 'table'}: ${el.scrollWidth} > ${el.clientWidth}`),
  );

function englishLeft(texts: string[]): string[] {
  const native = texts.includes('mm/dd/yyyy') ? ['"mm/dd/yyyy" (a native date hint)'] : [];
  const exempt = (t: string) => usernames.has(t) || /^[\d\s.,:;/#%()+\-–·|×✓✗₹]*$/.test(t) || /Tierdesk/.test(t);
  return [
    ...native,
    ...new Set(
      texts.filter((t) => !exempt(t) && (ENGLISH_ONLY.has(t) || STORED_TEMPLATES.some((tpl) => matchTemplate(tpl, t) !== null))).map((t) => `"${t}"${ENGLISH_ONLY.has(t) ? ` (${ENGLISH_ONLY.get(t)})` : ''}`),
    ),
  ];
}

async function settle(p: Page) {
  // A page has drawn its heading, or (react-admin's lists and forms title the app bar instead) its main part.
  await p.locator('h1, table, .RaList-main, .RaEdit-main, .RaCreate-main, .RaShow-main').first().waitFor({ timeout: 5_000 }).catch(() => undefined);
  // Lists and reports load after their heading: wait until no progress bar or spinner is left.
  await p.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0, undefined, { timeout: UI_TIMEOUT }).catch(() => undefined);
  await p.waitForTimeout(400);
}

async function walk(role: Role, username: string, password: string) {
  // The login helper reads the English login form; the language the browser remembers is read at each page load.
  const remember = (locale: 'en' | 'hi') => page.evaluate((l) => localStorage.setItem('tierdesk.locale', l), locale);
  await page.goto('/auth/login');
  await remember('en');
  await login(page, username, password, `/${role}/dashboard`);
  await remember('hi');
  const found: Record<string, string[]> = {};
  const cut: Record<string, string[]> = {};
  for (const path of routesOf(role)) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await settle(page);
    const left = englishLeft(await visibleTexts(page));
    if (left.length) found[path] = left;
    const wide = await cutTables(page);
    if (wide.length) cut[path] = wide;
    const name = path.replace(/\//g, '_');
    if (SHOOT) await page.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.waitForTimeout(300);
    const left800 = englishLeft(await visibleTexts(page));
    if (left800.length) found[`${path} @800`] = left800;
    if (SHOOT) await page.screenshot({ path: join(SHOTS, `${name}-800.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().clearCookies();
  return { found, cut };
}

describe('every registry page in Hindi', () => {
  test('as an admin: no English left, no table cut at 1280 px', async () => {
    const { found, cut } = await walk('admin', admin.username, PASSWORD);
    expect(found).toEqual({});
    expect(cut).toEqual({});
  }, WALK_TIMEOUT);

  test('as the superadmin: no English left, no table cut at 1280 px', async () => {
    const { found, cut } = await walk('superadmin', SUPERADMIN.username, SUPERADMIN.password);
    expect(found).toEqual({});
    expect(cut).toEqual({});
  }, WALK_TIMEOUT);
});
