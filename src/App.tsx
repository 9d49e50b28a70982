import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { SignupPage } from './auth/SignupPage';
import { RoleGate } from './auth/RoleGate';
import { RootPage } from './landing/RootPage';
import { isRole, LOGIN_PATH } from './auth/routeGuard';
import { isStaff } from '../resources.config';
import { PageSpinner } from './common/PageSpinner';

// Everything behind login (react-admin, MUI data grids, xlsx, country data) loads on demand.
const RoleApp = lazy(() => import('./RoleApp'));

/** `/{role}/*`: a known role prefix gets its guarded app; anything else goes to login. */
function RolePrefix() {
  const { role } = useParams();
  if (!isRole(role) || !isStaff(role)) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <RoleGate role={role}>
      <Suspense fallback={<PageSpinner />}>
        <RoleApp role={role} />
      </Suspense>
    </RoleGate>
  );
}

/** The browser router's top level: `/` and `/auth/*`, then one prefix per role; an unknown path goes to login. */
export function App() {
  return (
    <Routes>
      <Route path="/" element={<RootPage />} />
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="/auth/signup" element={<SignupPage />} />
      <Route path="/:role/*" element={<RolePrefix />} />
      <Route path="*" element={<Navigate to={LOGIN_PATH} replace />} />
    </Routes>
  );
}
