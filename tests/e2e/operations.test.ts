/**
 * The operations screens in Chromium against `npm start`: an admin takes a
 * backup, sees it listed, downloads it and reads the archive back, changes data, restores the
 * backup after the browser confirmation and the password step-up and finds the data as saved;
 * Clear History with its two alerts and then a real clear; a visitor sends a message from the
 * login page's Contact Us form and the superadmin changes its status; Log Activities search,
 * "Showing X of Y entries" and logs.csv read back. The tests run in order and build on each other.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { adminBody, Api } from './api';
import { e2eRun, expectTopBarBalance, field, heading, login, menuItem, UI_TIMEOUT } from './browser';
import { SUPERADMIN } from './server';

const PASSWORD = 'Ops-pass-123';
/** Backups go to a folder of this run, not to the project's ./data/backups. */
const backupDir = mkdtempSync(join(tmpdir(), 'tierdesk-e2e-backups-'));
const e2e = e2eRun({ env: { BACKUP_DIR: backupDir, BACKUP_ADMINS: '' } });
afterAll(() => rmSync(backupDir, { recursive: true, force: true }));

let root: Api;
let asAdmin: Api;
let admin: AccountRecord;
let sam: AccountRecord;
/** The account created after the backup: the restore must take it away. */
let late: AccountRecord | undefined;
let adminPage: Page | undefined;
let saPage: Page | undefined;
/** The folder the admin's Backup button wrote. */
let folder: string | undefined;

const must = <T>(v: T | undefined, what: string): T => {
  if (v === undefined) throw new Error(`no ${what} (an earlier step failed)`);
  return v;
};

interface BackupFolder {
  folder: string;
  createdAt: string;
  size: number;
  rows: number;
}
const listBackups = async (api: Api) => (await api.call<{ folders: BackupFolder[] }>('GET', 'backup/list-backups')).folders;

/** A balance as the API reads it, after a fresh login (a restore ends every session). */
async function balanceOf(api: Api, path: string, id: string): Promise<number> {
  return (await api.get(path, id)).walletBalance;
}

/** The entries of a gzipped POSIX tar: read by hand (512-byte headers, octal sizes, zero blocks at the end). */
function readTarGz(gz: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(gz);
  const out = new Map<string, Buffer>();
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const text = (from: number, len: number) => header.subarray(from, from + len).toString('utf8').replace(/\0.*$/s, '');
    const name = text(0, 100);
    const size = parseInt(text(124, 12).trim(), 8);
    // The header's checksum: the sum of its bytes with the checksum field read as spaces.
    const sum = header.reduce((s, b, i) => s + (i >= 148 && i < 156 ? 32 : b), 0);
    expect(parseInt(text(148, 8).trim(), 8), `checksum of ${name}`).toBe(sum);
    expect(text(257, 6)).toBe('ustar');
    out.set(name, Buffer.from(tar.subarray(at + 512, at + 512 + size)));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  expect(at, 'the archive ends with zero blocks').toBeLessThan(tar.length);
  return out;
}

/** RFC 4180 lines: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Counts the page's calls to one API path. */
function countCalls(page: Page, path: string): { readonly n: number; stop(): void } {
  let n = 0;
  const on = (r: Request) => {
    if (new URL(r.url()).pathname === `/api/${path}`) n++;
  };
  page.on('request', on);
  return {
    get n() {
      return n;
    },
    stop: () => page.off('request', on),
  };
}

/** The password step-up modal: a wrong password first when asked, then the right one. */
async function passStepUp(page: Page, { wrongFirst = false } = {}) {
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.waitFor();
  await dialog.getByText('This action needs your password again.').waitFor();
  const password = dialog.getByLabel('Password', { exact: true });
  if (wrongFirst) {
    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('❌ Invalid password. Please try again.', { exact: true }).waitFor();
    await expect.poll(() => password.inputValue()).toBe('');
  }
  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

beforeAll(async () => {
  root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  await root.generate(10_000, SUPERADMIN.password);
  admin = await root.create(
    'admins',
    adminBody(
      { firstName: 'Opal', lastName: 'Ops', email: 'opal.ops@example.com', phone: '9123456720', address: '9 Backup Lane', pinCode: '560009' },
      { refId: root.user._id, password: PASSWORD },
    ),
  );
  await root.transfer('admins', admin._id, 1_000, SUPERADMIN.password);
  // Whole-installation backups are the superadmin's to grant (Edit Admin's checkbox).
  await root.call('PUT', `admins/${admin._id}`, { updatedFields: { mayBackup: true } });
  asAdmin = await Api.login(e2e.server.baseUrl, admin.username, PASSWORD);
  sam = await asAdmin.create('superareamanager', { password: PASSWORD, pin: '1234' });
  await asAdmin.create('areamanager', { password: PASSWORD, pin: '1234', refId: sam._id });
  await asAdmin.transfer('superareamanager', sam._id, 300, PASSWORD);
});

describe.sequential('operations screens in the browser', () => {
  test('the admin takes a backup and sees it listed', async () => {
    const page = (adminPage = await e2e.newPage());
    await login(page, admin.username, PASSWORD, '/admin/dashboard');
    await menuItem(page, 'Backups').click();
    await page.waitForURL((u) => u.pathname === '/admin/backups');
    await heading(page, 'Backups').waitFor();
    await page.getByRole('cell', { name: 'No backups yet.', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Backup', exact: true }).click();
    await page.getByText('✅ Backup completed', { exact: true }).waitFor();
    const folders = await listBackups(asAdmin);
    expect(folders).toHaveLength(1);
    const b = folders[0]!;
    folder = b.folder;
    expect(b.folder).toMatch(/^backup-\d{8}-\d{6}-[0-9a-f]{6}$/);

    const table = page.getByRole('table', { name: 'Backups' });
    const row = table.getByRole('row').filter({ hasText: b.folder });
    await row.waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Folder', 'Time', 'Size', 'Rows', 'Actions']);
    const cells = (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim());
    expect(cells[0]).toBe(b.folder);
    expect(cells[2]).toMatch(/^\d+(\.\d)? (B|KB|MB)$/);
    expect(cells[3]).toBe(String(b.rows));
    expect(b.rows).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('cell', { name: 'No backups yet.' }).count()).toBe(0);
  });

  test('Local Download gives a gzipped tar of the folder: the manifest and every table file, checksums matching', async () => {
    const page = must(adminPage, 'admin page');
    const name = must(folder, 'backup folder');
    const row = page.getByRole('row').filter({ hasText: name });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: UI_TIMEOUT }),
      row.getByRole('button', { name: 'Local Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${name}.tar.gz`);
    const bytes = readFileSync(await download.path());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip
    const entries = readTarGz(bytes);
    const manifestBytes = entries.get(`${name}/manifest.json`);
    expect(manifestBytes, `entries: ${[...entries.keys()].join(', ')}`).toBeDefined();
    const manifest = JSON.parse(manifestBytes!.toString('utf8')) as { schemaVersion: string; tables: { name: string; file: string; rows: number; sha256: string }[] };
    expect(manifest.schemaVersion).toMatch(/\S/);
    expect(manifest.tables.map((t) => t.name)).toContain('accounts');
    expect(manifest.tables.map((t) => t.name)).not.toContain('sessions');
    // The archive holds exactly the manifest's files, each matching its checksum and row count.
    expect([...entries.keys()].sort()).toEqual([`${name}/manifest.json`, ...manifest.tables.map((t) => `${name}/${t.file}`)].sort());
    for (const t of manifest.tables) {
      const file = entries.get(`${name}/${t.file}`)!;
      expect(createHash('sha256').update(file).digest('hex'), t.file).toBe(t.sha256);
      expect((JSON.parse(file.toString('utf8')) as unknown[]).length, t.file).toBe(t.rows);
    }
    const accounts = JSON.parse(entries.get(`${name}/accounts.json`)!.toString('utf8')) as { username: string }[];
    expect(accounts.map((a) => a.username)).toEqual(expect.arrayContaining([SUPERADMIN.username, admin.username, sam.username]));
    // The listed row count is the manifest's.
    expect(manifest.tables.reduce((s, t) => s + t.rows, 0)).toBe((await listBackups(asAdmin))[0]!.rows);
  });

  test('data changes after the backup; dismissing the confirmation restores nothing', async () => {
    late = await asAdmin.create('superareamanager', { password: PASSWORD, pin: '1234' });
    await asAdmin.transfer('superareamanager', late._id, 200, PASSWORD);
    await asAdmin.transfer('superareamanager', sam._id, 50, PASSWORD);
    expect(await asAdmin.wallet()).toBe(450);
    expect(await balanceOf(asAdmin, 'superareamanager', sam._id)).toBe(350);

    const page = must(adminPage, 'admin page');
    const name = must(folder, 'backup folder');
    const imports = countCalls(page, 'backup/importbackup');
    const checks = countCalls(page, 'auth/checkpassword');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(`${d.type()}: ${d.message()}`);
        void d.dismiss();
      }),
    );
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Import Backup', exact: true }).click();
    expect(await asked).toBe(`confirm: Restore ${name}? This overwrites the whole database with the backup.`);
    // A dismissed confirmation opens no password step and calls nothing; the data is untouched.
    // (Two frames: a mutation started by the click would have opened the modal by then.)
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await asAdmin.wallet()).toBe(450);
    expect((await asAdmin.get('superareamanager', late._id)).username).toBe(late.username);
    expect(imports.n).toBe(0);
    expect(checks.n).toBe(0);
    imports.stop();
    checks.stop();
  });

  test('Import Backup after the confirmation and the password step-up: the data is as saved', async () => {
    const page = must(adminPage, 'admin page');
    const name = must(folder, 'backup folder');
    const lateAccount = must(late, 'late account');
    const imports = countCalls(page, 'backup/importbackup');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Import Backup', exact: true }).click();
    // The step-up comes before the call; a wrong password is refused and cleared.
    await page.getByRole('dialog', { name: 'Confirm your password' }).waitFor();
    expect(imports.n).toBe(0);
    await passStepUp(page, { wrongFirst: true });
    await page.getByText(`Restored from ${name}`, { exact: true }).waitFor();
    await page.getByText('The restore ended every session, this one too: log in again to go on.', { exact: true }).waitFor();
    expect(imports.n).toBe(1);
    imports.stop();
    // The folder's buttons stay disabled: this session is over.
    expect(await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Import Backup' }).isDisabled()).toBe(true);

    // Every session ended, the API's too.
    expect((await asAdmin.raw('GET', 'credit/loadcredit')).status).toBe(401);
    expect((await root.raw('GET', 'credit/loadcredit')).status).toBe(401);
    root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
    asAdmin = await Api.login(e2e.server.baseUrl, admin.username, PASSWORD);
    // As saved: the later account is gone, the balances are back.
    expect(await asAdmin.wallet()).toBe(700);
    expect(await balanceOf(asAdmin, 'superareamanager', sam._id)).toBe(300);
    expect((await asAdmin.raw('GET', `superareamanager/${lateAccount._id}`)).status).toBe(404);
    expect(await root.wallet()).toBe(9_000);
    expect(await balanceOf(root, 'admins', admin._id)).toBe(700);

    // "Log in again" goes to the login page; the restored balance shows in the top bar.
    await page.getByRole('button', { name: 'Log in again', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/auth/login');
    await login(page, admin.username, PASSWORD, '/admin/dashboard');
    await expectTopBarBalance(page, '700.00');
  });

  test('Clear History: the two alerts before any call, then a clear after the step-up', async () => {
    const page = must(adminPage, 'admin page');
    await menuItem(page, 'Clear History').click();
    await page.waitForURL((u) => u.pathname === '/admin/clearhistory');
    await heading(page, 'Clear History').waitFor();
    await page.getByText('A backup is taken first; accounts are never deleted.').waitFor();
    const calls = countCalls(page, 'backup/deleterecords');
    const submit = page.getByRole('button', { name: 'Clear History', exact: true });
    const alert = page.getByRole('alert');

    await submit.click();
    await expect.poll(() => alert.allInnerTexts()).toEqual(['Please select start and end date.']);
    await page.getByLabel('Start Date').fill('2020-01-01');
    await submit.click();
    // One date is not enough.
    await expect.poll(() => alert.allInnerTexts()).toEqual(['Please select start and end date.']);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const end = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.getByLabel('End Date').fill(end);
    expect(end > today()).toBe(true);
    await submit.click();
    await expect.poll(() => alert.allInnerTexts()).toEqual(['Select at least one model to clear']);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(calls.n).toBe(0);

    const backupsBefore = (await listBackups(asAdmin)).map((b) => b.folder);
    await page.getByRole('checkbox', { name: 'refertransaction: ledger transfers and adjustments (carried forward)' }).check();
    await submit.click();
    await passStepUp(page);
    const done = page.getByText(/^✅ Cleared \d+ record\(s\); a backup was taken first \(backup-\d{8}-\d{6}-[0-9a-f]{6}\)\.$/);
    await done.waitFor();
    expect(calls.n).toBe(1);
    calls.stop();
    const [, cleared, taken] = /Cleared (\d+) record\(s\); a backup was taken first \((.+)\)\./.exec(await done.innerText())!;
    // After the restore the admin's network holds one transfer (admin → super area manager).
    expect(Number(cleared)).toBe(1);
    const backupsAfter = (await listBackups(asAdmin)).map((b) => b.folder);
    expect(backupsAfter).toContain(taken);
    expect(backupsBefore).not.toContain(taken);
    // Cleared ledger rows are carried forward: every balance is as it was, and the account stays.
    expect(await asAdmin.wallet()).toBe(700);
    expect(await balanceOf(asAdmin, 'superareamanager', sam._id)).toBe(300);
    // Nothing is left to clear in the range the second time.
    await submit.click();
    await page.getByText(/^✅ Cleared 0 record\(s\); a backup was taken first/).waitFor();
  });

  test('a visitor sends a message from the login page; a bad email shows the server’s message first', async () => {
    const page = await e2e.newPage();
    await page.goto('/auth/login');
    await heading(page, 'Sign In').waitFor();
    await page.getByRole('button', { name: 'Contact Us', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.getByText('Send us a message and we will get back to you.').waitFor();
    await dialog.getByLabel('Enquiry Type').selectOption('Technical');
    await field(page, 'Full Name').fill('Vera Visitor');
    await field(page, 'Email').fill('vera-at-example');
    await field(page, 'Mobile').fill('9876501234');
    await field(page, 'Details').fill('The Lucky 16 round froze at 0:05.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByText('Email is not a valid address', { exact: true }).waitFor();
    // Nothing was stored, and the form keeps what the visitor typed.
    expect((await root.call<{ totalComplaints: number }>('GET', 'complaint')).totalComplaints).toBe(0);
    expect(await field(page, 'Full Name').inputValue()).toBe('Vera Visitor');

    await field(page, 'Email').fill('vera@example.com');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByText('Thank you: your message has been sent.', { exact: true }).waitFor();
    expect(await dialog.getByText('Email is not a valid address').count()).toBe(0);
    expect(await field(page, 'Full Name').inputValue()).toBe('');
    const { data } = await root.call<{ data: { fullName: string; email: string; enquiryType: string; mobile: string; complaintDetails: string; status: string }[] }>('GET', 'complaint');
    expect(data).toEqual([
      expect.objectContaining({
        fullName: 'Vera Visitor',
        email: 'vera@example.com',
        enquiryType: 'Technical',
        mobile: '9876501234',
        complaintDetails: 'The Lucky 16 round froze at 0:05.',
        status: 'Pending',
      }),
    ]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('the superadmin sees the message and marks it Completed; the status persists', async () => {
    const page = (saPage = await e2e.newPage());
    await login(page, SUPERADMIN.username, SUPERADMIN.password, '/superadmin/dashboard');
    await menuItem(page, 'Contact Us').click();
    await page.waitForURL((u) => u.pathname === '/superadmin/contactus');
    await heading(page, 'Contact Us').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'vera@example.com' });
    await row.waitFor();
    const cells = (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim());
    expect(cells.slice(0, 7)).toEqual(['1', 'Technical', 'Vera Visitor', 'vera@example.com', '9876501234', 'The Lucky 16 round froze at 0:05.', 'Pending']);
    const status = page.getByRole('combobox', { name: 'Status of the message from Vera Visitor' });
    expect(await status.innerText()).toBe('Pending');

    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/complaint\/[^/]+\/status$/.test(new URL(r.url()).pathname));
    await status.click();
    await page.getByRole('option', { name: 'Completed', exact: true }).click();
    expect((await patched).status()).toBe(200);
    await expect.poll(() => status.innerText()).toBe('Completed');
    await page.reload();
    await heading(page, 'Contact Us').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Status of the message from Vera Visitor' }).innerText().catch(() => '')).toBe('Completed');
    // The chip is drawn in the status's colour (success).
    expect(await row.locator('[data-status="Completed"]').getAttribute('class')).toMatch(/MuiChip-colorSuccess/);
    const { data } = await root.call<{ data: { status: string }[] }>('GET', 'complaint');
    expect(data.map((c) => c.status)).toEqual(['Completed']);
  });

  test('Log Activities: search by username, "Showing X of Y entries", logs.csv of the filter', async () => {
    const page = must(saPage, 'superadmin page');
    const api = (q: string) => root.call<{ data: { username: string | null; subject: string }[]; total: number }>('GET', `logs?limit=10&${q}`);
    const all = await api('');
    const mine = await api(`search=${encodeURIComponent(admin.username)}`);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(all.total);

    await menuItem(page, 'Log Activities').click();
    await page.waitForURL((u) => u.pathname === '/superadmin/logactivities');
    await heading(page, 'Log Activities').waitFor();
    await page.getByText(/^Showing \d+ of \d+ entries$/).waitFor();
    await page.getByLabel('Search username or subject').fill(admin.username);
    const shown = Math.min(10, mine.total);
    await page.getByText(`Showing ${shown} of ${mine.total} entries`, { exact: true }).waitFor();

    const table = page.getByRole('table', { name: 'Log Activities' });
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['No', 'Username', 'Subject', 'Outcome', 'Method', 'Request URL', 'IP Address', 'Date']);
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect.poll(() => rows.count()).toBe(shown);
    const texts = await Promise.all(Array.from({ length: shown }, (_, i) => rows.nth(i).getByRole('cell').allInnerTexts()));
    for (const [i, cells] of texts.entries()) {
      const [no, username, subject] = cells.map((c) => c.trim());
      expect(no).toBe(String(i + 1));
      // The server matches the username or the subject.
      expect(username === admin.username || subject!.toLowerCase().includes(admin.username.toLowerCase()), `${username} / ${subject}`).toBe(true);
    }
    // The table is the API's first page, newest first.
    expect(texts.map((c) => c[2]!.trim())).toEqual(mine.data.map((r) => r.subject));
    // The admin's restore is on record (written after the commit, so it survived it).
    expect(mine.data.map((r) => r.subject)).toContain(`Restore from ${must(folder, 'backup folder')}`);

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: UI_TIMEOUT }), page.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe('logs.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = parseCsv(csv);
    // Written in the browser in the reader's language: the screen's headers, subjects and outcomes in words.
    expect(lines[0]).toEqual(['Date', 'Username', 'Subject', 'Outcome', 'Method', 'Request URL', 'IP Address']);
    const body = lines.slice(1);
    // The whole filtered set, not the page.
    expect(body).toHaveLength(mine.total);
    for (const [createdAt, username, subject] of body) {
      expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(username === admin.username || subject!.toLowerCase().includes(admin.username.toLowerCase()), `${username} / ${subject}`).toBe(true);
    }
    expect(body.slice(0, shown).map((r) => r[2])).toEqual(mine.data.map((r) => r.subject));
    // No secret reached the log.
    expect(csv).not.toContain(PASSWORD);
  });
});
