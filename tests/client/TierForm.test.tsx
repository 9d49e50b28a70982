import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { tierOf } from '../../resources.config';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider, toRow } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { TierFormView } from '../../src/tiers/TierForm';
import type { TierScope } from '../../src/tiers/scope';
import { account, loginAs } from './fixtures';
import { recordApi, type Recorded } from './msw';
import { findNotification } from './notification';

function answer(call: Recorded) {
  if (call.path === '/api/superadmins/all') return { json: { success: true, data: [account({ _id: '1', username: 'superadmin', role: 'superadmin' })], total: 1 } };
  if (call.path.startsWith('/api/game/usergames')) return { json: { success: true, data: [{ _id: 'g1', gameId: 'MNOQqWWi', gameName: 'Fun Target' }] } };
  if (call.method === 'PUT') return { json: { success: true, message: 'updated', data: account() } };
  return undefined;
}

function renderForm(scope: TierScope, mode: 'create' | 'edit', record?: ReturnType<typeof toRow>) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('superadmin')} i18nProvider={i18nProvider}>
        <TierFormView scope={scope} mode={mode} record={record} />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('account forms from the registry', () => {
  it('create: the registry title and the validation messages, no call while invalid', async () => {
    loginAs('superadmin');
    const calls = recordApi(answer);
    renderForm({ tier: tierOf('player') }, 'create');
    expect(screen.getByRole('heading', { name: 'Add Player' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('PIN is required')).toBeInTheDocument();
    expect(screen.getByText('Reference is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('admin create requires the full profile with "{Field} is required"', async () => {
    loginAs('superadmin');
    recordApi(answer);
    renderForm({ tier: tierOf('admin') }, 'create');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    for (const m of ['First Name is required', 'Email is required', 'Phone number is required', 'Country is required', 'Commission is required', 'PIN Code is required'])
      expect(await screen.findByText(m)).toBeInTheDocument();
    expect(screen.queryByText('Status is required')).not.toBeInTheDocument(); // Active by default
  });

  it('edit: prefilled, the {name} title, no call when nothing changed, only the changed field otherwise', async () => {
    loginAs('superadmin');
    const calls = recordApi(answer);
    renderForm({ tier: tierOf('superareamanager') }, 'edit', toRow(account({ _id: '8', username: 'SAM0008', role: 'superareamanager', refId: { _id: '5', username: 'AD0005' } })));
    expect(screen.getByRole('heading', { name: 'Edit Super Area Manager :- SAM0008' })).toBeInTheDocument();
    const user = userEvent.setup();
    const first = screen.getByLabelText('First Name');
    expect(first).toHaveValue('Ann');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await new Promise((r) => setTimeout(r, 200));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(first);
    await user.type(first, 'Bo');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/superareamanager/8', body: { updatedFields: { firstName: 'Bo' } } });
    expect(await findNotification('User updated successfully!')).toBeInTheDocument();
  });

  it('area manager edit requires password and PIN again, and sends them', async () => {
    loginAs('superadmin');
    const calls = recordApi(answer);
    renderForm({ tier: tierOf('areamanager') }, 'edit', toRow(account({ _id: '9', username: 'AM0009', role: 'areamanager', refId: { _id: '8', username: 'SAM0008' } })));
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Cy');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('PIN is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Password/), 'new-pass-1');
    await user.type(screen.getByLabelText(/^PIN(?! Code)/), '1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { updatedFields: { firstName: 'Cy', password: 'new-pass-1', pin: '1234' } } });
  });

  it('a master edit leaves password and PIN optional', async () => {
    loginAs('superadmin');
    const calls = recordApi(answer);
    renderForm({ tier: tierOf('master') }, 'edit', toRow(account({ _id: '10', username: 'MS0010', role: 'master', refId: { _id: '9', username: 'AM0009' } })));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });
});
