/**
 * The accounts' life, as a new user would go through it in Chromium against `npm start`:
 * the superadmin logs in, creates an admin, each tier logs in and creates the next down to a
 * player, credit moves and the balances follow, accounts are deactivated, reactivated and
 * deleted through the confirmation dialogs, a player is forced out, a list is exported and the
 * spreadsheet read back. The tests of this file run in order and build on each other.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, test } from 'vitest';
import { tierOf, type AccountRecord, type Role } from '../../resources.config';
import { Api } from './api';
import {
  cell,
  choose,
  e2eRun,
  field,
  expectCell,
  expectTopBarBalance,
  fill,
  heading,
  login,
  menuItem,
  row,
  selected,
  typeAndChoose,
  UI_TIMEOUT,
} from './browser';
import { SUPERADMIN } from './server';

const PW = { admin: 'Admin-pass-1', sam: 'Sam-pass-1', am: 'Am-pass-1', master: 'Master-pass-1', player: 'Player-pass-1' };

const e2e = e2eRun();
let root: Api;
const pages: Record<'sa' | 'admin' | 'sam' | 'am' | 'master' | 'player', Page | undefined> = {
  sa: undefined,
  admin: undefined,
  sam: undefined,
  am: undefined,
  master: undefined,
  player: undefined,
};
/** The accounts the forms created, read back from the API by their unique first names. */
const acc: Partial<Record<'admin' | 'sam' | 'am' | 'master' | 'player' | 'player2', AccountRecord>> = {};

async function newPage(key: keyof typeof pages): Promise<Page> {
  const page = await e2e.newPage();
  pages[key] = page;
  return page;
}
const pg = (key: keyof typeof pages): Page => {
  const p = pages[key];
  if (!p) throw new Error(`no page for ${key} (an earlier step failed)`);
  return p;
};
const must = <K extends keyof typeof acc>(k: K): AccountRecord => {
  const a = acc[k];
  if (!a) throw new Error(`no ${k} account (an earlier step failed)`);
  return a;
};

/** The account of a tier the form just created, found through the API by its first name. */
async function createdAccount(api: string, firstName: string): Promise<AccountRecord> {
  const list = await root.call<{ data: AccountRecord[] }>('GET', `${api}/all?perPage=500`);
  const found = list.data.find((a) => a.firstName === firstName);
  if (!found) throw new Error(`no ${api} account named ${firstName}`);
  return found;
}

/** Submits an account form and waits for the success message and the return to the list. */
async function submitAccountForm(page: Page, listPath: string) {
  await page.getByRole('button', { name: 'Submit' }).click();
  // The success message names the username the server generated.
  await page.getByText(/^User created successfully! Username: [A-Z]+\d+$/).waitFor();
  await page.waitForURL((u) => u.pathname === listPath);
}

/** Opens a row action's confirmation dialog, checks its title and text, confirms. */
async function confirmRowAction(page: Page, username: string, action: 'Deactivate' | 'Activate' | 'Delete' | 'Logout') {
  await row(page, username).getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(`${action} Confirmation`, { exact: true }).waitFor();
  await dialog.getByText(`Are you sure you want to ${action.toLowerCase()} ${username}?`, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
});


describe.sequential('accounts, credit and sessions in the browser', () => {
  test('the superadmin logs in through the login page', async () => {
    const page = await newPage('sa');
    await page.goto('/');
    await heading(page, 'Sign In').waitFor();
    await page.getByLabel('Username').fill(SUPERADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(SUPERADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login successful!').waitFor();
    await page.waitForURL((u) => u.pathname === '/superadmin/dashboard');
    await heading(page, `Welcome, ${SUPERADMIN.username}`).waitFor();
    await expectTopBarBalance(page, '0.00');
  });

  test('the superadmin generates points from its profile (its own credit adjust)', async () => {
    const page = pg('sa');
    await menuItem(page, 'Profile').click();
    // The top bar reads the page's one title (the embedded Edit Profile form adds none).
    await page.getByRole('heading', { level: 6, name: 'Profile', exact: true }).waitFor();
    expect(await page.getByText('ProfileEdit Profile').count()).toBe(0);
    await page.getByRole('link', { name: 'Generate or burn points' }).click();
    await heading(page, 'Generate or Burn Points').waitFor();
    await page.getByText('Available Credit: 0.00').waitFor();
    expect(await page.getByRole('radio', { name: /^Generate/ }).isChecked()).toBe(true);
    await page.getByLabel('Amount').fill('10000');
    await page.getByLabel('Password', { exact: true }).fill(SUPERADMIN.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Credit adjustment successful!').waitFor();
    await page.getByText('Available Credit: 10,000.00').waitFor();
    await expectTopBarBalance(page, '10,000.00');
    expect(await root.wallet()).toBe(10_000);
  });

  test('the superadmin adds an admin with the Add Admin form (cascading geography, games)', async () => {
    const page = pg('sa');
    await menuItem(page, 'Admin').click();
    await page.waitForURL((u) => u.pathname === '/superadmin/admin');
    await page.getByRole('link', { name: 'Add Admin' }).click();
    await heading(page, 'Add Admin').waitFor();

    await fill(page, {
      'First Name': 'Asha',
      'Last Name': 'Rao',
      Email: 'asha.rao@example.com',
      'Phone number': '9876543210',
      Address: '1 MG Road',
      'PIN Code': '560001',
      Commission: '5',
      Password: PW.admin,
      PIN: '1234',
    });
    // Cascading selects: a new country clears state and city.
    await typeAndChoose(page, 'Country', 'India');
    // The pickers filter as the operator types: India's 36 states narrow to one.
    await page.getByRole('combobox', { name: /^State\b/ }).fill('Karnat');
    await expect.poll(() => page.getByRole('option').allInnerTexts()).toEqual(['Karnataka']);
    await page.keyboard.press('Escape');
    await typeAndChoose(page, 'State', 'Karnataka');
    await typeAndChoose(page, 'City', 'Bengaluru');
    await typeAndChoose(page, 'Country', 'Nepal');
    await expect.poll(() => selected(page, 'State')).toBe('');
    await expect.poll(() => selected(page, 'City')).toBe('');
    await typeAndChoose(page, 'Country', 'India');
    await typeAndChoose(page, 'State', 'Karnataka');
    await typeAndChoose(page, 'City', 'Bengaluru');
    expect(await selected(page, 'City')).toBe('Bengaluru');

    // The reference is the superadmin; new accounts default to Active.
    expect(await selected(page, 'Reference')).toBe(SUPERADMIN.username);
    expect(await page.getByRole('radio', { name: 'Active', exact: true }).isChecked()).toBe(true);

    await page.getByRole('combobox', { name: /^Games/ }).click();
    await page.getByRole('option', { name: 'Fun Target', exact: true }).click();
    await page.getByRole('option', { name: 'Triple Fun', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });

    await submitAccountForm(page, '/superadmin/admin');
    const admin = (acc.admin = await createdAccount('admins', 'Asha'));
    expect(admin).toMatchObject({ lastName: 'Rao', email: 'asha.rao@example.com', country: 'IN', state: 'KA', city: 'Bengaluru', commission: 5 });

    await row(page, admin.username).waitFor();
    await expectCell(page, admin.username, 'Refer ID', SUPERADMIN.username);
    await expectCell(page, admin.username, 'Unique ID', admin._id);
    await expectCell(page, admin.username, 'Points', '0.00');
    await expectCell(page, admin.username, 'Games', 'Fun Target, Triple Fun');
  });

  test('the admin logs in and adds a super area manager', async () => {
    const admin = must('admin');
    const page = await newPage('admin');
    await login(page, admin.username, PW.admin, '/admin/dashboard');
    await menuItem(page, 'Super Area Manager').click();
    await page.getByRole('link', { name: 'Add Super Area Manager' }).click();
    await heading(page, 'Add Super Area Manager').waitFor();
    // An admin is the only possible parent: its own account, prefilled.
    expect(await selected(page, 'Reference')).toBe(admin.username);
    await fill(page, { 'First Name': 'Samir', Password: PW.sam, PIN: '2345' });
    await submitAccountForm(page, '/admin/superareamanager');
    const sam = (acc.sam = await createdAccount('superareamanager', 'Samir'));
    await expectCell(page, sam.username, 'Refer ID', admin.username);
    await expectCell(page, sam.username, 'Points', '0.00');
  });

  test('the super area manager logs in and adds an area manager', async () => {
    const sam = must('sam');
    const page = await newPage('sam');
    await login(page, sam.username, PW.sam, '/superareamanager/dashboard');
    await menuItem(page, 'Area Manager').click();
    await page.getByRole('link', { name: 'Add Area Managers' }).click();
    await heading(page, 'Add Area Managers').waitFor();
    expect(await selected(page, 'Reference')).toBe(sam.username);
    await fill(page, { 'First Name': 'Amala', Password: PW.am, PIN: '3456' });
    await submitAccountForm(page, '/superareamanager/areamanager');
    const am = (acc.am = await createdAccount('areamanager', 'Amala'));
    await expectCell(page, am.username, 'Refer ID', sam.username);
  });

  test('the area manager logs in and adds a master', async () => {
    // The masters' parent: the area manager here; a tier a registry adds between them is made by the
    // area manager through the API (the walk is empty when the master hangs under the area manager).
    const parentRole = tierOf('master').parent as Role;
    const asAm = await Api.login(e2e.server.baseUrl, must('am').username, PW.am);
    const parent = (await asAm.chainDown(parentRole, () => ({ password: PW.am, pin: '3456' })))[parentRole] ?? must('am');
    const page = await newPage('am');
    await login(page, parent.username, PW.am, `/${parentRole}/dashboard`);
    await menuItem(page, 'Master').click();
    await page.getByRole('link', { name: 'Add Master' }).click();
    await heading(page, 'Add Master').waitFor();
    expect(await selected(page, 'Reference')).toBe(parent.username);
    await fill(page, { 'First Name': 'Mira', Password: PW.master, PIN: '4567' });
    await submitAccountForm(page, `/${parentRole}/master`);
    const master = (acc.master = await createdAccount('master', 'Mira'));
    await expectCell(page, master.username, 'Refer ID', parent.username);
  });

  test('the master logs in and adds a player; it may not open the admin pages', async () => {
    const master = must('master');
    const page = await newPage('master');
    await login(page, master.username, PW.master, '/master/dashboard');
    await menuItem(page, 'Player').click();
    await page.getByRole('link', { name: 'Add Player' }).click();
    await heading(page, 'Add Player').waitFor();
    expect(await selected(page, 'Reference')).toBe(master.username);
    await fill(page, { 'First Name': 'Pavan', Password: PW.player, PIN: '5678' });
    await submitAccountForm(page, '/master/player');
    const player = (acc.player = await createdAccount('player', 'Pavan'));
    await expectCell(page, player.username, 'Refer ID', master.username);
    await expectCell(page, player.username, 'Is Online', 'Offline');

    await page.goto('/admin/dashboard');
    await page.waitForURL((u) => u.pathname === '/master/dashboard');
    await heading(page, `Welcome, ${master.username}`).waitFor();
  });

  test('the superadmin also creates a lower tier directly (a player under the master)', async () => {
    const master = must('master');
    const page = pg('sa');
    await menuItem(page, 'Player').click();
    await page.waitForURL((u) => u.pathname === '/superadmin/player');
    await page.getByRole('link', { name: 'Add Player' }).click();
    await heading(page, 'Add Player').waitFor();
    await choose(page, 'Reference', master.username);
    await fill(page, { 'First Name': 'Priya', Password: PW.player, PIN: '6789' });
    await submitAccountForm(page, '/superadmin/player');
    const player2 = (acc.player2 = await createdAccount('player', 'Priya'));
    await expectCell(page, player2.username, 'Refer ID', master.username);
    await row(page, must('player').username).waitFor();
  });

  test('credit transfer: the balances change in the lists and in the top bar', async () => {
    const admin = must('admin');
    const page = pg('sa');
    await menuItem(page, 'Admin').click();
    await row(page, admin.username).getByRole('link', { name: 'Credit Transfer', exact: true }).click();
    await heading(page, 'Admin Credit Transfer').waitFor();
    await page.getByText('Available Credit: 10,000.00').waitFor();
    await page.getByText(`Account ${admin.username}, balance 0.00`).waitFor();
    await page.getByLabel('Amount').fill('500');
    await page.getByLabel('Password', { exact: true }).fill(SUPERADMIN.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Credit transfer successful!').waitFor();
    await page.getByText('Available Credit: 9,500.00').waitFor();
    await page.getByText(`Account ${admin.username}, balance 500.00`).waitFor();
    await expectTopBarBalance(page, '9,500.00');
    await menuItem(page, 'Admin').click();
    await expectCell(page, admin.username, 'Points', '500.00');

    // A wrong password moves nothing.
    await row(page, admin.username).getByRole('link', { name: 'Credit Transfer', exact: true }).click();
    await page.getByLabel('Amount').fill('10');
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Incorrect password.').waitFor();
    await expectTopBarBalance(page, '9,500.00');

    // The superadmin funds the first player directly.
    const player = must('player');
    await menuItem(page, 'Player').click();
    await row(page, player.username).getByRole('link', { name: 'Credit Transfer', exact: true }).click();
    await heading(page, 'Player Credit Transfer').waitFor();
    await page.getByLabel('Amount').fill('25');
    await page.getByLabel('Password', { exact: true }).fill(SUPERADMIN.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Credit transfer successful!').waitFor();
    await expectTopBarBalance(page, '9,475.00');
    await menuItem(page, 'Player').click();
    await expectCell(page, player.username, 'Points', '25.00');
  });

  test('the admin passes credit down and takes some back with a credit adjust', async () => {
    const sam = must('sam');
    const page = pg('admin');
    await page.reload();
    await expectTopBarBalance(page, '500.00');
    await menuItem(page, 'Super Area Manager').click();
    await row(page, sam.username).getByRole('link', { name: 'Credit Transfer', exact: true }).click();
    await heading(page, 'Super Area Manager Credit Transfer').waitFor();
    await page.getByLabel('Amount').fill('200');
    await page.getByLabel('Password', { exact: true }).fill(PW.admin);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Credit transfer successful!').waitFor();
    await expectTopBarBalance(page, '300.00');
    await menuItem(page, 'Super Area Manager').click();
    await expectCell(page, sam.username, 'Points', '200.00');

    // Credit adjust, transaction type credit (the default): take 50 back.
    await row(page, sam.username).getByRole('link', { name: 'Credit Adjust', exact: true }).click();
    await heading(page, 'Super Area Manager Credit Adjust').waitFor();
    expect(await page.getByRole('radio', { name: 'Credit', exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Amount').fill('50');
    await page.getByLabel('Password', { exact: true }).fill(PW.admin);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Credit adjustment successful!').waitFor();
    await page.getByText('Available Credit: 350.00').waitFor();
    await expectTopBarBalance(page, '350.00');
    await menuItem(page, 'Super Area Manager').click();
    await expectCell(page, sam.username, 'Points', '150.00');

    // The super area manager sees its new balance in its own top bar.
    const samPage = pg('sam');
    await samPage.reload();
    await expectTopBarBalance(samPage, '150.00');
  });

  test('a details page shows the account and its child tier', async () => {
    const sam = must('sam');
    const am = must('am');
    const page = pg('sa');
    await menuItem(page, 'Super Area Manager').click();
    await page.getByRole('link', { name: sam.username, exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/superadmin/superareamanager/players/details/${sam._id}`);
    await page.getByText('credit: 150.00').waitFor();
    await page.getByText('Role: Super Area Manager').waitFor();
    await page.getByText('Last Week').waitFor();
    await page.getByRole('link', { name: 'Add Area Manager' }).waitFor();
    await expectCell(page, am.username, 'Refer ID', sam.username);
  });

  test('an edit form is prefilled and sends the change', async () => {
    const admin = must('admin');
    const page = pg('sa');
    await menuItem(page, 'Admin').click();
    await row(page, admin.username).getByRole('link', { name: 'Edit', exact: true }).click();
    await heading(page, 'Edit Admin').waitFor();
    await expect.poll(() => field(page, 'Last Name').inputValue()).toBe('Rao');
    expect(await selected(page, 'City')).toBe('Bengaluru');
    await field(page, 'Last Name').fill('Rao-Iyer');
    // The Add Admin form has no date of birth while the edit form requires one.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Date of Birth is required').waitFor();
    await field(page, 'Date of Birth').fill('1990-05-17');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Admin updated successfully!').waitFor();
    await page.waitForURL((u) => u.pathname === '/superadmin/admin');
    expect(await root.get('admins', admin._id)).toMatchObject({ lastName: 'Rao-Iyer', dateOfBirth: '1990-05-17', city: 'Bengaluru' });
  });

  test('deactivate and reactivate through the confirmation dialogs', async () => {
    const sam = must('sam');
    const page = pg('admin');
    await menuItem(page, 'Super Area Manager').click();
    await confirmRowAction(page, sam.username, 'Deactivate');
    await page.getByText(`User ${sam.username} has been successfully deactivated.`).waitFor();
    await row(page, sam.username).getByRole('button', { name: 'Activate', exact: true }).waitFor();

    // A deactivated account is logged out and may not log in.
    expect((await root.get('superareamanager', sam._id)).userStatus).toBe(false);
    const denied = await fetch(`${e2e.server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: sam.username, password: PW.sam }),
    });
    expect(denied.status).toBe(403);
    const samPage = pg('sam');
    await samPage.reload();
    await samPage.waitForURL((u) => u.pathname === '/auth/login');

    await confirmRowAction(page, sam.username, 'Activate');
    await page.getByText(`User ${sam.username} has been successfully activated.`).waitFor();
    await row(page, sam.username).getByRole('button', { name: 'Deactivate', exact: true }).waitFor();
    await login(samPage, sam.username, PW.sam, '/superareamanager/dashboard');
  });

  test('delete through the confirmation dialog (refused while the account holds points)', async () => {
    const player = must('player');
    const player2 = must('player2');
    const page = pg('sa');
    await menuItem(page, 'Player').click();
    await confirmRowAction(page, player.username, 'Delete');
    await page.getByText(`${player.username} still holds points: take them back with a credit adjust first.`).waitFor();
    await row(page, player.username).waitFor();

    await confirmRowAction(page, player2.username, 'Delete');
    await page.getByText('player deleted successfully.').waitFor();
    await row(page, player2.username).waitFor({ state: 'detached' });
    await row(page, player.username).waitFor();
  });

  test("force a player's logout", async () => {
    const player = must('player');
    const playerPage = await newPage('player');
    await login(playerPage, player.username, PW.player, '/');
    await heading(playerPage, 'Play the best games').waitFor();
    // The static landing page: the six games and the recent-winner cards.
    for (const game of ['Lucky 12 Coupon', 'Lucky 16', 'Triple Chance', 'Roulette', 'DusKaDum', 'Lucky 10 Coupon'])
      await playerPage.getByRole('heading', { name: game, exact: true }).first().waitFor();
    await playerPage.getByText('Rahul S.').waitFor();

    const page = pg('sa');
    await page.reload();
    await expectCell(page, player.username, 'Is Online', 'Online');
    await confirmRowAction(page, player.username, 'Logout');
    await page.getByText('player logout successfully.').waitFor();
    await expectCell(page, player.username, 'Is Online', 'Offline');

    // The player's next call is refused: its session is gone (bearer token and cookie alike).
    const status = await playerPage.evaluate(async () => {
      const res = await fetch('/api/auth/session', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return res.status;
    });
    expect(status).toBe(401);
    // Reloaded, the player's landing page asks the server and falls back to the login screen.
    await playerPage.reload();
    await playerPage.getByRole('button', { name: /login/i }).waitFor();
    expect(await playerPage.getByRole('heading', { name: 'Play the best games' }).count()).toBe(0);
    expect(await playerPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('export the player list and read the spreadsheet back', async () => {
    const player = must('player');
    const master = must('master');
    const page = pg('sa');
    await menuItem(page, 'Player').click();
    await row(page, player.username).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: UI_TIMEOUT }), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('playersList.xlsx');
    const wb = XLSX.read(readFileSync(await download.path()), { type: 'buffer', cellStyles: true });
    expect(wb.SheetNames).toEqual(['player']);
    expect((wb.Sheets.player!['!cols'] ?? []).map((c) => c.wch)).toEqual([30, 30, 30, 15, 25, 12, 25]);
    const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets.player!, { header: 1, raw: false });
    expect(rows[0]).toEqual(['UserName', 'Refer ID', 'Unique ID', 'Points', 'Date & Time', 'Is Online', 'Last Login']);
    expect(rows).toHaveLength(2); // the deleted player is gone
    const [username, referId, uniqueId, points, createdAt, online, lastLogin] = rows[1]!;
    expect({ username, referId, uniqueId, points, online }).toEqual({
      username: player.username,
      referId: master.username,
      uniqueId: player._id,
      points: '25.00',
      online: 'Offline',
    });
    expect(createdAt).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    // Points are numbers in the sheet (shown with two decimals).
    expect(XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.player!, { header: 1, raw: true })[1]![3]).toBe(25);
    expect(lastLogin).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    // The table shows the same values.
    expect(await cell(page, player.username, 'Date & Time')).toBe(createdAt);
  });

  test('export the admin list: games joined by commas', async () => {
    const admin = must('admin');
    const page = pg('sa');
    await menuItem(page, 'Admin').click();
    await row(page, admin.username).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: UI_TIMEOUT }), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('AdminsList.xlsx');
    const wb = XLSX.read(readFileSync(await download.path()), { type: 'buffer', cellStyles: true });
    const ws = wb.Sheets[wb.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<string[]>(ws, { header: 1, raw: false });
    expect(rows[0]).toEqual(['UserName', 'Refer ID', 'Unique ID', 'Points', 'Games', 'Date & Time']);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([[admin.username, SUPERADMIN.username, admin._id, '350.00', 'Fun Target, Triple Fun']]);
    expect((ws['!cols'] ?? []).map((c) => c.wch)).toEqual([30, 30, 30, 15, 40, 25]);
  });
});
