import { describe, expect, it } from 'vitest';
import { COMPLAINT_ENDPOINTS } from '../../server/operations/complaints.endpoints';
import { engineAvailable, useHarness } from './harness';

describe.runIf(engineAvailable())('endpoint declarations', () => {
  const h = useHarness();

  it('Contact Us registers each route from its declaration: path, schemas, page and activity subject', () => {
    for (const [name, e] of Object.entries(COMPLAINT_ENDPOINTS)) {
      const route = h.app.routeTable.find((r) => r.method === e.method && r.url === `/api${e.path}`);
      expect(route, name).toBeDefined();
      // The very schemas declared (they validate, and write the OpenAPI document and docs/API.md).
      expect(route?.schema, name).toBe(e.schema);
      expect(route?.config, name).toMatchObject({ ...(e.page ? { page: e.page } : {}), ...(e.subject ? { subject: e.subject } : {}) });
    }
    // The public form keeps the configured rate limit beside its declaration.
    const send = h.app.routeTable.find((r) => r.method === 'POST' && r.url === `/api${COMPLAINT_ENDPOINTS.send.path}`);
    expect(send?.config).toMatchObject({ rateLimit: { max: h.config.complaintRateLimit } });
  });
});
