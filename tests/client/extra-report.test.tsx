import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type * as Reports from '../../resources/reports';
import { WALLET_REPORT, withWalletReport } from '../fixtures/extraReport';

// The registry with one more report: its declaration, nothing else on the client.
vi.mock('../../resources/reports', async (importOriginal) => {
  const actual = await importOriginal<typeof Reports>();
  return { ...actual, REPORTS: withWalletReport(actual.REPORTS) };
});
// The back office's wallet socket has no server here.
vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, close: () => undefined }) }));

const { default: RoleApp } = await import('../../src/RoleApp');
const { visibleMenu, routablePages } = await import('../../src/layout/screens');
const { loginAs } = await import('./fixtures');
const { recordApi } = await import('./msw');
const { card, cellsOf, totalRow } = await import('./reportRender');

const ROWS = [
  { id: '7', username: 'SAM0007', role: 'superareamanager', balance: 1250.5 },
  { id: '9', username: 'SAM0009', role: 'superareamanager', balance: 0.25 },
];

describe('a report added in one declaration has its menu entry, route and screen', () => {
  it('is in the menus of the roles its page names, and routed for its route-only roles too', () => {
    const roles = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'] as const;
    expect(roles.filter((r) => visibleMenu(r).pages.some((p) => p.key === 'walletreport'))).toEqual(['superadmin', 'admin']);
    expect(roles.filter((r) => routablePages(r).some((p) => p.key === 'walletreport'))).toEqual(['superadmin', 'admin', 'master']);
  });

  it('draws its title, cards, columns, rows and Total row from the declaration, through the one report frame', async () => {
    loginAs('admin');
    const calls = recordApi((call) => {
      if (call.path.startsWith('/api/percentage/usergames/')) return { json: { success: true, games: [], users: [], adminGameList: [] } };
      // The test registry's own report: the product's server has no such route to check the answer against.
      if (call.path === `/api${WALLET_REPORT.api}`) return { json: { success: true, role: 'admin', data: ROWS }, offContract: 'a report of the test registry only' };
      return undefined;
    });
    render(
      <MemoryRouter initialEntries={['/admin/walletreport']}>
        <Routes>
          <Route path="/:role/*" element={<RoleApp role="admin" />} />
        </Routes>
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Wallet Report' }, { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Wallet Report', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Wallet Report' })).toHaveAttribute('href', '/admin/walletreport');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['No', 'Account', 'Tier', 'Balance']);
    const body = within(table).getAllByRole('row').slice(1, 3);
    expect(body.map(cellsOf)).toEqual([
      ['1', 'SAM0007', 'Super Area Manager', '1,250.50'],
      ['2', 'SAM0009', 'Super Area Manager', '0.25'],
    ]);
    expect(cellsOf(totalRow(table))).toEqual(['Total', '', '', '1,250.75']);
    expect(card('Total Balance')).toBe('1,250.75');
    // The period query of every report, on the declared path.
    expect(calls.find((c) => c.path === `/api${WALLET_REPORT.api}`)?.query).toMatchObject({ startDate: expect.any(String), endDate: expect.any(String) });
  }, 60_000);
});
