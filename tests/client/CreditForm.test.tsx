import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { tierOf } from '../../resources.config';
import { createAuthProvider } from '../../src/auth/authProvider';
import { CreditForm } from '../../src/credit/CreditForm';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { account, creditResult, loginAs } from './fixtures';
import { recordApi, type Recorded } from './msw';
import { findNotification } from './notification';

let balance = 100;
function answer(call: Recorded) {
  if (call.path === '/api/credit/loadcredit') return { json: { success: true, data: [{ _id: '1', walletBalance: balance }] } };
  if (call.path === '/api/master/9') return { json: { success: true, data: account({ _id: '9', username: 'MS0009', role: 'master' }) } };
  if (call.path.endsWith('/credit-transfer')) {
    balance -= 25;
    return { json: { success: true, message: 'Credit transfer successful!', data: creditResult('t1', '1', '9') } };
  }
  if (call.path.endsWith('/credit-adjust')) return { status: 409, json: { success: false, message: 'Insufficient balance.' } };
  return undefined;
}

function renderCredit(kind: 'transfer' | 'adjust') {
  return render(
    <MemoryRouter initialEntries={['/master/9']}>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('superadmin')} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/master/:id" element={<CreditForm scope={{ tier: tierOf('master') }} kind={kind} />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('credit forms', () => {
  it('transfer: validation, the API’s payload with an Idempotency-Key, success, credit refetched, form reset', async () => {
    loginAs('superadmin');
    balance = 100;
    const calls = recordApi(answer);
    renderCredit('transfer');
    expect(screen.getByRole('heading', { name: 'Master Credit Transfer' })).toBeInTheDocument();
    expect(await screen.findByText('Available Credit: 100.00')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Amount'), '25');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await findNotification('Credit transfer successful!')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ path: '/api/master/credit-transfer', body: { userId: '1', authUser: '1', toUserId: '9', transferAmount: 25, password: 'pw' } });
    expect(post.headers.get('idempotency-key')).toMatch(/.{8,}/);
    expect(await screen.findByText('Available Credit: 75.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveValue(null);
  });

  it('transfer: an invalid amount stops at the submit check, no call', async () => {
    loginAs('superadmin');
    const calls = recordApi(answer);
    renderCredit('transfer');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount'), '-3');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid transfer amount. Please enter a valid number.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('adjust: minimum 1, transactionType credit by default, server errors shown', async () => {
    loginAs('superadmin');
    const calls = recordApi(answer);
    renderCredit('adjust');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount'), '0.5');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Amount must be greater than 0')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Insufficient balance.')).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/master/credit-adjust', body: { adjustAmount: 5, transactionType: 'credit' } }));
  });

  it('adjust: says what Credit and Debit do for this account', async () => {
    loginAs('superadmin');
    recordApi(answer);
    renderCredit('adjust');
    expect(await screen.findByText('Credit takes the amount back from MS0009 into your wallet.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Debit' }));
    expect(await screen.findByText('Debit gives the amount from your wallet to MS0009.')).toBeInTheDocument();
  });
});
