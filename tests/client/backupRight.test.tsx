import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { tierOf } from '../../resources.config';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider, toRow } from '../../src/dataProvider/dataProvider';
import { hiErrors } from '../../src/i18n/hiErrors';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { interpolate } from '../../src/i18n/translate';
import { RoleMenu } from '../../src/layout/RoleMenu';
import { BackupsPage } from '../../src/operations/BackupsPage';
import { TierFormView } from '../../src/tiers/TierForm';
import { account, loginAs } from './fixtures';
import { recordApi } from './msw';

/** Backups never go dark: the superadmin's menu, the grant on the admin's edit form, and who can, said to an admin without the right. */
afterEach(async () => {
  await i18nProvider.changeLocale('en');
});

const NOT_GRANTED = { who: 'superadmin, AD0009', superadmin: 'superadmin' };

describe('the backup right on screen', () => {
  it('the superadmin’s menu has Backups', async () => {
    loginAs('superadmin', '1');
    recordApi((call) => (call.path.startsWith('/api/percentage/usergames/') ? { json: { success: true, games: [], users: [], adminGameList: [] } } : undefined));
    render(
      <MemoryRouter initialEntries={['/superadmin/dashboard']}>
        <AdminContext basename="/superadmin" dataProvider={createDataProvider()} authProvider={createAuthProvider('superadmin')} i18nProvider={i18nProvider} store={memoryStore({ 'sidebar.open': true })}>
          <RoleMenu role="superadmin" />
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('menuitem', { name: 'Backups' })).toHaveAttribute('href', '/superadmin/backups');
  });

  it('the admin’s edit form has the grant as a checkbox, prefilled, and sends only it when ticked', async () => {
    loginAs('superadmin', '1');
    const calls = recordApi((call) => {
      if (call.path === '/api/superadmins/all') return { json: { success: true, data: [account({ _id: '1', username: 'superadmin', role: 'superadmin' })], total: 1 } };
      if (call.path.startsWith('/api/game/usergames')) return { json: { success: true, data: [] } };
      if (call.method === 'PUT') return { json: { success: true, message: 'Admin updated successfully!', data: account({ mayBackup: true }) } };
      return undefined;
    });
    render(
      <MemoryRouter>
        <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('superadmin')} i18nProvider={i18nProvider}>
          <TierFormView scope={{ tier: tierOf('admin') }} mode="edit" record={toRow(account({ refId: { _id: '1', username: 'superadmin' } }))} />
        </AdminContext>
      </MemoryRouter>,
    );
    const box = await screen.findByLabelText('May back up and restore the whole installation');
    expect(box).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/admins/7', body: { updatedFields: { mayBackup: true } } });
  });

  it.each([
    ['en', MESSAGES.backupNotGranted],
    ['hi', hiErrors.backupNotGranted],
  ] as const)('an admin without the right sees who can, in its language (%s), never a server variable', async (locale, text) => {
    loginAs('admin', '7');
    await i18nProvider.changeLocale(locale);
    recordApi((call) =>
      call.path === '/api/backup/list-backups'
        ? { status: 403, json: { success: false, code: 'backupNotGranted', params: NOT_GRANTED, message: interpolate(MESSAGES.backupNotGranted, NOT_GRANTED) } }
        : undefined,
    );
    render(
      <MemoryRouter>
        <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
          <BackupsPage />
        </AdminContext>
      </MemoryRouter>,
    );
    const said = interpolate(text, NOT_GRANTED);
    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(said).toContain('superadmin, AD0009');
    expect(document.body.textContent).not.toMatch(/BACKUP_ADMINS|restart/);
  });
});
