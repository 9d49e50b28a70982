import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { SessionEndWatch } from '../../src/auth/SessionEndWatch';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { WinPercentagePage } from '../../src/games/percentage/WinPercentagePage';
import { BackupsPage } from '../../src/operations/BackupsPage';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { loginAs } from './fixtures';
import { recordApi } from './msw';

describe('a session the server ended', () => {
  it('a screen’s own query answered 401 goes to the login page, not an error on the screen', async () => {
    loginAs('admin', '7');
    recordApi((c) => (c.path.startsWith('/api/percentage/') ? { status: 401, json: { success: false, code: 'sessionExpired', message: 'Session expired. Please log in again.' } } : undefined));
    render(
      <MemoryRouter initialEntries={['/admin/winpercentage']}>
        <AdminContext basename="/admin" dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
          <SessionEndWatch />
          <Routes>
            <Route path="/admin/winpercentage" element={<WinPercentagePage />} />
            <Route path="/auth/login" element={<p>Login page</p>} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a screen method answered 401 neither fails nor succeeds on the screen: the app goes to the login page', async () => {
    loginAs('admin', '7');
    recordApi((c) => (c.path.startsWith('/api/backup/') ? { status: 401, json: { success: false, code: 'sessionExpired', message: 'Session expired. Please log in again.' } } : undefined));
    render(
      <MemoryRouter initialEntries={['/admin/backups']}>
        <AdminContext basename="/admin" dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
          <SessionEndWatch />
          <Routes>
            <Route path="/admin/backups" element={<BackupsPage />} />
            <Route path="/auth/login" element={<p>Login page</p>} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
