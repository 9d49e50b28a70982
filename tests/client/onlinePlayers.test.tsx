import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { OnlinePlayersPage } from '../../src/games/history/OnlinePlayersPage';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { loginAs } from './fixtures';
import { recordApi, type Recorded } from './msw';

const player = (n: number, over: Record<string, unknown> = {}) => ({
  _id: String(n),
  username: `PL${String(n).padStart(4, '0')}`,
  points: 0,
  playPoints: 0,
  winPoints: 0,
  claimPoints: 0,
  endPoints: 0,
  isOnline: false,
  lastLogin: null,
  ...over,
});

const FIRST_PAGE = [
  player(1, { points: 12345.5, playPoints: 1000, winPoints: 250.25, claimPoints: 250.25, endPoints: 749.75, isOnline: true, lastLogin: '2026-03-11T04:05:06.000Z' }),
  player(2, { points: 0.1, isOnline: false }),
];

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('master')} i18nProvider={i18nProvider}>
        <OnlinePlayersPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

const onlineCalls = (calls: Recorded[]) => calls.filter((c) => c.path === '/api/onlinePlayer');
const rowOf = (username: string) => screen.getByRole('cell', { name: username }).closest('tr')!;

describe('Online Players', () => {
  it('asks the server for the operator’s first page and shows each player’s points, badge and last login', async () => {
    loginAs('master', '42');
    const calls = recordApi((c) => (c.path === '/api/onlinePlayer' ? { json: { success: true, total: 2, data: FIRST_PAGE } } : undefined));
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Online Players' });
    expect(onlineCalls(calls).map((c) => c.query)).toEqual([{ loginid: '42', page: '1', limit: '10' }]);

    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['No', 'User Name', 'Points', 'Play', 'Win', 'Claim', 'End', 'Is Online', 'Last Login']);
    const cells = within(rowOf('PL0001')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual(['1', 'PL0001', '12,345.50', '1,000.00', '250.25', '250.25', '749.75', 'Online']);
    expect(cells[8]).toMatch(/^11\/03\/2026 \d\d:\d\d:06$/);
    expect(within(rowOf('PL0002')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'PL0002', '0.10', '0.00', '0.00', '0.00', '0.00', 'Offline', 'N/A']);
    expect(screen.queryByText('No records found')).not.toBeInTheDocument();
  });

  it('pages on the server: the next page sends page=2 and numbers its rows from 11', async () => {
    loginAs('master', '42');
    const calls = recordApi((c) => {
      if (c.path !== '/api/onlinePlayer') return undefined;
      const page = Number(c.query.page);
      const rows = page === 1 ? Array.from({ length: 10 }, (_, i) => player(i + 1)) : [player(11, { isOnline: true })];
      return { json: { success: true, total: 11, data: rows } };
    });
    renderPage();
    await screen.findByRole('cell', { name: 'PL0010' });
    expect(screen.getByText('1–10 of 11')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByRole('cell', { name: 'PL0011' });
    expect(onlineCalls(calls).map((c) => c.query)).toEqual([
      { loginid: '42', page: '1', limit: '10' },
      { loginid: '42', page: '2', limit: '10' },
    ]);
    expect(within(rowOf('PL0011')).getAllByRole('cell')[0]).toHaveTextContent('11');
    expect(within(rowOf('PL0011')).getByText('Online')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'PL0001' })).not.toBeInTheDocument();
  });

  it('says so when there is no player', async () => {
    loginAs('master', '42');
    recordApi(() => ({ json: { success: true, total: 0, data: [] } }));
    renderPage();
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });

  it('shows the server’s message when the call fails', async () => {
    loginAs('master', '42');
    recordApi(() => ({ status: 403, json: { success: false, message: 'Only staff accounts read game history.' } }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff accounts read game history.');
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'loading' })).not.toBeInTheDocument());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
