import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type * as Catalogue from '../../resources/catalogue';
import type * as PageTable from '../../resources/pages';
import type * as Records from '../../resources/records';
import { NOTICE, NOTICE_PAGE, SIGNUPS, SIGNUPS_PAGE } from '../fixtures/extraResource';

/** The test registry's own routes: the product's server has none of them, so no schema of its checks them. */
const OWN = 'a route of the test registry only';

// The registry with one more resource: its page entry and its catalogue entry, nothing else.
vi.mock('../../resources/pages', async (importOriginal) => {
  const actual = await importOriginal<typeof PageTable>();
  return { ...actual, PAGES: [...actual.PAGES, NOTICE_PAGE, SIGNUPS_PAGE] };
});
vi.mock('../../resources/catalogue', async (importOriginal) => {
  const actual = await importOriginal<typeof Catalogue>();
  return { ...actual, CATALOGUE: [...actual.CATALOGUE, NOTICE] };
});
vi.mock('../../resources/records', async (importOriginal) => {
  const actual = await importOriginal<typeof Records>();
  return { ...actual, RECORDS: [...actual.RECORDS, SIGNUPS] };
});
// The back office's wallet socket has no server here.
vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, close: () => undefined }) }));

const { default: RoleApp } = await import('../../src/RoleApp');
const { registryResources } = await import('../../src/catalogue/registryResources');
const { loginAs } = await import('./fixtures');
const { recordApi } = await import('./msw');

type Notice = { id: string; headline: string; body: string };

/** The server's notice resource (simple-rest: the list with its Content-Range), and what the menu asks beside it. */
function noticeApi() {
  let rows: Notice[] = [
    { id: '1', headline: 'Maintenance', body: 'Sunday 02:00 to 03:00.' },
    { id: '2', headline: 'New game', body: 'Lucky Three is live.' },
  ];
  const calls = recordApi((call) => {
    const [, , base, id] = call.path.split('/');
    if (call.path.startsWith('/api/percentage/usergames/')) return { json: { success: true, games: [], users: [], adminGameList: [] } };
    if (base !== 'notice') return undefined;
    const body = call.body as Partial<Notice>;
    if (call.method === 'GET' && !id) return { json: { success: true, data: rows }, headers: { 'Content-Range': `notice 0-${rows.length - 1}/${rows.length}` }, offContract: OWN };
    if (call.method === 'GET') return { json: { success: true, data: rows.find((r) => r.id === id) }, offContract: OWN };
    if (call.method === 'POST') {
      const made = { id: String(rows.length + 1), headline: String(body.headline), body: String(body.body) };
      rows = [...rows, made];
      return { status: 201, json: { success: true, data: made }, offContract: OWN };
    }
    if (call.method === 'PUT') {
      rows = rows.map((r) => (r.id === id ? { ...r, ...body, id: r.id } : r));
      return { json: { success: true, data: rows.find((r) => r.id === id) }, offContract: OWN };
    }
    return undefined;
  });
  return { calls, rows: () => rows };
}

function renderBackOffice(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:role/*" element={<RoleApp role="superadmin" />} />
      </Routes>
    </MemoryRouter>,
  );
}

const noticeCalls = (calls: ReturnType<typeof noticeApi>['calls']) => calls.filter((c) => c.path.startsWith('/api/notice'));

describe('a registry entry added in one declaration is a working react-admin resource', () => {
  it('mounts as a <Resource> for the roles its page names, and for no one else', () => {
    const names = (role: 'superadmin' | 'admin') => registryResources(role, `/${role}/dashboard`).map((r) => (r.props as { name: string }).name);
    expect(names('superadmin')).toEqual(['gamemaster', 'timemaster', 'notice', 'contactus', 'logactivities', 'signups']);
    expect(names('admin')).toEqual(['contactus', 'logactivities']);
    // The routes under each: Game Master's create and edit/{id}, Time Master's create, the notice's as Game Master's.
    const routes = Object.fromEntries(
      registryResources('superadmin', '/superadmin/dashboard').map((r) => {
        const { name, children } = r.props as { name: string; children: { props: { path?: string; index?: boolean } }[] };
        return [name, children.map((c) => (c.props.index ? '' : c.props.path))];
      }),
    );
    expect(routes).toEqual({
      gamemaster: ['', 'create', 'edit/:id', '*'],
      timemaster: ['', 'create', '*'],
      notice: ['', 'create', 'edit/:id', '*'],
      contactus: ['', '*'],
      logactivities: ['', '*'],
      signups: ['', '*'],
    });
  });

  it('lists through getList, creates through create and edits through getOne and update, with the shared screens', async () => {
    loginAs('superadmin');
    const api = noticeApi();
    renderBackOffice('/superadmin/notice');
    const user = userEvent.setup();

    // The list: the menu names it, the table shows the server's rows in the declared columns.
    expect(await screen.findByRole('cell', { name: 'Maintenance' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Notice Board' })).toHaveAttribute('href', '/superadmin/notice');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(expect.arrayContaining(['No', 'Headline', 'Notice']));
    expect(noticeCalls(api.calls)[0]).toMatchObject({ method: 'GET', path: '/api/notice' });

    // Create: the Add link opens the declared form at notice/create; the declared rule runs first.
    await user.click(screen.getByRole('link', { name: 'Add Notice' }));
    expect(await screen.findByRole('heading', { name: 'Add Notice', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Headline is required')).toBeInTheDocument();
    expect(noticeCalls(api.calls).filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Headline' }), 'Payout day');
    await user.type(screen.getByRole('textbox', { name: 'Notice' }), 'Commission is sent on Monday.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(noticeCalls(api.calls).filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ headline: 'Payout day', body: 'Commission is sent on Monday.' }]));
    // Back to the list, which reads the new row.
    expect(await screen.findByRole('cell', { name: 'Payout day' }, { timeout: 10_000 })).toBeInTheDocument();

    // Edit: the row's Edit link opens notice/edit/{id}, prefilled from getOne; Submit is update.
    const row = screen.getByRole('cell', { name: 'Maintenance' }).closest('tr')!;
    await user.click(within(row).getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Edit Notice', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Maintenance'));
    expect(noticeCalls(api.calls).some((c) => c.method === 'GET' && c.path === '/api/notice/1')).toBe(true);
    const headline = screen.getByRole('textbox', { name: 'Headline' });
    await user.clear(headline);
    await user.type(headline, 'Maintenance moved');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(noticeCalls(api.calls).find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/notice/1', body: { headline: 'Maintenance moved', body: 'Sunday 02:00 to 03:00.' } }));
    expect(api.rows().find((r) => r.id === '1')?.headline).toBe('Maintenance moved');
    expect(await screen.findByRole('cell', { name: 'Maintenance moved' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 90_000);

  it('an unknown id on its edit route says the declared not-found text', async () => {
    loginAs('superadmin');
    recordApi((call) => (call.path === '/api/notice/99' ? { status: 404, json: { success: false, message: 'Not found' }, offContract: OWN } : call.path.startsWith('/api/percentage/') ? { json: { success: true, games: [], users: [], adminGameList: [] } } : undefined));
    renderBackOffice('/superadmin/notice/edit/99');
    expect(await screen.findByText('No notice found with the provided ID.', undefined, { timeout: 15_000 })).toBeInTheDocument();
  }, 60_000);

  it('a record list added in one declaration lists a page at a time, searched on the server', async () => {
    loginAs('superadmin');
    const rows = Array.from({ length: 12 }, (_, i) => ({ _id: String(i + 1), username: `PL00${i + 1}`, note: `Request ${i + 1}` }));
    const calls = recordApi((call) => {
      if (call.path.startsWith('/api/percentage/')) return { json: { success: true, games: [], users: [], adminGameList: [] } };
      if (call.path !== '/api/signups') return undefined;
      const found = rows.filter((r) => r.username.includes(call.query.search ?? ''));
      const page = Number(call.query.page);
      const limit = Number(call.query.limit);
      return { json: { success: true, data: found.slice((page - 1) * limit, page * limit), total: found.length }, offContract: OWN };
    });
    renderBackOffice('/superadmin/signups');
    expect(await screen.findByText('Showing 10 of 12 entries', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign-up Requests', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Sign-up Requests' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['No', 'Username', 'Note']);
    await userEvent.setup().type(screen.getByLabelText('Search username'), 'PL0011');
    expect(await screen.findByText('Showing 1 of 1 entries')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/signups').at(-1)?.query).toEqual({ page: '1', limit: '10', search: 'PL0011' });
  }, 60_000);
});
