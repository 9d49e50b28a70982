import { lazy, Suspense } from 'react';
import { LoginPage } from '../auth/LoginPage';
import { currentSession } from '../auth/session';
import { PageSpinner } from '../common/PageSpinner';

const LandingPage = lazy(() => import('./LandingPage'));

/** `/`: the login screen, or the static landing page for a logged-in player (spec section 2). */
export function RootPage() {
  const session = currentSession();
  if (session?.role === 'player')
    return (
      <Suspense fallback={<PageSpinner />}>
        <LandingPage />
      </Suspense>
    );
  return <LoginPage />;
}
