import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { RECORDS } from '../../resources.config';
import { RecordList } from '../../src/catalogue/RecordList';
import { logRow, loginAs } from './fixtures';
import { recordApi, server, type Recorded } from './msw';

/** The server: 23 rows in all, answered 10 a page (or as many as asked). */
function api() {
  return recordApi((call) => {
    if (call.path !== '/api/logs') return undefined;
    const limit = Number(call.query.limit ?? 25);
    const page = Number(call.query.page ?? 1);
    const all = Array.from({ length: 23 }, (_, i) => logRow(23 - i));
    return { json: { success: true, data: all.slice((page - 1) * limit, page * limit), total: all.length } };
  });
}

const logCalls = (calls: Recorded[]) => calls.filter((c) => c.path === '/api/logs');

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
        <RecordList def={RECORDS.find((r) => r.page === 'logactivities')!} />
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Log Activities', () => {
  it('asks the first page of 10 with no filter, and says "Showing X of Y entries"', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    expect(await screen.findByText('Showing 10 of 23 entries')).toBeInTheDocument();
    expect(logCalls(calls)[0]?.query).toEqual({ page: '1', limit: '10' });
    expect(logCalls(calls)[0]?.headers.get('authorization')).toBe('Bearer tok-123');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['No', 'Username', 'Subject', 'Outcome', 'Method', 'Request URL', 'IP Address', 'Date']);
    const first = screen.getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'AD00023', 'Subject 23', 'Outcome not recorded', 'POST', '/api/thing/23', '10.0.0.1', expect.stringMatching(/^02\/01\/2026 /)]);

    await userEvent.setup().click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Showing 10 of 23 entries')).toBeInTheDocument();
    await waitFor(() => expect(logCalls(calls).at(-1)?.query).toEqual({ page: '2', limit: '10' }));
    await userEvent.setup().click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Showing 3 of 23 entries')).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[0]).toHaveTextContent('21');
  });

  it('searches username or subject (once typing pauses) and filters one day, both from page 1', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    await screen.findByText('Showing 10 of 23 entries');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(logCalls(calls).at(-1)?.query.page).toBe('2'));

    await user.type(screen.getByLabelText('Search username or subject'), ' AD0007 ');
    await waitFor(() => expect(logCalls(calls).at(-1)?.query).toEqual({ page: '1', limit: '10', search: 'AD0007' }));
    // One request for the whole word, not one per key.
    expect(logCalls(calls).filter((c) => c.query.search !== undefined)).toHaveLength(1);

    await user.type(screen.getByLabelText('Date'), '2026-01-02');
    await waitFor(() => expect(logCalls(calls).at(-1)?.query).toEqual({ page: '1', limit: '10', search: 'AD0007', date: '2026-01-02' }));
  });

  it('shows the server’s refusal', async () => {
    loginAs('master', '9');
    recordApi(() => ({ status: 403, json: { success: false, message: 'Only staff accounts read activity logs.' } }));
    renderPage();
    expect(await screen.findByText('Only staff accounts read activity logs.')).toBeInTheDocument();
  });

  it('exports logs.csv of the whole filtered set from the server, each subject and outcome in words', async () => {
    loginAs('admin', '7');
    const calls = api();
    const exports: Request[] = [];
    server.use(
      http.get('*/api/logs/export', ({ request }) => {
        exports.push(request);
        const refused = { ...logRow(7), subject: 'Credit transfer to Super Area Manager', code: 'creditTransfer', params: { tier: 'superareamanager' }, outcome: { status: 409, reason: 'insufficientBalance', params: null } };
        return HttpResponse.json({ success: true, data: [refused, { ...logRow(8), subject: 'Login', code: 'login', outcome: { status: 200 } }] });
      }),
    );
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((b: Blob) => {
      saved = b;
      return 'blob:logs';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage();
    await screen.findByText('Showing 10 of 23 entries');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search username or subject'), 'Login');
    await waitFor(() => expect(logCalls(calls).at(-1)?.query.search).toBe('Login'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['logs.csv']));
    const url = new URL(exports[0]!.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'Login', format: 'json' });
    expect(exports[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect((await saved!.text()).split('\r\n')).toEqual([
      'Date,Username,Subject,Outcome,Method,Request URL,IP Address',
      '2026-01-02T03:04:05.000Z,AD0007,Credit transfer to Super Area Manager,Refused: Insufficient balance.,POST,/api/thing/7,10.0.0.1',
      '2026-01-02T03:04:05.000Z,AD0008,Login,Done,POST,/api/thing/8,10.0.0.1',
      '',
    ]);
  });

  it('says so when the export fails', async () => {
    loginAs('admin', '7');
    api();
    server.use(http.get('*/api/logs/export', () => new HttpResponse('oops', { status: 500 })));
    renderPage();
    await screen.findByText('Showing 10 of 23 entries');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('❌ Export failed')).toBeInTheDocument();
  });
});
