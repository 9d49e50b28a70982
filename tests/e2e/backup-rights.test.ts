/**
 * Who may back up, in Chromium against `npm start` with BACKUP_ADMINS unset: the superadmin (the
 * installation's owner) has Backups in its menu and takes one; a second admin added changes nothing
 * for it; an admin without the right reads, in its language, who may and whom to ask (never a server
 * variable); the superadmin grants the right from Edit Admin's checkbox, the admin then backs up, and
 * the superadmin revokes it the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { en } from '../../src/i18n/en';
import { hiErrors } from '../../src/i18n/hiErrors';
import { adminBody, Api } from './api';
import { e2eRun, field, heading, login, menuItem, row } from './browser';
import { SUPERADMIN } from './server';

const PASSWORD = 'Rights-pass-123';
const backupDir = mkdtempSync(join(tmpdir(), 'tierdesk-e2e-rights-'));
const e2e = e2eRun({ env: { BACKUP_DIR: backupDir, BACKUP_ADMINS: '' } });
afterAll(() => rmSync(backupDir, { recursive: true, force: true }));

const GRANT_LABEL = 'May back up and restore the whole installation';
let root: Api;
let admin: AccountRecord;

/** The longest fixed part of a message template (between its %{…} parameters): what the screen must show whatever the parameters. */
const fixedPart = (template: string) => template.split(/%\{\w+\}/).sort((a, b) => b.length - a.length)[0]!.trim();

const person = (n: number) => ({ firstName: 'Rina', lastName: `Rights${n}`, email: `rina.rights${n}@example.com`, phone: `91234567${30 + n}`, address: `${n} Grant Road`, pinCode: '560010' });

beforeAll(async () => {
  root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  // Two admins: with BACKUP_ADMINS unset, a second admin once turned Backups off for everyone.
  admin = await root.create('admins', adminBody(person(1), { refId: root.user._id, password: PASSWORD }));
  await root.create('admins', adminBody(person(2), { refId: root.user._id, password: PASSWORD }));
});

/** Sets or clears the admin's right through Edit Admin, as the superadmin does it. */
async function setRight(page: Page, may: boolean) {
  await menuItem(page, 'Admin').click();
  await row(page, admin.username).getByRole('link', { name: 'Edit', exact: true }).click();
  await heading(page, 'Edit Admin').waitFor();
  const box = page.getByLabel(GRANT_LABEL);
  await expect.poll(() => box.isChecked()).toBe(!may);
  await box.setChecked(may);
  // The admin was made through the API without a date of birth, which the edit form requires.
  if (!(await field(page, 'Date of Birth').inputValue())) await field(page, 'Date of Birth').fill('1990-05-17');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Admin updated successfully!').waitFor();
  // The saved form goes back to the list by itself a second later.
  await page.waitForURL((u) => !u.pathname.includes('/edit/'));
  await row(page, admin.username).waitFor();
  expect((await root.get('admins', admin._id)).mayBackup).toBe(may);
}

describe.sequential('backup rights in the browser', () => {
  let sa: Page;
  let ad: Page;

  test('the superadmin has Backups in its menu and takes one beside two admins', async () => {
    sa = await e2e.newPage();
    await login(sa, SUPERADMIN.username, SUPERADMIN.password, '/superadmin/dashboard');
    await menuItem(sa, 'Backups').click();
    await sa.waitForURL((u) => u.pathname === '/superadmin/backups');
    await heading(sa, 'Backups').waitFor();
    await sa.getByRole('button', { name: 'Backup', exact: true }).click();
    await sa.getByText(en.td.backups.completed, { exact: true }).waitFor();
    const { folders } = await root.call<{ folders: { folder: string }[] }>('GET', 'backup/list-backups');
    expect(folders).toHaveLength(1);
    await sa.getByRole('table', { name: 'Backups' }).getByRole('row').filter({ hasText: folders[0]!.folder }).waitFor();
  });

  test('an admin without the right reads who may and whom to ask, in English and in Hindi', async () => {
    ad = await e2e.newPage();
    await login(ad, admin.username, PASSWORD, '/admin/dashboard');
    await ad.goto('/admin/backups');
    await ad.getByText(`Ask the superadmin (${SUPERADMIN.username}) to give you this right.`).waitFor();
    expect(await ad.getByRole('button', { name: 'Backup', exact: true }).isDisabled()).toBe(true);
    expect(await ad.locator('body').innerText()).not.toMatch(/BACKUP_ADMINS|set .* on the server/);

    await ad.evaluate(() => localStorage.setItem('tierdesk.locale', 'hi'));
    await ad.reload();
    await ad.getByText(fixedPart(hiErrors.backupNotGranted), { exact: false }).waitFor();
    expect(await ad.locator('body').innerText()).not.toContain('Ask the superadmin');
    await ad.evaluate(() => localStorage.setItem('tierdesk.locale', 'en'));
  });

  test('granted from Edit Admin, the admin backs up; revoked the same way, it is refused again', async () => {
    await setRight(sa, true);
    await ad.goto('/admin/backups');
    await heading(ad, 'Backups').waitFor();
    await ad.getByRole('button', { name: 'Backup', exact: true }).click();
    await ad.getByText(en.td.backups.completed, { exact: true }).waitFor();
    const { folders } = await root.call<{ folders: unknown[] }>('GET', 'backup/list-backups');
    expect(folders).toHaveLength(2);

    await setRight(sa, false);
    await ad.goto('/admin/backups');
    await ad.getByText(`Ask the superadmin (${SUPERADMIN.username}) to give you this right.`).waitFor();
    // The grant and the revoke are in the superadmin's log, in its words.
    const { data } = await root.call<{ data: { subject: string }[] }>('GET', 'logs/export?format=json');
    const subjects = data.map((r) => r.subject);
    expect(subjects).toContain(`Update Admin: backups granted to ${admin.username}`);
    expect(subjects).toContain(`Update Admin: backups revoked from ${admin.username}`);
  });
});
