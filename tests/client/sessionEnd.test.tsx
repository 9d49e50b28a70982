import type { ReactElement } from 'react';
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

/** A screen whose own calls to `prefix` are answered 401, mounted at `path` beside the login page. */
function renderExpired(path: string, prefix: string, page: ReactElement) {
  loginAs('admin', '7');
  recordApi((c) => (c.path.startsWith(prefix) ? { status: 401, json: { success: false, code: 'sessionExpired', message: 'Session expired. Please log in again.' } } : undefined));
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext basename="/admin" dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
        <SessionEndWatch />
        <Routes>
          <Route path={path} element={page} />
          <Route path="/auth/login" element={<p>Login page</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('a session the server ended', () => {
  it('a screen’s own query answered 401 goes to the login page, not an error on the screen', async () => {
    renderExpired('/admin/winpercentage', '/api/percentage/', <WinPercentagePage />);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a screen method answered 401 neither fails nor succeeds on the screen: the app goes to the login page', async () => {
    renderExpired('/admin/backups', '/api/backup/', <BackupsPage />);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
