import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LoginPage } from '../auth/LoginPage';
import { adoptSession } from '../auth/login';
import { currentSession, getToken } from '../auth/session';
import { PageSpinner } from '../common/PageSpinner';

const LandingPage = lazy(() => import('./LandingPage'));

/**
 * `/`: the login screen, or the static landing page for a logged-in player (a player lands on `/`).
 * A stored player session (or a token this tab has not adopted yet) is asked of the server
 * first: a player forced out or expired while away sees the login screen after a reload, not a
 * logged-in page.
 */
export function RootPage() {
  // A login in this tab navigates to '/' again: the location changes, the session is read anew.
  const { key } = useLocation();
  const token = getToken();
  const stored = currentSession();
  const candidate = token !== null && (stored === null || stored.role === 'player');
  const [verdict, setVerdict] = useState<{ token: string; landing: boolean } | null>(null);
  const decided = verdict !== null && verdict.token === token;

  useEffect(() => {
    if (!candidate || decided || token === null) return;
    let live = true;
    void adoptSession().then((ok) => {
      if (live) setVerdict({ token, landing: ok && currentSession()?.role === 'player' });
    });
    return () => {
      live = false;
    };
  }, [candidate, decided, token, key]);

  if (candidate && !decided) return <PageSpinner />;
  if (candidate && verdict?.landing)
    return (
      <Suspense fallback={<PageSpinner />}>
        <LandingPage />
      </Suspense>
    );
  return <LoginPage />;
}
