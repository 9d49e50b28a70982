import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as PageTable from '../../resources/pages';
import type { PageKey } from '../../resources.config';
import { EXTRA_PAGE, withExtraPage } from '../fixtures/extraPage';

// The registry's page table with one more page; menus, route guards and the server's check read it.
vi.mock('../../resources/pages', async (importOriginal) => {
  const actual = await importOriginal<typeof PageTable>();
  return { ...actual, PAGES: withExtraPage(actual.PAGES) };
});

const { canOpenPage, CHAIN, menuFor } = await import('../../resources.config');
const { authPlugin } = await import('../../server/auth/plugin');
const { pageAccess } = await import('../../server/access/pages');
const { buildChain, engineAvailable, startHarness } = await import('./harness');
type Harness = Awaited<ReturnType<typeof startHarness>>;
type Chain = Awaited<ReturnType<typeof buildChain>>;
const PAGE = EXTRA_PAGE.key as PageKey;

describe.runIf(engineAvailable())('a registry with one more page', () => {
  let h: Harness;
  let chain: Chain;
  // The page's own server route, as its module would declare it: `config: { page }` and nothing else
  // about roles. (Fastify's default error handler answers the check's HttpError with its status.)
  const pageApp = Fastify();
  beforeAll(async () => {
    h = await startHarness();
    chain = await buildChain(h);
    // As buildApp does: the database is the app's decoration, which the auth plugin reads.
    pageApp.decorate('db', h.db);
    await pageApp.register(
      async (api) => {
        await api.register(authPlugin);
        await api.register(pageAccess);
        api.get('/reports/payoutcalendar', { config: { page: PAGE } }, async () => ({ success: true, data: [] }));
      },
      { prefix: '/api' },
    );
    await pageApp.ready();
  });
  afterAll(async () => {
    await pageApp.close();
    await h?.close();
  });

  it('reaches the menus of the roles it lists, and no other', () => {
    const withIt = CHAIN.filter((r) => menuFor(r).pages.some((p) => p.key === PAGE));
    expect(withIt).toEqual(['superadmin', 'admin']);
  });

  it('opens by route to its menu and route-only roles', () => {
    expect(CHAIN.filter((r) => canOpenPage(r, PAGE))).toEqual(['superadmin', 'admin', 'master']);
  });

  it("its server route answers exactly those roles: 401 without a session, 403 to the others", async () => {
    const statuses: Record<string, number> = {};
    for (const role of Object.keys(chain.tokens) as (keyof Chain['tokens'])[]) {
      const r = await pageApp.inject({ method: 'GET', url: '/api/reports/payoutcalendar', headers: { authorization: `Bearer ${chain.tokens[role]}` } });
      statuses[role] = r.statusCode;
    }
    // The roles the page declares answer 200; every other chain tier, one a registry adds included, 403.
    expect(statuses).toEqual(Object.fromEntries(CHAIN.map((r) => [r, ['superadmin', 'admin', 'master'].includes(r) ? 200 : 403])));
    const anonymous = await pageApp.inject({ method: 'GET', url: '/api/reports/payoutcalendar' });
    expect(anonymous.statusCode).toBe(401);
    const refused = await pageApp.inject({ method: 'GET', url: '/api/reports/payoutcalendar', headers: { authorization: `Bearer ${chain.tokens.player}` } });
    expect(refused.json().message).toBe('The Payout Calendar is not available to a player.');
  });
});
