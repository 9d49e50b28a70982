import { useMemo } from 'react';
import { Admin, CustomRoutes, Notification, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import type { Role } from '../resources.config';
import { createAuthProvider } from './auth/authProvider';
import { dashboardPath } from './auth/routeGuard';
import { createDataProvider } from './dataProvider/dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { routablePages } from './layout/screens';
import { screenOf } from './pages/screens';
import { darkTheme, lightTheme } from './layout/themes';
import { tierRoutes } from './tiers/tierRoutes';
import { tierLabelKey } from './tiers/registry';
import { managedTiers } from '../resources.config';
import { PageSpinner } from './common/PageSpinner';
import { registryResources } from './catalogue/registryResources';

/** Toasts: top-centre, 1.5 s. */
function TopNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={1500} />;
}

/**
 * One role's back office: react-admin inside the browser router under `/{role}`.
 * Its resources are the tiers the role manages (domain/hierarchy.ts over the registry) and the
 * registry's catalogue entries and record lists the role may open; the other pages are custom routes.
 */
export default function RoleApp({ role }: { role: Role }) {
  const authProvider = useMemo(() => createAuthProvider(role), [role]);
  const dataProvider = useMemo(() => createDataProvider(), []);
  const dashboard = dashboardPath(role);
  const CatchAll = useMemo(() => () => <Navigate to={dashboard} replace />, [dashboard]);
  const Home = CatchAll;
  const pages = routablePages(role).flatMap((p) => {
    const screen = screenOf(p.key);
    return screen ? [{ key: p.key, screen }] : [];
  });
  return (
    <Admin
      basename={`/${role}`}
      disableTelemetry
      requireAuth
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme="light"
      loginPage={false}
      dashboard={Home}
      catchAll={CatchAll}
      notification={TopNotification}
      ready={PageSpinner}
      title="Tierdesk"
    >
      {managedTiers(role).map((t) => (
        <Resource key={t.role} name={t.role} options={{ label: t.labels.plural }} recordRepresentation="username" hasCreate={!t.list.readOnly} hasEdit>
          {tierRoutes(t, dashboard)}
        </Resource>
      ))}
      {registryResources(role, dashboard)}
      <CustomRoutes>
        {pages.flatMap(({ key, screen: { component: Screen, subRoutes = [] } }) => [
          <Route key={key} path={key} element={<Screen />} />,
          ...subRoutes.filter((r) => r.allowed(role)).map((r) => <Route key={`${key}/${r.path}`} path={`${key}/${r.path}`} element={r.element(role)} />),
        ])}
      </CustomRoutes>
    </Admin>
  );
}

export { tierLabelKey };
