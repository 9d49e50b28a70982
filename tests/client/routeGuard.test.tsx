import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RoleGate } from '../../src/auth/RoleGate';
import { guardRedirect } from '../../src/auth/routeGuard';
import { getToken } from '../../src/auth/session';
import { loginAs } from './fixtures';

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

describe('route guard (spec section 4)', () => {
  it('no expiry → clears the session and goes to login', () => {
    loginAs('admin');
    sessionStorage.clear();
    renderAt('/admin/dashboard');
    expect(screen.getByText('login screen')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('an expired session → login, storage cleared', () => {
    loginAs('admin');
    sessionStorage.setItem('expiryTime', String(Date.now() - 1000));
    renderAt('/admin/admin');
    expect(screen.getByText('login screen')).toBeInTheDocument();
    expect(sessionStorage.getItem('expiryTime')).toBeNull();
    expect(getToken()).toBeNull();
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
