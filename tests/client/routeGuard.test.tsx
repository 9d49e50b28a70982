import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RoleGate } from '../../src/auth/RoleGate';
import { guardRedirect } from '../../src/auth/routeGuard';
import { getToken } from '../../src/auth/session';
import { http, HttpResponse } from 'msw';
import { account, loginAs } from './fixtures';
import { server } from './msw';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/login" element={<p>login screen</p>} />
        <Route path="/master/dashboard" element={<p>master dashboard</p>} />
        <Route
          path="/admin/*"
          element={
            <RoleGate role="admin">
              <p>admin area</p>
            </RoleGate>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('route guard: expiry, user and role prefix', () => {
  it('a new tab (token, no expiry of its own) adopts the session the server confirms, and keeps the token', async () => {
    loginAs('admin');
    sessionStorage.clear();
    server.use(http.get('*/api/auth/session', () => HttpResponse.json({ success: true, user: account({ role: 'admin' }), roles: ['admin'] })));
    renderAt('/admin/dashboard');
    expect(await screen.findByText('admin area')).toBeInTheDocument();
    expect(getToken()).toBe('tok-123');
    expect(Number(sessionStorage.getItem('expiryTime'))).toBeGreaterThan(Date.now());
  });

  it('a new tab whose shared token the server refuses → login, and the dead token goes', async () => {
    loginAs('admin');
    sessionStorage.clear();
    server.use(http.get('*/api/auth/session', () => HttpResponse.json({ success: false, message: 'expired' }, { status: 401 })));
    renderAt('/admin/dashboard');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('an expired session → login, storage cleared', () => {
    loginAs('admin');
    sessionStorage.setItem('expiryTime', String(Date.now() - 1000));
    renderAt('/admin/admin');
    expect(screen.getByText('login screen')).toBeInTheDocument();
    expect(sessionStorage.getItem('expiryTime')).toBeNull();
    // Only this tab's session storage goes: the token is every tab's.
    expect(getToken()).toBe('tok-123');
  });

  it('no user, or a user stored as an array → login', () => {
    loginAs('admin');
    localStorage.removeItem('user');
    expect(guardRedirect('admin')).toBe('/auth/login');
    loginAs('admin');
    localStorage.setItem('user', '[]');
    expect(guardRedirect('admin')).toBe('/auth/login');
  });

  it("another role's prefix → the user's own dashboard (a master opening /admin/dashboard)", () => {
    loginAs('master');
    renderAt('/admin/dashboard');
    expect(screen.getByText('master dashboard')).toBeInTheDocument();
  });

  it('the right role with a live session stays', () => {
    loginAs('admin');
    renderAt('/admin/dashboard');
    expect(screen.getByText('admin area')).toBeInTheDocument();
    expect(guardRedirect('admin')).toBeNull();
  });
});
