import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ROOT, startServer, type RunningServer } from './server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Waits on the UI: long enough for a slow CI machine, short enough to fail fast. */
export const UI_TIMEOUT = 20_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** A fresh browser context (its own storage: one user) and its page. */
export async function openPage(browser: Browser, baseUrl: string, width = 1280, height = 900): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, acceptDownloads: true });
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(UI_TIMEOUT);
  const page = await context.newPage();
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text().slice(0, 300));
  });
  return page;
}

/** Each page's script errors and console errors, for the failure report. */
const pageErrors = new WeakMap<Page, string[]>();

/**
 * Screenshots of every open page of these contexts into .tmp/, named after the failed test, and what
 * each page was showing: on CI the screenshots stay on the machine, so the log must say it too.
 */
export async function screenshotAll(contexts: Iterable<BrowserContext>, name: string): Promise<{ files: string[]; pages: string[] }> {
  const dir = join(ROOT, '.tmp', 'e2e-failures');
  mkdirSync(dir, { recursive: true });
  const safe = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const files: string[] = [];
  const pages: string[] = [];
  let i = 0;
  for (const ctx of contexts)
    for (const p of ctx.pages()) {
      const file = join(dir, `${safe}-${i++}.png`);
      await p.screenshot({ path: file, fullPage: true, timeout: 5_000 }).then(
        () => files.push(file),
        () => undefined,
      );
      const text = await p
        .evaluate(() => document.body?.innerText ?? '')
        .then((t) => t.replace(/\s+/g, ' ').slice(0, 600))
        .catch((e: Error) => `(unreadable: ${e.message})`);
      const errors = (pageErrors.get(p) ?? []).slice(-10);
      pages.push(`${p.url()}\n  shows: ${text}${errors.length ? `\n  errors: ${errors.join('\n          ')}` : ''}`);
    }
  return { files, pages };
}

/** Logs in through the login page and waits for the role's landing page. */
export async function login(page: Page, username: string, password: string, landing: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Login successful!').waitFor();
  await page.waitForURL((u) => u.pathname === landing);
}

/** The page's main heading (the form and page titles are h1; the top bar repeats them as h6). */
export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

const combobox = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^${label}\\b`) });

/** An MUI/react-admin select: open it by its label, pick the option. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await combobox(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** An autocomplete: type part of the option, as an operator would, and pick it from the filtered list. */
export async function typeAndChoose(page: Page, label: string, option: string): Promise<void> {
  const input = combobox(page, label);
  await input.fill(option.slice(0, 4));
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The text a select (or an autocomplete's input) currently shows. */
export const selected = async (page: Page, label: string): Promise<string> => {
  const box = combobox(page, label);
  const text = (await box.evaluate((el) => el.tagName)) === 'INPUT' ? await box.inputValue() : await box.innerText();
  return text.replace(/\u200b/g, '').trim();
};

/** A form input by its whole label; a required field's label ends with an asterisk. */
export const field = (page: Page, label: string): Locator =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`));

/** Fills text inputs by their labels. */
export async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

/** The list row holding this username (exactly, in the UserName column). */
export const row = (page: Page, username: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: username, exact: true }) });

/** The text of a row's cell under the given column header. */
export async function cell(page: Page, username: string, column: string): Promise<string> {
  const headers = (await page.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(column);
  if (index < 0) throw new Error(`No column '${column}' in ${JSON.stringify(headers)}`);
  return (await row(page, username).getByRole('cell').nth(index).innerText()).trim();
}

/** Polls a cell until it reads `expected`. */
export const expectCell = (page: Page, username: string, column: string, expected: string) =>
  expect.poll(() => cell(page, username, column).catch((e: Error) => e.message), { timeout: UI_TIMEOUT }).toBe(expected);

/** The top bar's balance ('Balance: 123.00'). */
export const topBarBalance = (page: Page) => page.getByTestId('wallet-balance').innerText();

export const expectTopBarBalance = (page: Page, points: string) =>
  expect.poll(() => topBarBalance(page), { timeout: UI_TIMEOUT }).toContain(`Balance: ${points}`);

/** A sidebar entry. */
export const menuItem = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

/**
 * The life of one e2e file: the real server and Chromium start before its tests and stop after
 * them; every page it opens is screenshotted into .tmp/e2e-failures when a test fails.
 */
export function e2eRun(serverOptions?: Parameters<typeof startServer>[0]) {
  const contexts = new Set<BrowserContext>();
  const run = {
    server: undefined as unknown as RunningServer,
    browser: undefined as unknown as Browser,
    async newPage(): Promise<Page> {
      const page = await openPage(run.browser, run.server.baseUrl);
      contexts.add(page.context());
      return page;
    },
  };
  beforeAll(async () => {
    run.server = await startServer(serverOptions);
    run.browser = await launchBrowser();
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.server?.stop();
  });
  beforeEach((ctx) => {
    ctx.onTestFailed(async () => {
      const shots = await screenshotAll(contexts, ctx.task.name);
      const serverTail = run.server?.output().split('\n').slice(-30).join('\n') ?? '';
      console.error(
        [`screenshots of the failed test: ${shots.files.join(', ')}`, ...shots.pages.map((p) => `page ${p}`), `server's last lines:\n${serverTail}`].join('\n'),
      );
    });
  });
  return run;
}
