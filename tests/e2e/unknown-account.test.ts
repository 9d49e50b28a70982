/**
 * Pages about an account that does not exist say so once, with one request, in Chromium.
 */
import { describe, expect, test } from 'vitest';
import { e2eRun, login } from './browser';
import { SUPERADMIN } from './server';

const e2e = e2eRun();

describe('an unknown account id', () => {
  for (const path of ['/superadmin/master/players/details/999999', '/superadmin/master/edit/999999', '/superadmin/master/credittransfer/999999']) {
    test(`${path} shows "Account not found." after one request`, async () => {
      const page = await e2e.newPage();
      await login(page, SUPERADMIN.username, SUPERADMIN.password, '/superadmin/dashboard');
      const asked: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/master\/999999/.test(r.url())) asked.push(r.url());
      });
      await page.goto(path);
      await page.getByText('Account not found.', { exact: true }).waitFor();
      await page.waitForTimeout(1500);
      expect(await page.getByText('Account not found.', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
      expect(asked).toHaveLength(1);
    });
  }
});
