import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { GameHistoryPage } from '../../src/games/history/GameHistoryPage';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { loginAs } from './fixtures';
import { recordApi, type Recorded } from './msw';

// Wednesday 11 March 2026, 10:30 in the test's time zone: every period below is written out by hand.
const NOW = new Date(2026, 2, 11, 10, 30, 0);
const iso = (y: number, m: number, d: number, end = false) => (end ? new Date(y, m, d, 23, 59, 59, 999) : new Date(y, m, d)).toISOString();
const TODAY = { startDate: iso(2026, 2, 11), endDate: iso(2026, 2, 11, true) };
const LAST_WEEK = { startDate: iso(2026, 2, 4), endDate: iso(2026, 2, 10, true) };
const FEB_20 = { startDate: iso(2026, 1, 20), endDate: iso(2026, 1, 20, true) };

const ticket = (id: string, over: Record<string, unknown> = {}) => ({
  ticketId: id,
  username: 'PL0031',
  gameId: 'MNOQqWWi',
  gameName: 'Fun Target',
  drawno: 5,
  timeopen: '2026-03-11T04:00:00.000Z',
  timeclose: '2026-03-11T04:01:00.000Z',
  playpoints: 0,
  winpoints: 0,
  resultNo: null,
  resultLabel: null,
  claimdate: null,
  refunded: false,
  ...over,
});

const ROWS = [
  ticket('901', { playpoints: 1234.5, winpoints: 0 }),
  ticket('900', { username: 'PL0032', gameId: 'vwRORrGO', gameName: 'Fun Roullet', playpoints: 20, winpoints: 180.25, resultNo: '7', resultLabel: '7', claimdate: '2026-03-11T04:02:00.000Z' }),
];
// Totals over the whole filter (12 tickets), not the sum of the page shown.
const TOTALS = { play: 5000.5, win: 1200.25, end: 3800.25 };

function answer(history: (c: Recorded) => { status?: number; json: Record<string, unknown> } = () => ({ json: { success: true, total: 12, totals: TOTALS, data: ROWS } })) {
  return (c: Recorded) => {
    switch (c.path) {
      case '/api/history/loadGames':
        return { json: { success: true, data: [{ gameId: 'MNOQqWWi', gameName: 'Fun Target' }, { gameId: 'vwRORrGO', gameName: 'Fun Roullet' }] } };
      case '/api/history/loadUsers':
        return { json: { success: true, data: [{ _id: '31', username: 'PL0031' }, { _id: '32', username: 'PL0032' }] } };
      case '/api/history/gamehistory':
        return history(c);
      case '/api/history/getdetailsbyticketid':
        return c.query.ticketId === '901'
          ? {
              json: {
                success: true,
                message: '',
                data: [
                  { ticketid: '901', drawno: '3', label: '3', round: 5, drawqty: 2, drawtotal: 1000, refunded: false },
                  { ticketid: '901', drawno: '7', label: '7', round: 5, drawqty: 1, drawtotal: 234.5, refunded: false },
                ],
              },
            }
          : { json: { success: false, data: [], message: 'No ticket data available.' } };
      default:
        return undefined;
    }
  };
}

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('master')} i18nProvider={i18nProvider}>
        <GameHistoryPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

const historyQueries = (calls: Recorded[]) => calls.filter((c) => c.path === '/api/history/gamehistory').map((c) => c.query);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const rowOf = (ticketId: string) => screen.getByRole('cell', { name: ticketId }).closest('tr')!;

describe('Bet List / Game History', () => {
  beforeEach(() => {
    // Only the date is fixed; timers stay real for react-query and user-event.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    loginAs('master', '42');
  });
  afterEach(() => vi.useRealTimers());

  it('asks for today by default and shows the rows, Pending for a missing result, and the server’s totals', async () => {
    const calls = recordApi(answer());
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Game History' });
    expect(screen.getByRole('heading', { name: 'Game History' })).toBeInTheDocument();
    expect(historyQueries(calls)).toEqual([{ ...TODAY, id: '42', page: '1', limit: '10' }]);
    expect(calls.find((c) => c.path === '/api/history/loadGames')?.query).toEqual({ id: '42' });
    expect(calls.find((c) => c.path === '/api/history/loadUsers')?.query).toEqual({ id: '42' });
    expect(screen.getByLabelText('Select Date Range')).toHaveValue('7');
    expect(within(screen.getByLabelText('Select Date Range')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Today', 'Yesterday', 'Current Week', 'Last Week', 'Last Month', 'Current Month', 'Last 6 Months',
    ]);
    expect(screen.getByLabelText('Select Date')).toHaveValue('');

    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'No', 'TicketID', 'Username', 'Game', 'Time', 'Play Points', 'Win Points', 'Result', 'Claim Date', 'View',
    ]);
    const pending = cellsOf(rowOf('901'));
    expect([pending[0], pending[1], pending[2], pending[3], pending[5], pending[6], pending[7], pending[8]]).toEqual(['1', '901', 'PL0031', 'Fun Target', '1,234.50', '0.00', 'Pending', 'N/A']);
    expect(pending[4]).toMatch(/^11\/03\/2026 \d\d:00:0011\/03\/2026 \d\d:01:00$/);
    const settled = cellsOf(rowOf('900'));
    expect([settled[0], settled[2], settled[3], settled[5], settled[6], settled[7]]).toEqual(['2', 'PL0032', 'Fun Roullet', '20.00', '180.25', '7']);
    expect(settled[8]).toMatch(/^11\/03\/2026 \d\d:02:00$/);

    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(within(totals).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Play', 'Win', 'End']);
    expect(within(totals).getAllByRole('cell').map((c) => c.textContent)).toEqual(['5,000.50', '1,200.25', '3,800.25']);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
  });

  it('refetches with each filter: game, user, date range, page, and a single date (back to page 1)', async () => {
    const calls = recordApi(answer());
    renderPage();
    await screen.findByRole('table', { name: 'Game History' });
    const user = userEvent.setup();
    const last = () => historyQueries(calls).at(-1);

    await screen.findByRole('option', { name: 'Fun Roullet' });
    await user.selectOptions(screen.getByLabelText('Select Game'), 'Fun Roullet');
    await waitFor(() => expect(last()).toEqual({ gameId: 'vwRORrGO', ...TODAY, id: '42', page: '1', limit: '10' }));

    // The player filter asks the server for what is typed (the server answers the matching users).
    await user.type(screen.getByRole('combobox', { name: 'Select User' }), 'pl003');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/history/loadUsers' && c.query.q === 'pl003')).toBe(true));
    await user.click(await screen.findByRole('option', { name: 'PL0032' }));
    await waitFor(() => expect(last()).toEqual({ gameId: 'vwRORrGO', userId: '32', ...TODAY, id: '42', page: '1', limit: '10' }));

    await user.selectOptions(screen.getByLabelText('Select Date Range'), 'Last Week');
    await waitFor(() => expect(last()).toEqual({ gameId: 'vwRORrGO', userId: '32', ...LAST_WEEK, id: '42', page: '1', limit: '10' }));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(last()).toEqual({ gameId: 'vwRORrGO', userId: '32', ...LAST_WEEK, id: '42', page: '2', limit: '10' }));
    expect(await screen.findByText('11–12 of 12')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Select Date'), { target: { value: '2026-02-20' } });
    await waitFor(() => expect(last()).toEqual({ gameId: 'vwRORrGO', userId: '32', ...FEB_20, id: '42', page: '1', limit: '10' }));

    // Choosing a range again drops the single date.
    await user.selectOptions(screen.getByLabelText('Select Date Range'), 'Today');
    await waitFor(() => expect(last()).toEqual({ gameId: 'vwRORrGO', userId: '32', ...TODAY, id: '42', page: '1', limit: '10' }));
    expect(screen.getByLabelText('Select Date')).toHaveValue('');
  });

  it('says "No history found for this game." when nothing matches', async () => {
    recordApi(answer(() => ({ json: { success: true, total: 0, totals: { play: 0, win: 0, end: 0 }, data: [] } })));
    renderPage();
    expect(await screen.findByText('No history found for this game.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Totals' })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['0.00', '0.00', '0.00']);
  });

  it('shows the server’s message when the call fails', async () => {
    recordApi(answer(() => ({ status: 400, json: { success: false, message: 'The date range is not valid.', field: 'startDate' } })));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The date range is not valid.');
    expect(screen.queryByRole('table', { name: 'Game History' })).not.toBeInTheDocument();
  });

  it('View opens Ticket Details with the ticket’s lines; Escape closes it; a ticket without lines says so', async () => {
    const calls = recordApi(answer());
    renderPage();
    await screen.findByRole('table', { name: 'Game History' });
    const user = userEvent.setup();

    await user.click(within(rowOf('901')).getByRole('button', { name: 'View 901' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details' });
    const lines = await within(dialog).findByRole('table', { name: 'Ticket Details' });
    expect(calls.filter((c) => c.path === '/api/history/getdetailsbyticketid').map((c) => c.query)).toEqual([{ ticketId: '901', gameId: 'MNOQqWWi' }]);
    expect(within(lines).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Draw No', 'Qty', 'Total']);
    expect(within(lines).getAllByRole('row').slice(1).map(cellsOf)).toEqual([
      ['1', '3', '2', '1,000.00'],
      ['2', '7', '1', '234.50'],
    ]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rowOf('900')).getByRole('button', { name: 'View 900' }));
    const empty = await screen.findByRole('dialog', { name: 'Ticket Details' });
    expect(await within(empty).findByText('No ticket data available.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/history/getdetailsbyticketid').at(-1)?.query).toEqual({ ticketId: '900', gameId: 'vwRORrGO' });
  });

  it('says Refunded for a ticket of a voided round, in the list and in its details', async () => {
    const refunded = ticket('902', { playpoints: 15, resultNo: null, claimdate: '2026-03-11T04:06:00.000Z', refunded: true });
    const list = answer(() => ({ json: { success: true, total: 1, totals: { play: 0, win: 0, end: 0 }, data: [refunded] } }));
    recordApi((c) =>
      c.path === '/api/history/getdetailsbyticketid'
        ? { json: { success: true, message: '', data: [{ ticketid: '902', drawno: '3', label: '3', round: 5, drawqty: 15, drawtotal: 15, refunded: true }] } }
        : list(c),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Game History' });
    expect(cellsOf(rowOf('902'))[7]).toBe('Refunded');
    const user = userEvent.setup();
    await user.click(within(rowOf('902')).getByRole('button', { name: 'View 902' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details' });
    expect(await within(dialog).findByTestId('ticket-refunded')).toHaveTextContent(/^Refunded: the round could not be settled/);
  });

  it('shows results and ticket lines by their labels (Q♥, 7-9-4, Andhar), never their keys', async () => {
    const ANDHAR = 'qZicXikM';
    const rows = [
      ticket('902', { gameId: ANDHAR, gameName: 'Andhar Bahar', resultNo: '12:heart', resultLabel: 'Q♥', claimdate: '2026-03-11T04:02:00.000Z' }),
      // A result the server could not name (no label): the game's own description of the key.
      ticket('903', { gameId: 'zuuhVbBM', gameName: 'Triple Fun', resultNo: '794', claimdate: '2026-03-11T04:02:00.000Z' }),
    ];
    const base = answer(() => ({ json: { success: true, total: 2, totals: TOTALS, data: rows } }));
    recordApi((c) =>
      c.path === '/api/history/getdetailsbyticketid'
        ? {
            json: {
              success: true,
              message: '',
              data: [
                { ticketid: '902', drawno: 'card:12', label: 'Q', round: 5, drawqty: 1, drawtotal: 1, refunded: false },
                { ticketid: '902', drawno: 'suit:heart', label: '♥', round: 5, drawqty: 2, drawtotal: 2, refunded: false },
                { ticketid: '902', drawno: 'side:andar', label: 'Andhar', round: 5, drawqty: 3, drawtotal: 3, refunded: false },
              ],
            },
          }
        : base(c),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Game History' });
    expect(cellsOf(rowOf('902'))[3]).toBe('Andhar Bahar');
    expect(cellsOf(rowOf('902'))[7]).toBe('Q♥');
    expect(cellsOf(rowOf('903'))[7]).toBe('7-9-4');
    const user = userEvent.setup();
    await user.click(within(rowOf('902')).getByRole('button', { name: 'View 902' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details' });
    const lines = await within(dialog).findByRole('table', { name: 'Ticket Details' });
    expect(within(lines).getAllByRole('row').slice(1).map((r) => cellsOf(r)[1])).toEqual(['Q', '♥', 'Andhar']);
  });
});
