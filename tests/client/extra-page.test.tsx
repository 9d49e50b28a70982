import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type * as PageTable from '../../resources/pages';
import type * as Screens from '../../src/pages/screens';
import type { Role } from '../../resources.config';
import { EXTRA_PAGE, withExtraPage } from '../fixtures/extraPage';

// The registry's page table with one more page, and the page's own screen beside the others.
vi.mock('../../resources/pages', async (importOriginal) => {
  const actual = await importOriginal<typeof PageTable>();
  return { ...actual, PAGES: withExtraPage(actual.PAGES) };
});
vi.mock('../../src/pages/screens', async (importOriginal) => {
  const actual = await importOriginal<typeof Screens>();
  const PayoutCalendar = () => <h1>Payout calendar screen</h1>;
  const screens = { ...actual.PAGE_SCREENS, [EXTRA_PAGE.key]: { component: PayoutCalendar, icon: () => null } };
  const screenOf = (key: string) => (Object.prototype.hasOwnProperty.call(screens, key) ? (screens as Record<string, Screens.PageScreen>)[key] : undefined);
  return { ...actual, PAGE_SCREENS: screens, screenOf, hasScreen: (key: string) => screenOf(key) !== undefined };
});

const { visibleMenu, routablePages } = await import('../../src/layout/screens');
const { RoleMenu } = await import('../../src/layout/RoleMenu');
const { createAuthProvider } = await import('../../src/auth/authProvider');
const { createDataProvider } = await import('../../src/dataProvider/dataProvider');
const { i18nProvider } = await import('../../src/i18n/i18nProvider');
const { loginAs } = await import('./fixtures');
const { recordApi } = await import('./msw');

const roles: Role[] = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'];

describe('client screens from a registry with one more page', () => {
  it('lists it in the menus of the roles it names, and routes it for its route-only roles too', () => {
    expect(roles.filter((r) => visibleMenu(r).pages.some((p) => p.key === EXTRA_PAGE.key))).toEqual(['superadmin', 'admin']);
    expect(roles.filter((r) => routablePages(r).some((p) => p.key === EXTRA_PAGE.key))).toEqual(['superadmin', 'admin', 'master']);
  });

  it("shows its label in the admin's menu, linked to its route", async () => {
    loginAs('admin');
    // The Live Result group of the same menu asks for the admin's games.
    recordApi((c) => (c.path.startsWith('/api/percentage/usergames/') ? { json: { success: true, games: [], users: [], adminGameList: [] } } : undefined));
    render(
      <MemoryRouter initialEntries={['/admin/dashboard']}>
        <AdminContext basename="/admin" dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider} store={memoryStore({ 'sidebar.open': true })}>
          <RoleMenu role="admin" />
        </AdminContext>
      </MemoryRouter>,
    );
    const link = await screen.findByRole('menuitem', { name: EXTRA_PAGE.label });
    expect(link.getAttribute('href')).toBe(`/admin/${EXTRA_PAGE.key}`);
  });
});
