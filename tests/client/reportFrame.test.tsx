import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs } from './fixtures';
import { recordApi, type Recorded } from './msw';
import { card, cellsOf, dayEnd, dayStart, location, renderReports, totalRow } from './reportRender';

// Wednesday 11 March 2026, 10:30 in the test's time zone: every period below is written out by hand.
const NOW = new Date(2026, 2, 11, 10, 30, 0);
const TODAY = { startDate: dayStart(2026, 2, 11), endDate: dayEnd(2026, 2, 11) };

const commissionRow = (i: number) => ({
  gameId: `G${i}`,
  gameName: `Game ${i}`,
  username: 'AD0007',
  nofDigit: 10,
  winpercentage: 90,
  totalpoints: 0.1,
  totalwinpoints: 0.2,
  // Total points × win % / 100, as the server works it out.
  commission: 0.09,
});

const API = { admin: '/api/reports/admincommissionpayout', revenue: '/api/reports/revenuereport', byId: '/api/reports/hreport' };
const queriesOf = (calls: Recorded[], path: string) => calls.filter((c) => c.path === path).map((c) => c.query);

describe('the report frame: periods, Date Range, cards, paged table with its Total row', () => {
  beforeEach(() => {
    // Only the date is fixed; timers stay real for react-query and user-event.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('asks for today first (a spinner meanwhile), then each period button’s exact range', async () => {
    loginAs('superadmin');
    const calls = recordApi((c) => (c.path === API.admin ? { json: { success: true, data: [commissionRow(1)] } } : undefined));
    renderReports('/admincommissionreport', 'superadmin');
    expect(screen.getByRole('progressbar', { name: 'loading' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Admin Commission Report' });
    expect(screen.getByRole('heading', { name: 'Admin Commission Report' })).toBeInTheDocument();
    expect(queriesOf(calls, API.admin)).toEqual([TODAY]);

    const periods = within(screen.getByRole('group', { name: 'Period' })).getAllByRole('button');
    expect(periods.map((b) => b.textContent)).toEqual(['Last 6 Months', 'Current Month', 'Last Month', 'Last Week', 'Current Week', 'Yesterday', 'Today', 'Date Range']);
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');

    const user = userEvent.setup();
    const expected: [string, Record<string, string>][] = [
      ['Last Week', { startDate: dayStart(2026, 2, 4), endDate: dayEnd(2026, 2, 10) }],
      ['Current Week', { startDate: dayStart(2026, 2, 8), endDate: dayEnd(2026, 2, 14) }],
      ['Yesterday', { startDate: dayStart(2026, 2, 10), endDate: dayEnd(2026, 2, 10) }],
      ['Last Month', { startDate: dayStart(2026, 1, 1), endDate: dayEnd(2026, 1, 28) }],
      ['Current Month', { startDate: dayStart(2026, 2, 1), endDate: dayEnd(2026, 2, 31) }],
      // The one period that keeps the clock time: six months ago to now.
      ['Last 6 Months', { startDate: new Date(2025, 8, 11, 10, 30).toISOString(), endDate: NOW.toISOString() }],
      ['Today', TODAY],
    ];
    for (const [name, query] of expected) {
      await user.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(queriesOf(calls, API.admin).at(-1)).toEqual(query));
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
      // The period is the URL's, so Back from a drill-down returns to it.
      expect(Object.fromEntries(new URL(`http://x${location()}`).searchParams)).toEqual(query);
    }
    expect(queriesOf(calls, API.admin)).toHaveLength(expected.length + 1);
  });

  it('Date Range opens "Select Date Range"; Close asks nothing, Get Summary asks for the chosen days, again on the days shown', async () => {
    loginAs('superadmin');
    const calls = recordApi((c) => (c.path === API.admin ? { json: { success: true, data: [] } } : undefined));
    renderReports('/admincommissionreport', 'superadmin');
    await screen.findByRole('table', { name: 'Admin Commission Report' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Date Range' }));
    let dialog = await screen.findByRole('dialog', { name: 'Select Date Range' });
    expect(within(dialog).getByLabelText('From Date')).toHaveValue('2026-03-11');
    expect(within(dialog).getByLabelText('To Date')).toHaveValue('2026-03-11');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(queriesOf(calls, API.admin)).toEqual([TODAY]);

    // Get Summary on the days shown (today, the default) fetches them again.
    await user.click(screen.getByRole('button', { name: 'Date Range' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Select Date Range' })).getByRole('button', { name: 'Get Summary' }));
    await waitFor(() => expect(queriesOf(calls, API.admin)).toEqual([TODAY, TODAY]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Date Range' }));
    dialog = await screen.findByRole('dialog', { name: 'Select Date Range' });
    fireEvent.change(within(dialog).getByLabelText('From Date'), { target: { value: '2026-02-01' } });
    fireEvent.change(within(dialog).getByLabelText('To Date'), { target: { value: '2026-02-10' } });
    await user.click(within(dialog).getByRole('button', { name: 'Get Summary' }));
    const chosen = { startDate: dayStart(2026, 1, 1), endDate: dayEnd(2026, 1, 10) };
    await waitFor(() => expect(queriesOf(calls, API.admin)).toEqual([TODAY, TODAY, chosen]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Date Range' })).toHaveAttribute('aria-pressed', 'true');

    // The same days again: the fields start from them, and Get Summary fetches once more.
    await user.click(screen.getByRole('button', { name: 'Date Range' }));
    dialog = await screen.findByRole('dialog', { name: 'Select Date Range' });
    expect(within(dialog).getByLabelText('From Date')).toHaveValue('2026-02-01');
    expect(within(dialog).getByLabelText('To Date')).toHaveValue('2026-02-10');
    await user.click(within(dialog).getByRole('button', { name: 'Get Summary' }));
    await waitFor(() => expect(queriesOf(calls, API.admin)).toEqual([TODAY, TODAY, chosen, chosen]));
  });

  it('starts from the URL’s role, id and dates when they parse', async () => {
    loginAs('superadmin');
    const calls = recordApi((c) => (c.path === API.admin ? { json: { success: true, data: [] } } : undefined));
    const lastWeek = { startDate: dayStart(2026, 2, 4), endDate: dayEnd(2026, 2, 10) };
    renderReports(`/admincommissionreport?role=admin&id=7&startDate=${lastWeek.startDate}&endDate=${lastWeek.endDate}`, 'superadmin');
    await screen.findByText('No records found');
    expect(queriesOf(calls, API.admin)).toEqual([{ role: 'admin', id: '7', ...lastWeek }]);
    expect(screen.getByRole('button', { name: 'Last Week' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('falls back to today when a URL date does not parse', async () => {
    loginAs('superadmin');
    const calls = recordApi((c) => (c.path === API.admin ? { json: { success: true, data: [] } } : undefined));
    renderReports(`/admincommissionreport?role=admin&id=7&startDate=not-a-date&endDate=${dayEnd(2026, 2, 1)}`, 'superadmin');
    await screen.findByText('No records found');
    expect(queriesOf(calls, API.admin)).toEqual([{ role: 'admin', id: '7', ...TODAY }]);
  });

  it('pages the table while the cards and the Total row stay over every row; commission = total points × win % / 100', async () => {
    loginAs('admin', '7');
    recordApi((c) => (c.path === API.admin ? { json: { success: true, data: Array.from({ length: 12 }, (_, i) => commissionRow(i + 1)) } } : undefined));
    renderReports('/admincommissionreport', 'admin');
    const table = await screen.findByRole('table', { name: 'Admin Commission Report' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'No', 'Game ID', 'Game Name', 'Username', 'No of Digit', 'Win Percentage', 'Total Points', 'Total Win Points', 'Commission',
    ]);
    const body = () => within(table).getAllByRole('row').slice(1, -1);
    expect(body()).toHaveLength(10);
    expect(cellsOf(body()[0])).toEqual(['1', 'G1', 'Game 1', 'AD0007', '10', '90', '0.10', '0.20', '0.09']);
    // 12 × 0.10 in cents is 1.20; 12 × 0.09 is 1.08.
    expect(cellsOf(totalRow(table))).toEqual(['Total', '', '', '', '', '', '1.20', '2.40', '1.08']);
    expect(card('Total Commission Point')).toBe('1.08');
    expect(card('Total Bet Point')).toBe('1.20');
    expect(card('Total Won Point')).toBe('2.40');
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(body().map((r) => cellsOf(r)[0])).toEqual(['11', '12']);
    expect(cellsOf(totalRow(table))).toEqual(['Total', '', '', '', '', '', '1.20', '2.40', '1.08']);
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
  });

  it('revenue: drills into revenue by id, whose totals leave gift, loan and otc out while its table keeps them', async () => {
    loginAs('admin', '7');
    const sam = { id: '5', username: 'SAM0005', role: 'superareamanager', playPoints: 214, winPoints: 900, endPoints: -686, commission: 22.21, netToPay: -708.21 };
    const children = [
      { id: '6', username: 'AM0006', role: 'areamanager', playPoints: 214, winPoints: 900, endPoints: -686, commission: 22.21, netToPay: -708.21 },
      { id: '40', username: 'GF0040', role: 'gift', playPoints: 50, winPoints: 0, endPoints: 50, commission: 0, netToPay: 50 },
      { id: '41', username: 'OT0041', role: 'otc', playPoints: 10, winPoints: 0, endPoints: 10, commission: 0, netToPay: 10 },
    ];
    // The server's totals, gift and otc left out (server/reports/routes.ts, hreport).
    const totals = { playPoints: 214, winPoints: 900, endPoints: -686, commission: 22.21, netToPay: -708.21 };
    const calls = recordApi((c) => {
      if (c.path === API.revenue) return { json: { success: true, role: 'admin', data: [sam] } };
      if (c.path === API.byId) return { json: { success: true, role: 'superareamanager', data: children, totals } };
      return undefined;
    });
    renderReports('/revenuereport', 'admin');
    const top = await screen.findByRole('table', { name: 'Revenue Report' });
    expect(within(top).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['No', 'ID', 'Role', 'Play Points', 'Win Points', 'End Points', 'Commission', 'Net To Pay']);
    expect(cellsOf(totalRow(top))).toEqual(['Total', '', '', '214.00', '900.00', '-686.00', '22.21', '-708.21']);
    expect(queriesOf(calls, API.revenue)).toEqual([TODAY]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'SAM0005' }));
    const detail = await screen.findByRole('table', { name: 'Revenue Report' });
    expect(location()).toMatch(/^\/revenuereport\/revenuebyid\?/);
    expect(queriesOf(calls, API.byId)).toEqual([{ role: 'superareamanager', id: '5', ...TODAY }]);
    expect(within(detail).getAllByRole('row').slice(1, -1).map((r) => cellsOf(r)[1])).toEqual(['AM0006', 'GF0040', 'OT0041']);
    expect(cellsOf(totalRow(detail))).toEqual(['Total', '', '', '214.00', '900.00', '-686.00', '22.21', '-708.21']);
    expect(card('Play Points')).toBe('214.00');
    expect(card('Net To Pay')).toBe('-708.21');
    // Accounts of the house have no drill-down; an area manager has one.
    expect(within(detail).queryByRole('link', { name: 'GF0040' })).not.toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'AM0006' })).toHaveAttribute('href', expect.stringMatching(/^\/revenuereport\/revenuebyid\?role=areamanager&id=6&/));
  });

  it('shows the server’s message when the report is refused', async () => {
    loginAs('superadmin');
    recordApi((c) => (c.path === API.admin ? { status: 403, json: { success: false, message: 'Forbidden' } } : undefined));
    renderReports('/admincommissionreport?id=99', 'superadmin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
