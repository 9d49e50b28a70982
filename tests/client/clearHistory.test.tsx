import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { STEP_UP_VALID_MS } from '../../src/common/StepUp';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { ClearHistoryPage } from '../../src/operations/ClearHistoryPage';
import { loginAs } from './fixtures';
import { recordApi, server, type Recorded } from './msw';

type Reply = ReturnType<NonNullable<Parameters<typeof recordApi>[0]>>;

/** The server: the password check ('secret' is right) and deleterecords answered by `clear`. */
function api(clear: (call: Recorded) => Reply = () => ({ json: { success: true, message: 'the server’s English sentence', backup: 'backup-x', counts: { ticket: 9, draw: 3 }, models: { ticket: 'tickets', draw: 'rounds' } } })) {
  return recordApi((call) => {
    if (call.path === '/api/auth/checkpassword') {
      const ok = (call.body as { password: string }).password === 'secret';
      return ok ? { json: { success: true } } : { status: 400, json: { success: false, message: 'Invalid password.' } };
    }
    if (call.path === '/api/backup/deleterecords') return clear(call);
    return undefined;
  });
}

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
        <ClearHistoryPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

const submit = () => screen.getByRole('button', { name: 'Clear History', hidden: true });
const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const model = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}:`) });

async function password(user: ReturnType<typeof userEvent.setup>, pw: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
  await user.type(within(dialog).getByLabelText('Password'), pw);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  return dialog;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Clear History: checks and messages', () => {
  it('offers a checkbox for each model the server accepts', async () => {
    loginAs('admin', '7');
    api();
    renderPage();
    const names = screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).name);
    expect(names).toEqual(['ticket', 'draw', 'result', 'upcome', 'commission', 'refertransaction', 'usertransaction', 'userlog', 'frequency', 'counter', 'user']);
  });

  it('alerts "Please select start and end date." then "Select at least one model to clear", asking nothing of the server', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    const user = userEvent.setup();
    await user.click(model('ticket'));
    setDate('Start Date', '2026-01-01');
    await user.click(submit());
    expect(await screen.findByText('Please select start and end date.')).toBeInTheDocument();

    setDate('End Date', '2026-01-31');
    await user.click(model('ticket'));
    await user.click(submit());
    expect(await screen.findByText('Select at least one model to clear')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks the password, then sends {startDate, endDate, models} and shows the answer with ✅; the next clear asks no password', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    const user = userEvent.setup();
    setDate('Start Date', '2026-01-01');
    setDate('End Date', '2026-01-31');
    await user.click(model('userlog'));
    await user.click(model('ticket'));
    await user.click(submit());
    const dialog = await password(user, 'wrong');
    expect(await within(dialog).findByText('❌ Invalid password. Please try again.')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/checkpassword']);
    await password(user, 'secret');
    expect(await screen.findByText('✅ Cleared 12 record(s); a backup was taken first (backup-x).')).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/api/backup/deleterecords');
    expect(sent.map((c) => [c.method, c.body])).toEqual([['POST', { startDate: '2026-01-01', endDate: '2026-01-31', models: ['ticket', 'userlog'] }]]);
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(model('counter'));
    await user.click(submit());
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/backup/deleterecords')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/checkpassword')).toHaveLength(2);
    expect(calls.at(-1)!.body).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31', models: ['ticket', 'userlog', 'counter'] });
  });

  it('asks the password again once the server’s 5 minutes are near', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    const user = userEvent.setup();
    setDate('Start Date', '2026-01-01');
    setDate('End Date', '2026-01-31');
    await user.click(model('frequency'));
    await user.click(submit());
    await password(user, 'secret');
    await screen.findByText(/^✅ Cleared/);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + STEP_UP_VALID_MS + 1);
    await user.click(submit());
    await password(user, 'secret');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/backup/deleterecords')).toHaveLength(2));
    expect(STEP_UP_VALID_MS).toBeLessThanOrEqual(5 * 60_000);
    expect(calls.filter((c) => c.path === '/api/auth/checkpassword')).toHaveLength(2);
  });

  it('a refusal shows the server’s message with ❌; no answer at all is "❌ Failed to delete records"', async () => {
    loginAs('admin', '7');
    api(() => ({ status: 400, json: { success: false, message: "Unknown model 'x'. Known: ticket." } }));
    renderPage();
    const user = userEvent.setup();
    setDate('Start Date', '2026-01-01');
    setDate('End Date', '2026-01-31');
    await user.click(model('draw'));
    await user.click(submit());
    await password(user, 'secret');
    expect(await screen.findByText("❌ Unknown model 'x'. Known: ticket.")).toBeInTheDocument();

    server.use(http.post('*/api/backup/deleterecords', () => HttpResponse.error()));
    await user.click(submit());
    expect(await screen.findByText('❌ Failed to delete records')).toBeInTheDocument();
  });

  it('closing the password modal sends nothing', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    const user = userEvent.setup();
    setDate('Start Date', '2026-01-01');
    setDate('End Date', '2026-01-31');
    await user.click(model('result'));
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
