import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ComplaintStatus } from '../../domain/api';
import { LoginPage } from '../../src/auth/LoginPage';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { ContactForm } from '../../src/landing/ContactForm';
import { RECORDS } from '../../resources.config';
import { RecordList } from '../../src/catalogue/RecordList';
import { complaintPage, complaintRow, loginAs } from './fixtures';
import { recordApi, type Recorded } from './msw';

const ROWS = [complaintRow('5', 'Asha Rao', 'Pending'), complaintRow('4', 'Ravi Kumar', 'Completed'), complaintRow('3', 'Mina Das', 'Cancelled')];

type Reply = ReturnType<NonNullable<Parameters<typeof recordApi>[0]>>;

/** The server: the list (its pagination beside the rows), and a status change the next read reflects. */
function api(patch: (call: Recorded) => Reply = (call) => ({ json: { success: true, message: 'Status updated.', data: { ...ROWS.find((r) => r.id === call.path.split('/')[3])!, status: (call.body as { status: ComplaintStatus }).status } } }), rows = ROWS) {
  let stored = rows;
  return recordApi((call) => {
    if (call.method === 'GET' && call.path === '/api/complaint')
      return { json: complaintPage(stored) };
    if (call.method === 'PATCH') {
      const reply = patch(call);
      if ((reply?.status ?? 200) === 200) {
        const id = call.path.split('/')[3];
        stored = stored.map((r) => (r._id === id ? { ...r, status: (call.body as { status: ComplaintStatus }).status } : r));
      }
      return reply;
    }
    return undefined;
  });
}

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('superadmin')} i18nProvider={i18nProvider}>
        <RecordList def={RECORDS.find((r) => r.page === 'contactus')!} />
      </AdminContext>
    </MemoryRouter>,
  );
}

const statusOf = (name: string) => screen.getByRole('combobox', { name: `Status of the message from ${name}` });
const colourOf = (name: string) => {
  const chip = statusOf(name).querySelector('.MuiChip-root');
  return ['Warning', 'Success', 'Error'].find((c) => chip?.classList.contains(`MuiChip-color${c}`));
};

describe('Contact Us messages: list, status select, errors', () => {
  it('lists page 1 of 10 with the list’s columns, each status in its colour', async () => {
    loginAs('superadmin');
    const calls = api();
    renderPage();
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/complaint', query: { page: '1', limit: '10' } });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Enquiry Type', 'Full Name', 'Email', 'Mobile', 'Complaint Details', 'Status', 'Date']);
    const first = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(first.slice(0, 6).map((c) => c.textContent)).toEqual(['1', 'Payment', 'Asha Rao', 'asha.rao@example.com', '+91 98765 43210', 'My points did not arrive.']);
    expect(statusOf('Asha Rao')).toHaveTextContent('Pending');
    expect([colourOf('Asha Rao'), colourOf('Ravi Kumar'), colourOf('Mina Das')]).toEqual(['Warning', 'Success', 'Error']);
  });

  it('says "No messages found." when there are none', async () => {
    loginAs('admin');
    api(undefined, []);
    renderPage();
    expect(await screen.findByText('No messages found.')).toBeInTheDocument();
  });

  it('changes a status straight from the row: PATCH complaint/{id}/status {status}, any order', async () => {
    loginAs('superadmin');
    const calls = api();
    renderPage();
    await screen.findByText('Asha Rao');
    const user = userEvent.setup();
    for (const status of ['Completed', 'Pending', 'Cancelled']) {
      await user.click(statusOf('Asha Rao'));
      await user.click(await screen.findByRole('option', { name: status }));
      await waitFor(() => expect(statusOf('Asha Rao')).toHaveTextContent(status));
    }
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/complaint/5/status', { status: 'Completed' }],
      ['/api/complaint/5/status', { status: 'Pending' }],
      ['/api/complaint/5/status', { status: 'Cancelled' }],
    ]);
    await waitFor(() => expect(colourOf('Asha Rao')).toBe('Error'));
  });

  it('a refused change says "An error occurred" and the row keeps its status', async () => {
    loginAs('superadmin');
    api(() => ({ status: 500, json: {} }));
    renderPage();
    await screen.findByText('Asha Rao');
    const user = userEvent.setup();
    await user.click(statusOf('Ravi Kumar'));
    await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
    await waitFor(() => expect(statusOf('Ravi Kumar')).toHaveTextContent('Completed'));
    expect(colourOf('Ravi Kumar')).toBe('Success');
  });

  it('a failed list shows the stored message in a banner', async () => {
    loginAs('admin');
    recordApi(() => ({ status: 403, json: { success: false, message: 'Only the superadmin and admins read messages.' } }));
    renderPage();
    expect(await screen.findByText('Only the superadmin and admins read messages.')).toBeInTheDocument();
  });
});

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.selectOptions(screen.getByLabelText('Enquiry Type'), 'Payment');
  await user.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Asha Rao');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
  await user.type(screen.getByRole('textbox', { name: 'Mobile' }), '+91 98765 43210');
  await user.type(screen.getByRole('textbox', { name: 'Details' }), 'My points did not arrive.');
};

describe('the public Contact Us form', () => {
  it('posts as a visitor even with a player logged in (no token), shows the server’s 400 message, then its thanks', async () => {
    loginAs('player', '21');
    let answer: Reply = { status: 400, json: { success: false, message: 'Email is not a valid address', field: 'email' } };
    const calls = recordApi(() => answer);
    render(<ContactForm />);
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email is not a valid address')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/complaint',
      body: { enquiryType: 'Payment', fullName: 'Asha Rao', email: 'not-an-email', mobile: '+91 98765 43210', complaintDetails: 'My points did not arrive.' },
    });
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    // What the visitor typed stays for the correction.
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Asha Rao');

    answer = { status: 201, json: { success: true, message: 'Thank you: your message has been sent.', data: complaintRow('6', 'Asha Rao') } };
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you: your message has been sent.')).toBeInTheDocument();
    expect(screen.queryByText('Email is not a valid address')).not.toBeInTheDocument();
    expect(calls[1]!.body).toMatchObject({ email: 'asha@example.com' });
    expect(calls[1]!.headers.get('authorization')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
  });

  it('opens from the login page’s Contact Us link in a dialog', async () => {
    const calls = recordApi(() => ({ status: 201, json: { success: true, message: 'Thank you: your message has been sent.', data: complaintRow('6', 'Asha Rao') } }));
    render(
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Contact Us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Us' });
    await fill(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Thank you: your message has been sent.')).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.path])).toEqual([['POST', '/api/complaint']]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
