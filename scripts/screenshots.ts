/**
 * `npm run screenshots` (after `npm run build`): starts the server like the end-to-end tests do
 * (`tsx server/main.ts` on a free port, fresh PGlite directory), creates a little data through the
 * API, and captures every screen at 1280 and 800 px wide into screenshots/ (gitignored): every page
 * of the registry for the superadmin and for an admin (the pages only an admin has), every tier list
 * the superadmin manages, the forms, and the seven consoles.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { GAME_DECLARATIONS, managedTiers, PAGES, type Role } from '../resources.config';
import { Api } from '../tests/e2e/api';
import { heading, launchBrowser, login, openPage } from '../tests/e2e/browser';
import { ROOT, startServer, SUPERADMIN } from '../tests/e2e/server';

const WIDTHS = [1280, 800] as const;
const OUT = join(ROOT, 'screenshots');
const PASSWORD = 'Shot-pass-1';

interface Shot {
  name: string;
  path: string;
  /** Waits until the screen shows its data. */
  ready(page: Page): Promise<void>;
  loggedIn: boolean;
  /** Who looks at it (the superadmin unless said). */
  as?: 'admin';
}

/** A registry page has no one text to wait for: its main area, then no spinner left. */
async function settled(page: Page): Promise<void> {
  await page.locator('main').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0, undefined, { timeout: 15_000 }).catch(() => undefined);
}

/** Every page of the registry the role opens (its menu and its route-only pages), consoles aside. */
const pagesOf = (role: Role, skip: ReadonlySet<string>): Shot[] =>
  PAGES.filter((p) => p.key !== 'game' && !skip.has(p.key) && ((p.menu as readonly string[]).includes(role) || ((p as { routeOnly?: readonly string[] }).routeOnly ?? []).includes(role))).map((p) => ({
    name: `${role}-${p.key}`,
    path: `/${role}/${p.key}`,
    loggedIn: true,
    ...(role === 'admin' ? { as: 'admin' as const } : {}),
    ready: settled,
  }));

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    // A little data: admin → super area manager → area manager → master → two players, some points.
    const root = await Api.login(server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
    await root.generate(25_000, SUPERADMIN.password);
    const secrets = { password: PASSWORD, pin: '1234' };
    const admin = await root.create('admins', {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha.rao@example.com',
      phone: '9876543210',
      country: 'IN',
      state: 'KA',
      city: 'Bengaluru',
      address: '1 MG Road',
      pinCode: '560001',
      commissionAmount: 5,
      refId: root.user._id,
      userStatus: true,
      games: (await root.call<{ data: { _id: string }[] }>('GET', `game/usergames/${root.user._id}`)).data.map((g) => g._id),
      ...secrets,
    });
    await root.transfer('admins', admin._id, 5_000, SUPERADMIN.password);
    const asAdmin = await Api.login(server.baseUrl, admin.username, PASSWORD);
    const sam = await asAdmin.create('superareamanager', { firstName: 'Samir', lastName: 'Khan', commission: 3, ...secrets });
    await asAdmin.transfer('superareamanager', sam._id, 1_500, PASSWORD);
    const asSam = await Api.login(server.baseUrl, sam.username, PASSWORD);
    const am1 = await asSam.create('areamanager', { firstName: 'Amala', ...secrets });
    await asSam.create('areamanager', { firstName: 'Arjun', ...secrets });
    await asSam.transfer('areamanager', am1._id, 400, PASSWORD);
    const asAm = await Api.login(server.baseUrl, am1.username, PASSWORD);
    const master = await asAm.create('master', { firstName: 'Mira', ...secrets });
    await asAm.transfer('master', master._id, 150, PASSWORD);
    const asMaster = await Api.login(server.baseUrl, master.username, PASSWORD);
    const p1 = await asMaster.create('player', { firstName: 'Pavan', ...secrets });
    await asMaster.create('player', { firstName: 'Priya', ...secrets });
    await asMaster.transfer('player', p1._id, 42.5, PASSWORD);
    const asPlayer = await Api.login(server.baseUrl, p1.username, PASSWORD); // one player online
    // A few bets on every game, so the consoles show running sums.
    for (const g of GAME_DECLARATIONS)
      for (const o of g.options.filter((x) => x.group !== 'jodi' && x.group !== 'single').slice(0, 3))
        await asPlayer.call('POST', 'app/createbet', { gameId: g.gameId, draws: [{ drawno: o.key, drawqty: 1 }] });

    // A Contact Us message, so its table shows a row (dates and long text at both widths).
    await fetch(`${server.baseUrl}/api/complaint`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enquiryType: 'Payment', fullName: 'Ravi Kumar', email: 'ravi@example.com', mobile: '9876543210', complaintDetails: 'My points did not arrive after the transfer this morning.' }),
    });

    const shots: Shot[] = [
      { name: 'login', path: '/auth/login', loggedIn: false, ready: (p) => heading(p, 'Sign In').waitFor() },
      {
        name: 'list-players',
        path: '/superadmin/player',
        loggedIn: true,
        ready: (p) => p.getByRole('link', { name: p1.username, exact: true }).waitFor(),
      },
      {
        name: 'list-admins',
        path: '/superadmin/admin',
        loggedIn: true,
        ready: (p) => p.getByRole('link', { name: admin.username, exact: true }).waitFor(),
      },
      {
        name: 'form-add-admin',
        path: '/superadmin/admin/create',
        loggedIn: true,
        ready: async (p) => {
          await heading(p, 'Add Admin').waitFor();
          await p.getByRole('combobox', { name: /^Reference/ }).getByText(SUPERADMIN.username).waitFor();
        },
      },
      {
        name: 'details-superareamanager',
        path: `/superadmin/superareamanager/players/details/${sam._id}`,
        loggedIn: true,
        ready: (p) => p.getByRole('link', { name: am1.username, exact: true }).waitFor(),
      },
      {
        name: 'form-credit-transfer',
        path: `/superadmin/admin/credittransfer/${admin._id}`,
        loggedIn: true,
        ready: (p) => p.getByText(`Account ${admin.username}, balance 3,500.00`).waitFor(),
      },
      { name: 'game-master', path: '/superadmin/gamemaster', loggedIn: true, ready: (p) => p.getByRole('cell', { name: 'Fun Target', exact: true }).waitFor() },
      { name: 'win-percentage', path: '/superadmin/winpercentage', loggedIn: true, ready: (p) => heading(p, 'Win Percentage').waitFor() },
      { name: 'online-players', path: '/superadmin/onlineplayers', loggedIn: true, ready: (p) => p.getByText(p1.username).first().waitFor() },
      { name: 'game-history', path: '/superadmin/gamehistory', loggedIn: true, ready: (p) => p.getByRole('cell', { name: p1.username, exact: true }).first().waitFor() },
      ...GAME_DECLARATIONS.map((g) => ({
        name: `console-${g.slug}`,
        path: `/superadmin/game/${g.gameId}/${admin._id}/${admin.username}`,
        loggedIn: true,
        ready: (p: Page) => p.getByTestId('total-draw-collection').waitFor(),
      })),
      ...managedTiers('superadmin').map((t) => ({ name: `list-${t.role}`, path: `/superadmin/${t.path}`, loggedIn: true, ready: settled })),
    ];
    const rootPages = pagesOf('superadmin', new Set());
    shots.push(...rootPages, ...pagesOf('admin', new Set(rootPages.map((s) => s.name.replace('superadmin-', '')))));

    for (const width of WIDTHS) {
      for (const who of [undefined, 'admin'] as const) {
        const page = await openPage(browser, server.baseUrl, width, 900);
        let loggedIn = false;
        for (const shot of shots.filter((x) => x.as === who || (!x.loggedIn && !who))) {
          if (shot.loggedIn && !loggedIn) {
            if (who === 'admin') await login(page, admin.username, PASSWORD, '/admin/dashboard');
            else await login(page, SUPERADMIN.username, SUPERADMIN.password, '/superadmin/dashboard');
            loggedIn = true;
          }
          await page.goto(shot.path);
          await shot.ready(page);
          await page.waitForLoadState('networkidle');
          const file = join(OUT, `${shot.name}-${width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(`screenshots/${shot.name}-${width}.png`);
        }
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
