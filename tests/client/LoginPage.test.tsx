import { render, screen, waitFor, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../../src/auth/LoginPage';
import { getExpiry, getStoredRole, getToken } from '../../src/auth/session';
import { account } from './fixtures';
import { recordApi } from './msw';

const renderLogin = () =>
  render(
    <MemoryRouter initialEntries={['/auth/login']}>
      <Routes>
        <Route path="/auth/login" element={<LoginPage />} />
        <Route path="/admin/dashboard" element={<p>admin dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('login form', () => {
  it('validates on blur with the product’s messages (bound 3, message says 6)', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Username'));
    await user.tab();
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'ab');
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'c');
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
  });

  it('does not call the server while invalid', async () => {
    const calls = recordApi();
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('trims the username, stores the session, says so and lands on the role dashboard after 1 s', async () => {
    const calls = recordApi(() => ({
      json: { success: true, message: 'Login successful!', token: 'tok-9', user: account({ role: 'admin' }), roles: ['admin'] },
    }));
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), '  AD0007  ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/login', body: { username: 'AD0007', password: 'secret' } });
    expect(getToken()).toBe('tok-9');
    expect(getStoredRole()).toBe('admin');
    expect(getExpiry()! - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(screen.queryByText('admin dashboard')).not.toBeInTheDocument();
    // The redirect waits 1 s, then react-admin draws the dashboard: the default 5 s, not 2, leaves room for a busy machine.
    await waitFor(() => expect(screen.getByText('admin dashboard')).toBeInTheDocument());
  });

  it("shows the server's message on failure", async () => {
    recordApi(() => ({ status: 401, json: { success: false, message: 'Invalid username or password' } }));
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'x');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});
