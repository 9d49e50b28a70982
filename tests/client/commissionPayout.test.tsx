import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { tierOf, type Role } from '../../resources.config';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { CommissionPayoutPage } from '../../src/reports/commission/CommissionPayoutPage';
import { payoutRoleOptions } from '../../src/reports/commission/commissionApi';
import { loginAs } from './fixtures';
import { recordApi, type Recorded } from './msw';

// The server's own `pending` is deliberately wrong: the screen computes each row's from the rate and the play
// (its totals are the server's, over every row of the tier, not only the page).
const MASTERS = [
  { id: '21', username: 'MS0021', role: 'master', commission: 2, totalcommission: 137, pending: 999 },
  // 77 × 1.5 % = 1.155, half-up 1.16.
  { id: '22', username: 'MS0022', role: 'master', commission: 1.5, totalcommission: 77, pending: 999 },
  // 100.50 × 1 % = 1.005, half-up 1.01 (in floats 100.5 × 1 / 100 × 100 is 100.49999…, which rounds to 1.00).
  { id: '23', username: 'MS0023', role: 'master', commission: 1, totalcommission: 100.5, pending: 999 },
];
const SUPER = [{ id: '8', username: 'SAM0008', role: 'superareamanager', commission: 5, totalcommission: 214, pending: 10.7 }];

type Row = (typeof MASTERS)[number];

/** The server's answer: the page asked (100 rows when none is), the number of rows, the totals over all of them. */
function answer(rows: readonly Row[], query: Record<string, string>, totals: { totalcommission: number; pending: number }) {
  const limit = Number(query.limit ?? 100);
  const page = Number(query.page ?? 1);
  return { json: { success: true, data: rows.slice((page - 1) * limit, page * limit), total: rows.length, totals } };
}

function api() {
  return recordApi((c) => {
    if (c.path !== '/api/reports/commissionpayout') return undefined;
    if (c.query.role === 'master') return answer(MASTERS, c.query, { totalcommission: 314.5, pending: 4.91 });
    if (c.query.role === 'superareamanager') return answer(SUPER, c.query, { totalcommission: 214, pending: 10.7 });
    return answer([], c.query, { totalcommission: 0, pending: 0 });
  });
}

function renderPage(role: Role) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(role)} i18nProvider={i18nProvider}>
        <CommissionPayoutPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

const queries = (calls: Recorded[]) => calls.filter((c) => c.path === '/api/reports/commissionpayout').map((c) => c.query);
const optionsOf = () => within(screen.getByLabelText('Select Role')).getAllByRole('option').map((o) => o.textContent);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

// The masters' pending list is read by the tier the masters hang under (the area manager in the spec).
const MASTERS_PARENT = tierOf('master').parent as Role;

describe('Commission Payout Report: role filter, pending commission, paging', () => {
  it('offers the role filter options of the viewer, from the registry', async () => {
    const expected: [Role, string[]][] = [
      ['superadmin', ['Super Area Manager', 'Area Manager', 'Master', 'Player']],
      ['admin', ['Super Area Manager', 'Area Manager', 'Master', 'Player']],
      ['superareamanager', ['Area Manager', 'Master', 'Player']],
      ['areamanager', ['Master', 'Player']],
      ['master', ['Player']],
    ];
    for (const [role, labels] of expected) {
      expect(payoutRoleOptions(role).map((t) => t.labels.singular), role).toEqual(labels);
      loginAs(role, '7');
      api();
      const { unmount } = renderPage(role);
      expect(optionsOf(), role).toEqual(labels);
      unmount();
    }
    expect(payoutRoleOptions('player')).toEqual([]);
  });

  it('asks for the first tier under the viewer, then for the tier chosen', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage('admin');
    expect(await screen.findByRole('cell', { name: 'SAM0008' })).toBeInTheDocument();
    expect(queries(calls)).toEqual([{ role: 'superareamanager', id: '7', page: '1', limit: '10' }]);
    expect(screen.getByRole('heading', { name: 'Pending Commission' })).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByLabelText('Select Role'), 'Master');
    await waitFor(() => expect(queries(calls).at(-1)).toEqual({ role: 'master', id: '7', page: '1', limit: '10' }));
    expect(await screen.findByRole('cell', { name: 'MS0021' })).toBeInTheDocument();
  });

  it('shows pending = play since last paid × rate / 100, half-up to the cent, and the server’s totals over the tier', async () => {
    loginAs(MASTERS_PARENT, '9');
    const calls = api();
    renderPage(MASTERS_PARENT);
    const table = await screen.findByRole('table', { name: 'Pending Commission' });
    await within(table).findByRole('cell', { name: 'MS0021' });
    expect(queries(calls)).toEqual([{ role: 'master', id: '9', page: '1', limit: '10' }]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'No', 'Username', 'Role', 'Commission (%)', 'Play Since Last Paid', 'Pending Commission',
    ]);
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map(cellsOf)).toEqual([
      ['1', 'MS0021', 'Master', '2%', '137.00', '2.74'],
      ['2', 'MS0022', 'Master', '1.5%', '77.00', '1.16'],
      ['3', 'MS0023', 'Master', '1%', '100.50', '1.01'],
      ['Total', '314.50', '4.91'],
    ]);
  });

  it('asks the server for the tier’s rows ten at a time, numbered across pages, the totals over every row', async () => {
    loginAs(MASTERS_PARENT, '9');
    const many = Array.from({ length: 12 }, (_, i) => ({ id: String(100 + i), username: `MS0${100 + i}`, role: 'master', commission: 1, totalcommission: 100, pending: 0 }));
    const calls = recordApi((c) => (c.path === '/api/reports/commissionpayout' ? answer(many, c.query, { totalcommission: 1200, pending: 12 }) : undefined));
    renderPage(MASTERS_PARENT);
    const table = await screen.findByRole('table', { name: 'Pending Commission' });
    await within(table).findByRole('cell', { name: 'MS0109' });
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    expect(within(table).queryByRole('cell', { name: 'MS0110' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to next page' }));
    await within(table).findByRole('cell', { name: 'MS0111' });
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map(cellsOf)).toEqual([
      ['11', 'MS0110', 'Master', '1%', '100.00', '1.00'],
      ['12', 'MS0111', 'Master', '1%', '100.00', '1.00'],
      ['Total', '1,200.00', '12.00'],
    ]);
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
    expect(queries(calls).map((q) => q.page)).toEqual(['1', '2']);
  });

  it('says "No records found" for a tier without accounts', async () => {
    loginAs('master', '11');
    const calls = api();
    renderPage('master');
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(queries(calls)).toEqual([{ role: 'player', id: '11', page: '1', limit: '10' }]);
  });
});
