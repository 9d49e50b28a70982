import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type * as TierTable from '../../resources/tiers';
import type { Role } from '../../resources.config';
import { withZoneManager } from '../fixtures/extraTier';

// The registry's tier table with one more tier; menus, resources, forms and calls are built from it.
vi.mock('../../resources/tiers', async (importOriginal) => {
  const actual = await importOriginal<typeof TierTable>();
  return { ...actual, TIERS: withZoneManager(actual.TIERS) };
});

const { tierOf } = await import('../../resources.config');
const { visibleMenu } = await import('../../src/layout/screens');
const { roleCanAccess, createAuthProvider } = await import('../../src/auth/authProvider');
const { createDataProvider } = await import('../../src/dataProvider/dataProvider');
const { i18nProvider } = await import('../../src/i18n/i18nProvider');
const { TierFormView } = await import('../../src/tiers/TierForm');
const { tierRoutes } = await import('../../src/tiers/tierRoutes');
const { account, loginAs } = await import('./fixtures');
const { recordApi } = await import('./msw');
const ZONE = 'zonemanager' as Role;

describe('client resources from a registry with one more tier', () => {
  it('menus and access: the area manager and everyone above manage zone managers; the master does not', () => {
    expect(visibleMenu('areamanager').tiers.map((t) => t.role)).toEqual([ZONE, 'master', 'player']);
    expect(visibleMenu('superadmin').tiers.map((t) => t.role)).toContain(ZONE);
    expect(roleCanAccess('areamanager', ZONE)).toBe(true);
    expect(roleCanAccess('master', ZONE)).toBe(false);
  });

  it('its routes: list, create, edit, details, transfer and adjust, and the master below it under details', () => {
    const paths = (tierRoutes(tierOf(ZONE), '/areamanager/dashboard') as { props: { path?: string } }[]).map((r) => r.props.path);
    expect(paths).toEqual(expect.arrayContaining(['create', 'edit/:id/:name?', 'players/details/:id', 'credittransfer/:id', 'creditadjust/:id', 'players/details/:id/create']));
  });

  it('the dataProvider calls its API family, and its create form reads its fields and title', async () => {
    loginAs('areamanager');
    const calls = recordApi(({ path }) =>
      path === '/api/areamanager/all' ? { json: { success: true, data: [account({ _id: '4', username: 'AM0004', role: 'areamanager' })], total: 1 } } : undefined,
    );
    await createDataProvider().getList(ZONE, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(calls[0].path).toBe('/api/zonemanager/all');

    render(
      <MemoryRouter>
        <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('areamanager')} i18nProvider={i18nProvider}>
          <TierFormView scope={{ tier: tierOf(ZONE) }} mode="create" />
        </AdminContext>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Add Zone Manager' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
  });
});
