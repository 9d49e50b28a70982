import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { TransactionRow, TransactionSide } from '../../domain/api';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { TransactionReportPage } from '../../src/reports/transactions/TransactionReportPage';
import type * as ExportRows from '../../src/tiers/exportRows';
import type { ExportSheet } from '../../src/tiers/exportRows';
import { loginAs } from './fixtures';
import { recordApi, type Recorded } from './msw';

const writeSheet = vi.hoisted(() => vi.fn(async (_s: ExportSheet) => {}));
// The file itself is SheetJS's business: the test reads the sheet handed to it.
vi.mock('../../src/tiers/exportRows', async (original) => ({ ...(await original<typeof ExportRows>()), writeSheet }));

const side = (_id: string, username: string, displayName = username): TransactionSide => ({ _id, username, displayName });

const tx = (id: string, over: Partial<TransactionRow> = {}): TransactionRow => ({
  _id: id,
  userId: side('1', 'superadmin'),
  toUserId: side('7', 'AD0007'),
  amount: 0,
  transactionType: 'transfer',
  newBalance: 0,
  account: null,
  transactionMessage: '',
  status: 'completed',
  createdAt: '2026-03-11T04:05:06.000Z',
  ...over,
});

const PAGE = [
  tx('104', { amount: 2000, newBalance: 2000, transactionMessage: 'Opening credit' }),
  tx('103', { userId: side('7', 'AD0007'), toUserId: side('2', 'POOL-AD0007'), amount: -1000, transactionType: 'pool', newBalance: 1000 }),
  tx('102', { userId: side('31', 'PL0031'), toUserId: side('2', 'POOL-AD0007'), amount: -100.5, transactionType: 'bet', newBalance: 99.5, status: 'pending' }),
  tx('101', { userId: null, toUserId: side('7', 'AD0007'), amount: 500, transactionType: 'generated', newBalance: null, status: 'cancelled' }),
];
const TOTAL = 612;

/** The ledger: the page above for the screen's pages, and 612 numbered rows in pages of 500 for the export. */
function api() {
  return recordApi((c) => {
    if (c.path === '/api/reports/findallusers')
      return { json: { success: true, data: [{ _id: '7', username: 'AD0007', role: 'admin' }, { _id: '31', username: 'PL0031', role: 'player' }] } };
    if (c.path !== '/api/reports/transactionreport') return undefined;
    if (c.query.limit === '500') {
      const from = (Number(c.query.page) - 1) * 500;
      const rows = Array.from({ length: Math.max(0, Math.min(500, TOTAL - from)) }, (_, i) => tx(String(from + i + 1), { amount: -(from + i + 1) }));
      return { json: { success: true, total: TOTAL, data: rows } };
    }
    return { json: { success: true, total: TOTAL, data: PAGE } };
  });
}

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
        <TransactionReportPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

const ledgerQueries = (calls: Recorded[]) => calls.filter((c) => c.path === '/api/reports/transactionreport').map((c) => c.query);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const BASE = { id: '7', currentid: '7', type: 'all', role: 'admin' };

describe('Transaction Report', () => {
  it('asks for the operator’s whole subtree, a server page at a time, and shows the ledger signed for it', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Transaction Report' });
    expect(ledgerQueries(calls)).toEqual([{ ...BASE, page: '1', limit: '10' }]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'No', 'From', 'To', 'Amount', 'Transaction Type', 'New Balance', 'Message', 'Status', 'Date & Time',
    ]);
    const [, ...rows] = within(table).getAllByRole('row');
    const shown = rows.map(cellsOf);
    expect(shown.map((r) => r.slice(0, 8))).toEqual([
      ['1', 'superadmin', 'AD0007', '2,000.00 Credit', 'Transfer', '2,000.00', 'Opening credit', 'Completed'],
      ['2', 'AD0007', 'POOL-AD0007', '-1,000.00 Debit', 'Pool', '1,000.00', '', 'Completed'],
      ['3', 'PL0031', 'POOL-AD0007', '-100.50 Debit', 'Bet', '99.50', '', 'Pending'],
      ['4', 'N/A', 'AD0007', '500.00 Credit', 'Generated', 'N/A', '', 'Cancelled'],
    ]);
    expect(shown[0][8]).toMatch(/^11\/03\/2026 \d\d:05:06$/);
    expect(screen.getByText('1–10 of 612')).toBeInTheDocument();
  });

  it('names a game pool by its game and admin, and says whose balance a row shows', async () => {
    loginAs('admin', '7');
    const pool = { _id: '2', username: 'PL0002', displayName: 'Fun Target pool · AD0007' };
    const player = { _id: '31', username: 'PL0031', displayName: 'PL0031' };
    recordApi((c) => {
      if (c.path === '/api/reports/findallusers') return { json: { success: true, data: [] } };
      if (c.path !== '/api/reports/transactionreport') return undefined;
      const rows = [
        tx('201', { userId: pool, toUserId: player, account: player, amount: 900, transactionType: 'win', newBalance: 1000 }),
        tx('200', { userId: player, toUserId: pool, account: player, amount: -100, transactionType: 'bet', newBalance: 100 }),
      ];
      return { json: { success: true, total: 2, data: rows } };
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Transaction Report' });
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map((r) => cellsOf(r).slice(1, 6))).toEqual([
      ['Fun Target pool · AD0007', 'PL0031', '900.00 Credit', 'Win', '1,000.00'],
      ['PL0031', 'Fun Target pool · AD0007', '-100.00 Debit', 'Bet', '100.00'],
    ]);
    expect(within(rows[0]).getByRole('cell', { name: '1,000.00' })).toHaveAttribute('title', expect.stringContaining('Balance of PL0031'));
  });

  it('shows completed green and every other status red; credits green and debits red', async () => {
    loginAs('admin', '7');
    api();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Transaction Report' });
    const chip = (label: string) => within(table).getAllByText(label)[0].closest('.MuiChip-root')!;
    expect(chip('Completed')).toHaveClass('MuiChip-colorSuccess');
    expect(chip('Pending')).toHaveClass('MuiChip-colorError');
    expect(chip('Cancelled')).toHaveClass('MuiChip-colorError');
    const amount = (text: string) => within(table).getByRole('cell', { name: text });
    // The theme's success.main and error.main (MUI's #2e7d32 and #d32f2f).
    const green = 'rgb(46, 125, 50)';
    const red = 'rgb(211, 47, 47)';
    expect(getComputedStyle(amount('2,000.00 Credit')).color).toBe(green);
    expect(getComputedStyle(amount('500.00 Credit')).color).toBe(green);
    expect(getComputedStyle(amount('-1,000.00 Debit')).color).toBe(red);
    expect(getComputedStyle(amount('-100.50 Debit')).color).toBe(red);
  });

  it('sends each filter and the paging, and goes back to page 1 on a new filter', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    await screen.findByRole('table', { name: 'Transaction Report' });
    const user = userEvent.setup();
    const last = () => ledgerQueries(calls).at(-1);
    expect(within(screen.getByLabelText('Status')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Completed', 'Pending', 'Cancelled']);
    expect(within(screen.getByLabelText('Type')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Single']);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(last()).toEqual({ ...BASE, page: '2', limit: '10' }));

    await user.selectOptions(screen.getByLabelText('Status'), 'Pending');
    await waitFor(() => expect(last()).toEqual({ ...BASE, status: 'pending', page: '1', limit: '10' }));

    await user.selectOptions(screen.getByLabelText('Type'), 'Single');
    await waitFor(() => expect(last()).toEqual({ ...BASE, status: 'pending', type: 'single', page: '1', limit: '10' }));

    // The picked day goes as that day's noon without an offset: the server reads it in its own time zone.
    fireEvent.change(screen.getByLabelText('Select Date'), { target: { value: '2026-03-05' } });
    await waitFor(() => expect(last()).toEqual({ ...BASE, status: 'pending', type: 'single', date: '2026-03-05T12:00:00', page: '1', limit: '10' }));

    // Another account of the subtree: its id and role, the operator still the currentid. Itself is not listed twice.
    await user.type(screen.getByRole('combobox', { name: 'Select User' }), 'p');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/reports/findallusers' && c.query.q === 'p')).toBe(true));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['PL0031']);
    await user.click(screen.getByRole('option', { name: 'PL0031' }));
    await waitFor(() =>
      expect(last()).toEqual({ id: '31', currentid: '7', role: 'player', status: 'pending', type: 'single', date: '2026-03-05T12:00:00', page: '1', limit: '10' }),
    );

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(last()).toMatchObject({ id: '31', page: '1', limit: '25' }));
    expect(calls.find((c) => c.path === '/api/reports/findallusers')?.query).toEqual({ id: '7' });
  });

  it('exports TransactionsList.xlsx of the whole filtered set, read in pages of 500', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    await screen.findByRole('table', { name: 'Transaction Report' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await waitFor(() => expect(ledgerQueries(calls).at(-1)).toMatchObject({ status: 'completed' }));
    await user.click(screen.getByRole('button', { name: 'Export XLS' }));
    await waitFor(() => expect(writeSheet).toHaveBeenCalledTimes(1));
    expect(ledgerQueries(calls).filter((q) => q.limit === '500')).toEqual([
      { ...BASE, status: 'completed', page: '1', limit: '500' },
      { ...BASE, status: 'completed', page: '2', limit: '500' },
    ]);
    const sheet = writeSheet.mock.calls[0][0];
    expect(sheet.file).toBe('TransactionsList.xlsx');
    expect(sheet.rows).toHaveLength(TOTAL);
    expect(Object.keys(sheet.rows[0])).toEqual(['From', 'To', 'Amount', 'Transaction Type', 'New Balance', 'Message', 'Status', 'Date & Time']);
    expect(sheet.rows[611]).toMatchObject({ From: 'superadmin', To: 'AD0007', Amount: -612, 'Transaction Type': 'Transfer', Status: 'Completed' });
  });
});
