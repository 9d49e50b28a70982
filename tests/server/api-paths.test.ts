import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, accountPath, API_PATHS, fillPath } from '../../domain/apiPaths';
import { TIERS } from '../../resources.config';
import { call, engineAvailable, useHarness } from './harness';

const openapiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

describe('the shared path map (pure)', () => {
  it('fills parameters URL-encoded and refuses a missing one', () => {
    expect(accountPath('/admins', 'childToggleStatus', { id: 7, childId: 'a/b', action: 'activate' })).toBe('/admins/7/children/a%2Fb/toggle-status/activate');
    expect(() => fillPath(ACCOUNT_PATHS.one)).toThrow(/no value for id/);
  });
});

describe.runIf(engineAvailable())('the server serves the shared path map', () => {
  const h = useHarness();

  it('every account path of every tier, and every other non-auth path, is a documented route', async () => {
    const doc = (await call(h, 'GET', '/api/docs/json')).json as { paths: Record<string, unknown> };
    for (const tier of TIERS)
      for (const pattern of Object.values(ACCOUNT_PATHS)) expect(doc.paths, `${tier.api}${pattern}`).toHaveProperty([openapiPath(`/api${tier.api}${pattern}`)]);
    for (const key of ['myCredit', 'userCount', 'userGames', 'geoCountries', 'geoStates', 'geoCities'] as const)
      expect(doc.paths, key).toHaveProperty([openapiPath(`/api${API_PATHS[key]}`)]);
    expect((await call(h, 'GET', `/api${API_PATHS.docsJson}`)).status).toBe(200);
  });
});
