import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from '../../resources.config';
import { translate } from '../i18n/translate';
import { adoptSession } from './login';
import { canAdoptSession, guardRedirect } from './routeGuard';

/**
 * The route guard in front of a role's pages: expired or missing session → login,
 * another role's prefix → the user's own dashboard. Checked on every navigation. A new tab of a
 * logged-in browser first asks the server for the session it shares with the other tabs.
 */
export function RoleGate({ role, children }: { role: Role; children: ReactNode }) {
  useLocation(); // re-run the guard on each navigation
  const [adopting, setAdopting] = useState(canAdoptSession);
  useEffect(() => {
    if (!adopting) return;
    let live = true;
    void adoptSession().finally(() => live && setAdopting(false));
    return () => {
      live = false;
    };
  }, [adopting]);
  if (adopting) return <p role="status" aria-busy="true" style={{ padding: 24 }}>{translate('td.app.loading')}</p>;
  const redirect = guardRedirect(role);
  if (redirect) return <Navigate to={redirect} replace />;
  return <>{children}</>;
}
