/**
 * Login page, logout and the route guard in Chromium against `npm start`. The accounts below the
 * superadmin are set up through the real API (the forms are covered by accounts.test.ts).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { Api } from './api';
import { e2eRun, heading, login } from './browser';
import { SUPERADMIN } from './server';

const PASSWORD = 'Chain-pass-1';

const e2e = e2eRun();
let master: AccountRecord;

const newPage = () => e2e.newPage();

const path = (page: Page) => new URL(page.url()).pathname;

beforeAll(async () => {
  const { server } = e2e;
  // A chain down to a master, each account created by its parent through the API.
  const root = await Api.login(server.baseUrl, SUPERADMIN.username, SUPERADMIN.password);
  const secrets = { password: PASSWORD, pin: '1234' };
  const admin = await root.create('admins', {
    firstName: 'Route',
    lastName: 'Admin',
    email: 'route.admin@example.com',
    phone: '9123456780',
    country: 'IN',
    state: 'KA',
    city: 'Bengaluru',
    address: '2 Route Road',
    pinCode: '560002',
    commissionAmount: 0,
    refId: root.user._id,
    userStatus: true,
    ...secrets,
  });
  const asAdmin = await Api.login(server.baseUrl, admin.username, PASSWORD);
  master = (await asAdmin.chainDown('master', () => secrets)).master!;
});


describe('login page and route guard', () => {
  test('logged out, unknown paths and role pages go to the login screen', async () => {
    const page = await newPage();
    for (const p of ['/no/such/page', '/superadmin/dashboard', '/master/player', '/nosuchrole/dashboard']) {
      await page.goto(p);
      await page.waitForURL((u) => u.pathname === '/auth/login');
      await heading(page, 'Sign In').waitFor();
    }
    await page.goto('/');
    await heading(page, 'Sign In').waitFor();
    expect(path(page)).toBe('/');
  });

  test('the login form validates on blur and shows the server refusal', async () => {
    const page = await newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Username').focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByText('Username is required').waitFor();
    await page.getByLabel('Username').focus();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Username').fill(SUPERADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid username or password.').waitFor();
    expect(path(page)).toBe('/auth/login');
  });

  test('a master opening /admin/dashboard is sent to /master/dashboard', async () => {
    const page = await newPage();
    await login(page, master.username, PASSWORD, '/master/dashboard');
    await page.goto('/admin/dashboard');
    await page.waitForURL((u) => u.pathname === '/master/dashboard');
    await heading(page, `Welcome, ${master.username}`).waitFor();
    // Another role's pages and unknown pages under the role's own prefix alike.
    await page.goto('/superadmin/admin');
    await page.waitForURL((u) => u.pathname === '/master/dashboard');
    await page.goto('/master/no-such-screen');
    await page.waitForURL((u) => u.pathname === '/master/dashboard');
    // The master's menu has no tier above its players.
    await page.getByRole('menuitem', { name: 'Player', exact: true }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Master', exact: true }).count()).toBe(0);
  });

  test('Log Out in the profile menu returns to /auth/login and ends the session', async () => {
    const page = await newPage();
    await login(page, SUPERADMIN.username, SUPERADMIN.password, '/superadmin/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).waitFor();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/login');
    const res = await fetch(`${e2e.server.baseUrl}/api/auth/session`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    await page.goto('/superadmin/dashboard');
    await page.waitForURL((u) => u.pathname === '/auth/login');
  });
});
