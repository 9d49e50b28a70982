/**
 * Sessions across tabs and a suspended network, in Chromium against `npm start`.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { Api } from './api';
import { e2eRun, heading, login } from './browser';
import { SUPERADMIN } from './server';

const PASSWORD = 'Tabs-pass-1';
const e2e = e2eRun();
let root: Api;
let admin: AccountRecord;
let sam: AccountRecord;

beforeAll(async () => {
  root = await Api.login(e2e.server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  admin = await root.create('admins', {
    firstName: 'Tab',
    lastName: 'Admin',
    email: 'tab.admin@example.com',
    phone: '9123456790',
    country: 'IN',
    state: 'KA',
    city: 'Bengaluru',
    address: '3 Tab Road',
    pinCode: '560003',
    commissionAmount: 0,
    refId: root.user._id,
    userStatus: true,
    password: PASSWORD,
    pin: '1234',
  });
  const asAdmin = await Api.login(e2e.server.baseUrl, admin.username, PASSWORD);
  sam = await asAdmin.create('superareamanager', { password: PASSWORD, pin: '1234' });
});

describe('sessions', () => {
  test('a second tab adopts the session, and the first tab stays logged in', async () => {
    const first = await e2e.newPage();
    await login(first, SUPERADMIN.username, SUPERADMIN.password, '/superadmin/dashboard');
    const second = await first.context().newPage();
    await second.goto('/superadmin/admin');
    await second.getByRole('link', { name: admin.username }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/superadmin/admin');
    await first.reload();
    await first.waitForURL((u) => u.pathname === '/superadmin/dashboard');
    await heading(first, `Welcome, ${SUPERADMIN.username}`).waitFor();
    expect(await first.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('deactivating an admin throws its network out and keeps it out until reactivated', async () => {
    const page = await e2e.newPage();
    await login(page, sam.username, PASSWORD, '/superareamanager/dashboard');
    await root.call('PATCH', `admins/toggle-status/${admin._id}/deactivate`);
    // The next request of the open back office is refused: back to the login page.
    await page.goto('/superareamanager/areamanager');
    await page.waitForURL((u) => u.pathname === '/auth/login');
    await page.getByLabel('Username').fill(sam.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Your account is suspended: an account above it is deactivated.').waitFor();
    await root.call('PATCH', `admins/toggle-status/${admin._id}/activate`);
    await login(page, sam.username, PASSWORD, '/superareamanager/dashboard');
  });
});
