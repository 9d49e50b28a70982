import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMISSION_SPLIT } from '../../resources.config';
import type * as ExportRows from '../../src/tiers/exportRows';
import type { ExportSheet } from '../../src/tiers/exportRows';
import { loginAs } from './fixtures';
import { recordApi, type Recorded } from './msw';
import { card, cellsOf, dayEnd, dayStart, location, renderReports, totalRow } from './reportRender';

// The spreadsheet is written by SheetJS in the browser; here the sheet handed to it is kept.
const written = vi.hoisted(() => [] as ExportSheet[]);
vi.mock('../../src/tiers/exportRows', async (importOriginal) => ({
  ...(await importOriginal<typeof ExportRows>()),
  writeSheet: async (s: ExportSheet) => {
    written.push(s);
  },
}));

const NOW = new Date(2026, 2, 11, 10, 30, 0); // a Wednesday
const TODAY = { startDate: dayStart(2026, 2, 11), endDate: dayEnd(2026, 2, 11) };
const LAST_WEEK = { startDate: dayStart(2026, 2, 4), endDate: dayEnd(2026, 2, 10) };

// Every tier's commission column is in a row (the contract requires it), 0 unless a case sets it.
const row = (over: Record<string, unknown>) => ({
  compercentage: 0,
  playPoints: 0,
  winPoints: 0,
  endPoints: 0,
  ...Object.fromEntries(COMMISSION_SPLIT.columns.map((c) => [c, 0])),
  commission: 0,
  netToPay: 0,
  ...over,
});

// Two admins: 0.30 played under the first with 0.10 commission, 0.20 commission under the second.
// In cents the footer is End 0.30, Commission 0.30, Net 0.00; float sums would make Net −0.00.
const ADMINS = [
  row({ id: '11', username: 'AD0011', role: 'admin', playPoints: 0.3, endPoints: 0.3, supercom: 0.1, commission: 0.1, netToPay: 0.2 }),
  row({ id: '12', username: 'AD0012', role: 'admin', playPoints: 0, winPoints: 0.2, endPoints: -0.2, supercom: 0.05, distcom: 0.05, retailcom: 0.05, usercom: 0.05, commission: 0.2, netToPay: -0.4 }),
];
const SAMS = [row({ id: '21', username: 'SAM0021', role: 'superareamanager', playPoints: 0.3, endPoints: 0.3, supercom: 0.1, commission: 0.1, netToPay: 0.2 })];
const PLAYERS = [row({ id: '31', username: 'PL0031', role: 'player', playPoints: 5, winPoints: 9, endPoints: -4, usercom: 0.05, commission: 0.05, netToPay: -4.05 })];

const API = '/api/reports/turnoverreport';
const turnoverQueries = (calls: Recorded[]) => calls.filter((c) => c.path === API).map((c) => c.query);
const answer = (c: Recorded) => {
  if (c.path !== API) return undefined;
  if (c.query.id === '11') return { json: { success: true, role: 'admin', childRole: 'superareamanager', data: SAMS } };
  if (c.query.id === '42') return { json: { success: true, role: 'master', childRole: 'player', data: PLAYERS } };
  return { json: { success: true, role: 'superadmin', childRole: 'admin', data: ADMINS } };
};

describe('Turnover report', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    written.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('titles the child tier, lists the report’s columns and adds the cards and the Total row in cents', async () => {
    loginAs('superadmin');
    const calls = recordApi(answer);
    renderReports('/turnoverreport', 'superadmin');
    const table = await screen.findByRole('table', { name: 'Admin TurnOver Report' });
    expect(screen.getByRole('heading', { name: 'Admin TurnOver Report' })).toBeInTheDocument();
    expect(turnoverQueries(calls)).toEqual([TODAY]);

    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'No', 'ID', 'Play Points', 'Win Points', 'End Points', 'Super', 'Distributor', 'Retailer', 'User', 'Net',
    ]);
    const body = within(table).getAllByRole('row').slice(1, -1);
    expect(body.map(cellsOf)).toEqual([
      ['1', 'AD0011', '0.30', '0.00', '0.30', '0.10', '0.00', '0.00', '0.00', '0.20'],
      ['2', 'AD0012', '0.00', '0.20', '-0.20', '0.05', '0.05', '0.05', '0.05', '-0.40'],
    ]);
    expect(cellsOf(totalRow(table))).toEqual(['Total', '', '0.30', '0.20', '0.10', '0.15', '0.05', '0.05', '0.05', '-0.20']);

    const cards = within(screen.getByRole('group', { name: 'Summary' })).getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(cards).toEqual(['Total PlayPoints', 'Total WinPoints', 'End Point', 'Total Commission', 'Net']);
    expect(card('Total PlayPoints')).toBe('0.30');
    expect(card('Total WinPoints')).toBe('0.20');
    expect(card('End Point')).toBe('0.10');
    // 0.10 + 0.20 of commission is 0.30, and the net end − commission is −0.20 to the cent.
    expect(card('Total Commission')).toBe('0.30');
    expect(card('Net')).toBe('-0.20');
  });

  it('shows Net 0.00, not −0.00, when end and commission are equal (0.30 against Super 0.10 + Distributor 0.20)', async () => {
    loginAs('superadmin');
    const even = [ADMINS[0], row({ id: '13', username: 'AD0013', role: 'admin', distcom: 0.2, commission: 0.2, netToPay: -0.2 })];
    recordApi((c) => (c.path === API ? { json: { success: true, role: 'superadmin', childRole: 'admin', data: even } } : undefined));
    renderReports('/turnoverreport', 'superadmin');
    const table = await screen.findByRole('table', { name: 'Admin TurnOver Report' });
    expect(card('Total Commission')).toBe('0.30');
    expect(card('Net')).toBe('0.00');
    expect(cellsOf(totalRow(table)).at(-1)).toBe('0.00');
  });

  it('drills into an account with role, id, startDate and endDate in the URL, and Back comes up again', async () => {
    loginAs('superadmin');
    const calls = recordApi(answer);
    renderReports('/turnoverreport', 'superadmin');
    await screen.findByRole('table', { name: 'Admin TurnOver Report' });
    const user = userEvent.setup();

    // The period chosen here is the one the drill-down carries.
    await user.click(screen.getByRole('button', { name: 'Last Week' }));
    await waitFor(() => expect(turnoverQueries(calls).at(-1)).toEqual(LAST_WEEK));
    const link = await screen.findByRole('link', { name: 'AD0011' });
    const eye = screen.getByRole('link', { name: 'View AD0011' });
    const href = `/turnoverreport?${new URLSearchParams({ role: 'admin', id: '11', ...LAST_WEEK })}`;
    expect(link).toHaveAttribute('href', href);
    expect(eye).toHaveAttribute('href', href);

    await user.click(eye);
    const drilled = await screen.findByRole('table', { name: 'Super Area Manager TurnOver Report' });
    expect(location()).toBe(href);
    expect(turnoverQueries(calls).at(-1)).toEqual({ role: 'admin', id: '11', ...LAST_WEEK });
    expect(within(drilled).getAllByRole('row').slice(1, -1).map((r) => cellsOf(r)[1])).toEqual(['SAM0021']);
    expect(screen.getByRole('button', { name: 'Last Week' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('table', { name: 'Admin TurnOver Report' })).toBeInTheDocument();
    expect(location()).toBe(`/turnoverreport?${new URLSearchParams(LAST_WEEK)}`);
    expect(screen.getByRole('button', { name: 'Last Week' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives a master’s players no drill-down (nothing is below a player)', async () => {
    loginAs('areamanager', '5');
    recordApi(answer);
    renderReports(`/turnoverreport?role=master&id=42&startDate=${TODAY.startDate}&endDate=${TODAY.endDate}`, 'areamanager');
    const table = await screen.findByRole('table', { name: 'Player TurnOver Report' });
    expect(within(table).getByRole('cell', { name: 'PL0031' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('exports TurnoverReport.xlsx, sheet Turnover Report, with every row (not only the page shown)', async () => {
    loginAs('superadmin');
    const many = Array.from({ length: 12 }, (_, i) => row({ id: String(100 + i), username: `AD${100 + i}`, role: 'admin', playPoints: 1.5, endPoints: 1.5, netToPay: 1.5 }));
    recordApi((c) => (c.path === API ? { json: { success: true, role: 'superadmin', childRole: 'admin', data: many } } : undefined));
    renderReports('/turnoverreport', 'superadmin');
    await screen.findByRole('table', { name: 'Admin TurnOver Report' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export XLS' }));
    await waitFor(() => expect(written).toHaveLength(1));
    expect([written[0].file, written[0].sheet, written[0].rows.length]).toEqual(['TurnoverReport.xlsx', 'Turnover Report', 12]);
    expect(written[0].rows[0]).toEqual({
      UserName: 'AD100', 'Play Points': 1.5, 'Win Points': 0, 'End Points': 1.5, 'Super Commission': 0, 'Distributor Commission': 0, 'Retailer Commission': 0, Net: 1.5,
    });
  });
});
