import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { CommissionPage } from '../../src/reports/commission/CommissionPage';
import { commissionSent, loginAs } from './fixtures';
import { commissionTableTotals } from '../../domain/commission';
import { LEAF_TIER } from '../../resources.config';
import { offContract, recordApi, server, type Recorded } from './msw';

const PASSWORD = 'secret-pass';
const ROWS = [
  { id: '8', username: 'SAM0008', role: 'superareamanager', playPoints: 214, winPoints: 900, endPoints: -686, commission: 10.7, netToPay: -696.7 },
  { id: '9', username: 'AM0009', role: 'areamanager', playPoints: 214, winPoints: 900, endPoints: -686, commission: 6.42, netToPay: -692.42 },
  { id: '21', username: 'MS0021', role: 'master', playPoints: 137, winPoints: 900, endPoints: -763, commission: 2.74, netToPay: -765.74 },
  { id: '31', username: 'PL0031', role: 'player', playPoints: 100.1, winPoints: 0.2, endPoints: 99.9, commission: 1, netToPay: 98.9 },
];
const WEEK = { from: '2026-03-01', to: '2026-03-07' };
/** The footer the server sends beside the rows, by the one rule of what adds up. */
const totalsOf = (rows: typeof ROWS) => commissionTableTotals(rows, LEAF_TIER);
const NOTHING = 'Nothing to pay: the commission for 2026-03-10 was already paid or nothing was played.';

type Reply = { status?: number; json: Record<string, unknown> };

/**
 * The server as it behaves: a send without a password check of this session is refused (403);
 * the first send pays, a repeat of a paid period pays nothing and says so.
 */
function api(sendReply?: (c: Recorded) => Reply) {
  let steppedUp = false;
  let sends = 0;
  return recordApi((c) => {
    if (c.path === '/api/auth/checkpassword') {
      if ((c.body as { password: string }).password !== PASSWORD) return { status: 400, json: { success: false, message: 'Invalid password.', field: 'password' } };
      steppedUp = true;
      return { json: { success: true, message: 'Password verified.' } };
    }
    if (c.path === '/api/reports/sendcommission') {
      if (!steppedUp) return { status: 403, json: { success: false, message: 'Please confirm your password first.' } };
      if (sendReply) return sendReply(c);
      return sends++ === 0
        ? { json: { success: true, message: 'Commission sent successfully', period: c.query.days === 'week' ? WEEK : { from: '2026-03-10', to: '2026-03-10' }, data: ROWS, totals: totalsOf(ROWS) } }
        : { json: { success: true, message: NOTHING, period: { from: '2026-03-10', to: '2026-03-10' }, data: [], totals: totalsOf([]) } };
    }
    return undefined;
  });
}

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
        <CommissionPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

const sends = (calls: Recorded[]) => calls.filter((c) => c.path === '/api/reports/sendcommission').map((c) => c.query);
const checks = (calls: Recorded[]) => calls.filter((c) => c.path === '/api/auth/checkpassword').map((c) => c.body);
const sendButton = () => screen.getByRole('button', { name: /^(Send|Loading\.\.\.)$/ });
/** The modal is gone (it fades out; until then the page behind it is hidden from the accessibility tree). */
const modalClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

/** Send, the modal, the password and Verify. */
async function sendWithPassword(user: ReturnType<typeof userEvent.setup>, password = PASSWORD) {
  await user.click(sendButton());
  const dialog = await screen.findByRole('dialog', { name: 'Enter Password' });
  await user.type(within(dialog).getByLabelText('Password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  return dialog;
}

describe('Commission Data: password step-up, totals, preview and messages', () => {
  it('asks for the password on the first Send, refuses a wrong one, sends at once after a right one, then skips the modal', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Commission Data' })).toBeInTheDocument();
    expect(screen.getByLabelText('Select Period')).toHaveValue('day');
    expect(within(screen.getByLabelText('Select Period')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Day', 'Week']);
    expect(screen.getByText('Selected Period: Day')).toBeInTheDocument();
    expect(screen.getByText('No records found')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Select Period'), 'Week');
    expect(screen.getByText('Selected Period: Week')).toBeInTheDocument();
    await user.click(sendButton());
    const dialog = await screen.findByRole('dialog', { name: 'Enter Password' });
    expect(calls.filter((c) => !c.path.endsWith('/preview'))).toHaveLength(0);

    const field = within(dialog).getByLabelText('Password');
    await user.type(field, 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('❌ Invalid password. Please try again.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(checks(calls)).toEqual([{ password: 'wrong-one' }]);
    expect(sends(calls)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Enter Password' })).toBeInTheDocument();

    await user.type(field, PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('✅ Commission sent successfully')).toBeInTheDocument();
    await modalClosed();
    expect(checks(calls)).toEqual([{ password: 'wrong-one' }, { password: PASSWORD }]);
    expect(sends(calls)).toEqual([{ days: 'week' }]);
    expect(screen.getByText('Commission period: 2026-03-01 to 2026-03-07')).toBeInTheDocument();

    // A second Send in the same screen goes straight out, with the period chosen now.
    await user.selectOptions(screen.getByLabelText('Select Period'), 'Day');
    await user.click(sendButton());
    await waitFor(() => expect(sends(calls)).toEqual([{ days: 'week' }, { days: 'day' }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(checks(calls)).toHaveLength(2);
    // The repeat paid nothing: the server's words, not a success it did not have.
    expect(await screen.findByText(NOTHING)).toBeInTheDocument();
    expect(screen.queryByText('✅ Commission sent successfully')).not.toBeInTheDocument();
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('shows the answered rows and a footer that totals only what adds up: play once (the players’ rows), commission over every row', async () => {
    loginAs('admin', '7');
    api();
    renderPage();
    await sendWithPassword(userEvent.setup());
    const table = await screen.findByRole('table', { name: 'Commission Data' });
    await within(table).findByRole('cell', { name: 'SAM0008' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID', 'Username', 'Role', 'Play Points', 'Win Points', 'End Points', 'Commission', 'Net To Pay',
    ]);
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map(cellsOf)).toEqual([
      ['8', 'SAM0008', 'Super Area Manager', '214.00', '900.00', '-686.00', '10.70', '-696.70'],
      ['9', 'AM0009', 'Area Manager', '214.00', '900.00', '-686.00', '6.42', '-692.42'],
      ['21', 'MS0021', 'Master', '137.00', '900.00', '-763.00', '2.74', '-765.74'],
      ['31', 'PL0031', 'Player', '100.10', '0.20', '99.90', '1.00', '98.90'],
      ['Total', '100.10', '0.20', '99.90', '20.86', ''],
    ]);
    expect(screen.getByText('Commission period: 2026-03-10')).toBeInTheDocument();
  });

  it('shows what Send will pay before it is pressed, and Day/Week switches the period note and the preview', async () => {
    loginAs('admin', '7');
    const calls = recordApi((c) =>
      c.path === '/api/reports/sendcommission/preview'
        ? {
            json: {
              success: true,
              period: c.query.days === 'week' ? WEEK : { from: '2026-03-10', to: '2026-03-10' },
              pays: c.query.days === 'week' ? 44.42 : 20.86,
              wallet: 1000,
              data: c.query.days === 'week' ? [] : ROWS,
              total: c.query.days === 'week' ? 0 : ROWS.length,
              totals: totalsOf(c.query.days === 'week' ? [] : ROWS),
            },
          }
        : undefined,
    );
    renderPage();
    expect(await screen.findByText('Send will pay 20.86 points of commission for this period.')).toBeInTheDocument();
    expect(screen.getByText('Commission period: 2026-03-10')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Commission Data' });
    expect(within(table).getByRole('cell', { name: 'PL0031' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Select Period'), 'Week');
    expect(await screen.findByText('Commission period: 2026-03-01 to 2026-03-07')).toBeInTheDocument();
    expect(screen.getByText('Send will pay 44.42 points of commission for this period.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/reports/sendcommission')).toHaveLength(0);
    // A page of the period's rows at a time: one row per earning account may be thousands.
    expect(calls.filter((c) => c.path === '/api/reports/sendcommission/preview').map((c) => c.query)).toEqual([
      { days: 'day', page: '1', limit: '10' },
      { days: 'week', page: '1', limit: '10' },
    ]);
  });

  it('pages the preview on the server: ten rows at a time, the footer the server’s totals over every row', async () => {
    loginAs('admin', '7');
    const players = Array.from({ length: 12 }, (_, i) => ({ ...ROWS[3]!, id: String(100 + i), username: `PL0${100 + i}` }));
    const calls = recordApi((c) => {
      if (c.path !== '/api/reports/sendcommission/preview') return undefined;
      const page = Number(c.query.page);
      const limit = Number(c.query.limit);
      const data = players.slice((page - 1) * limit, page * limit);
      return { json: { success: true, period: { from: '2026-03-10', to: '2026-03-10' }, pays: 12, wallet: 1000, data, total: players.length, totals: totalsOf(players) } };
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Commission Data' });
    await within(table).findByRole('cell', { name: 'PL0109' });
    expect(within(table).queryByRole('cell', { name: 'PL0110' })).not.toBeInTheDocument();
    const footer = () => within(table).getAllByRole('row').at(-1)!;
    // 12 × 100.10 of play, 12 × 1.00 of commission: every row's, not the page's ten.
    expect(within(footer()).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Total', '1,201.20', '2.40', '1,198.80', '12.00', '']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to next page' }));
    await within(table).findByRole('cell', { name: 'PL0111' });
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/reports/sendcommission/preview').map((c) => c.query.page)).toEqual(['1', '2']);
  });

  it('disables Send and reads "Loading..." while the send runs', async () => {
    loginAs('admin', '7');
    api();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/reports/sendcommission', async () => {
        await gate;
        return HttpResponse.json(commissionSent(ROWS, { totals: totalsOf(ROWS) }));
      }),
    );
    renderPage();
    await sendWithPassword(userEvent.setup());
    await waitFor(() => expect(sendButton()).toHaveTextContent('Loading...'));
    expect(sendButton()).toBeDisabled();
    release();
    expect(await screen.findByText('✅ Commission sent successfully')).toBeInTheDocument();
    expect(sendButton()).toHaveTextContent('Send');
    expect(sendButton()).toBeEnabled();
  });

  it('a failed send shows the server message, else "❌ Failed to process commission"', async () => {
    loginAs('admin', '7');
    const wallet = 'Your wallet holds 1.00 points; this commission needs 22.21. Nothing was paid.';
    let n = 0;
    api(() => (n++ === 0 ? { status: 409, json: { success: false, message: wallet } } : { status: 500, json: { success: false } }));
    renderPage();
    const user = userEvent.setup();
    await sendWithPassword(user);
    expect(await screen.findByText(wallet)).toBeInTheDocument();
    await modalClosed();
    await user.click(sendButton());
    expect(await screen.findByText('❌ Failed to process commission')).toBeInTheDocument();
    // A 200 that says it failed is a failure too.
    server.use(
      http.get('*/api/reports/sendcommission', () =>
        HttpResponse.json(commissionSent([], { success: false, message: 'Commission sending is paused.' }), {
          headers: offContract('the route refuses with a 4xx and never answers a 200 that says it failed; the client refuses one all the same'),
        }),
      ),
    );
    await user.click(sendButton());
    expect(await screen.findByText('Commission sending is paused.')).toBeInTheDocument();
    expect(screen.queryByText('✅ Commission sent successfully')).not.toBeInTheDocument();
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('a send that gets no answer says "❌ Something went wrong"', async () => {
    loginAs('admin', '7');
    api();
    server.use(http.get('*/api/reports/sendcommission', () => HttpResponse.error()));
    renderPage();
    await sendWithPassword(userEvent.setup());
    expect(await screen.findByText('❌ Something went wrong')).toBeInTheDocument();
  });

  it('another error of the password check keeps the field and says so', async () => {
    loginAs('admin', '7');
    const calls = api();
    server.use(http.post('*/api/auth/checkpassword', () => HttpResponse.json({ success: false, message: 'Too many attempts.' }, { status: 429 })));
    renderPage();
    const dialog = await sendWithPassword(userEvent.setup());
    expect(await within(dialog).findByText('❌ Something went wrong while validating the password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveValue(PASSWORD);
    expect(sends(calls)).toEqual([]);
  });

  it('a check that has expired on the server (403) makes the next Send ask again', async () => {
    loginAs('admin', '7');
    let n = 0;
    const calls = api(() =>
      n++ === 0 ? { status: 403, json: { success: false, message: 'Please confirm your password first.' } } : { json: { success: true, message: 'Commission sent successfully', period: { from: '2026-03-10', to: '2026-03-10' }, data: ROWS, totals: totalsOf(ROWS) } },
    );
    renderPage();
    const user = userEvent.setup();
    await sendWithPassword(user);
    expect(await screen.findByText('Please confirm your password first.')).toBeInTheDocument();
    await modalClosed();
    await sendWithPassword(user);
    expect(await screen.findByText('✅ Commission sent successfully')).toBeInTheDocument();
    expect(checks(calls)).toHaveLength(2);
    expect(sends(calls)).toEqual([{ days: 'day' }, { days: 'day' }]);
  });
});
