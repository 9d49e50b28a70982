import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from '../../resources.config';
import { guardRedirect } from './routeGuard';

/**
 * The spec's route guard in front of a role's pages: expired or missing session → login,
 * another role's prefix → the user's own dashboard. Checked on every navigation.
 */
export function RoleGate({ role, children }: { role: Role; children: ReactNode }) {
  useLocation(); // re-run the guard on each navigation
  const redirect = guardRedirect(role);
  if (redirect) return <Navigate to={redirect} replace />;
  return <>{children}</>;
}
