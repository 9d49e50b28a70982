import { describe, expect, it } from 'vitest';
import { call, engineAvailable, useHarness } from './harness';

describe.runIf(engineAvailable())('ISO country → state → city choices', () => {
  const h = useHarness();

  it('serves one level at a time from the ISO dataset, to logged-in users', async () => {
    expect((await call(h, 'GET', '/api/geo/countries')).status).toBe(401);
    const countries = (await call(h, 'GET', '/api/geo/countries', { token: h.root.token })).json.data as { id: string; name: string }[];
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual({ id: 'IN', name: 'India' });
    const states = (await call(h, 'GET', '/api/geo/states/IN', { token: h.root.token })).json.data as { id: string; name: string }[];
    expect(states).toContainEqual({ id: 'MH', name: 'Maharashtra' });
    const cities = (await call(h, 'GET', '/api/geo/cities/IN/MH', { token: h.root.token })).json.data as { id: string }[];
    expect(cities.map((c) => c.id)).toContain('Mumbai');
    const none = await call(h, 'GET', '/api/geo/states/ZZ', { token: h.root.token });
    expect(none.status).toBe(200);
    expect(none.json.data).toEqual([]);
  });
});
