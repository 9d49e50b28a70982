import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../resources.config';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { WinPercentagePage } from '../../src/games/percentage/WinPercentagePage';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { RoleMenu } from '../../src/layout/RoleMenu';
import { loginAs } from './fixtures';
import { recordApi } from './msw';

const ROWS = [
  { id: '11', adminId: '7', username: 'AD0007', gameId: 'MNOQqWWi', gameName: 'Fun Target', winpercentage: 90 },
  { id: '12', adminId: '7', username: 'AD0007', gameId: 'qZicXikM', gameName: 'Andhar Bahar', winpercentage: 80 },
  { id: '21', adminId: '9', username: 'AD0009', gameId: 'MNOQqWWi', gameName: 'Fun Target', winpercentage: 70 },
];

function api() {
  return recordApi((call) => (call.path.startsWith('/api/percentage/usergames/') ? { json: { success: true, games: [], users: [], adminGameList: ROWS } } : undefined));
}

function renderIn(role: Role, children: ReactNode, sidebarOpen = true) {
  return render(
    <MemoryRouter initialEntries={[`/${role}/dashboard`]}>
      <AdminContext basename={`/${role}`} dataProvider={createDataProvider()} authProvider={createAuthProvider(role)} i18nProvider={i18nProvider} store={memoryStore({ 'sidebar.open': sidebarOpen })}>
        {children}
      </AdminContext>
    </MemoryRouter>,
  );
}

const percentageCalls = (calls: ReturnType<typeof api>) => calls.filter((c) => c.path.startsWith('/api/percentage/'));
const groupLinks = () =>
  within(screen.getByRole('group', { name: 'Live Result' }))
    .getAllByRole('menuitem')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('Live Result submenu', () => {
  it('the superadmin’s group opens from the keyboard and lists one console link per (admin, game) pair', async () => {
    loginAs('superadmin', '1');
    const calls = api();
    renderIn('superadmin', <RoleMenu role="superadmin" />);
    const header = screen.getByRole('button', { name: 'Live Result' });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(percentageCalls(calls).map((c) => c.path)).toEqual(['/api/percentage/usergames/1']));

    header.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(groupLinks()).toEqual([
        ['Fun Target - AD0007', '/superadmin/game/MNOQqWWi/7/AD0007'],
        ['Andhar Bahar - AD0007', '/superadmin/game/qZicXikM/7/AD0007'],
        ['Fun Target - AD0009', '/superadmin/game/MNOQqWWi/9/AD0009'],
      ]),
    );
  });

  it('the admin’s group lists one console link per game of its own win-percentage list, not two fixed consoles', async () => {
    loginAs('admin', '7');
    const calls = recordApi((call) =>
      call.path === '/api/percentage/usergames/7' ? { json: { success: true, games: [], users: [], adminGameList: ROWS.filter((r) => r.adminId === '7') } } : undefined,
    );
    renderIn('admin', <RoleMenu role="admin" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Live Result' }));
    await waitFor(() =>
      expect(groupLinks()).toEqual([
        ['Fun Target', '/admin/game/MNOQqWWi/7/AD0007'],
        ['Andhar Bahar', '/admin/game/qZicXikM/7/AD0007'],
      ]),
    );
    expect(percentageCalls(calls).map((c) => c.path)).toEqual(['/api/percentage/usergames/7']);
  });

  it('a master sees no Live Result group and asks for no percentage list', async () => {
    loginAs('master', '30');
    const calls = api();
    renderIn('master', <RoleMenu role="master" />);
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('button', { name: 'Live Result' })).not.toBeInTheDocument();
    expect(screen.queryByText('Fun Target', { exact: false })).not.toBeInTheDocument();
    expect(percentageCalls(calls)).toHaveLength(0);
  });

  it('the menu and the Win Percentage page share one request', async () => {
    loginAs('superadmin', '1');
    const calls = api();
    renderIn(
      'superadmin',
      <>
        <RoleMenu role="superadmin" />
        <WinPercentagePage />
      </>,
    );
    expect(await screen.findByLabelText('Percentage of AD0009 for Fun Target')).toHaveValue(70);
    await new Promise((r) => setTimeout(r, 100));
    expect(percentageCalls(calls)).toHaveLength(1);
  });

  it('on a folded sidebar (tablets) the links open beside it with their full names, not cut to a letter', async () => {
    loginAs('superadmin', '1');
    api();
    renderIn('superadmin', <RoleMenu role="superadmin" />, false);
    const header = screen.getByRole('button', { name: 'Live Result' });
    expect(header).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.setup().click(header);
    const menu = await screen.findByRole('menu', { name: 'Live Result' });
    await waitFor(() =>
      expect(within(menu).getAllByRole('menuitem').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
        ['Fun Target - AD0007', '/superadmin/game/MNOQqWWi/7/AD0007'],
        ['Andhar Bahar - AD0007', '/superadmin/game/qZicXikM/7/AD0007'],
        ['Fun Target - AD0009', '/superadmin/game/MNOQqWWi/9/AD0009'],
      ]),
    );
    expect(header).toHaveAttribute('aria-expanded', 'true');
  });
});
