import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageOfReport, REPORTS } from '../../resources.config';
import { COMPLAINT_ENDPOINTS } from '../../server/operations/complaints.endpoints';
import { REPORT_QUERIES } from '../../server/reports/queries';
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

  it('each table report of the registry registers its route from its declaration, and has a query', () => {
    expect(REPORTS.map((r) => r.key)).toEqual(expect.arrayContaining(['turnover', 'revenue', 'revenueById', 'adminCommission']));
    for (const def of REPORTS) {
      expect(REPORT_QUERIES[def.key], def.key).toBeTypeOf('function');
      const route = h.app.routeTable.find((r) => r.method === 'GET' && r.url === `/api${def.api}`);
      expect((route?.schema as { response?: Record<number, unknown> } | undefined)?.response?.[200], def.key).toBe(def.reply(z));
      expect(route?.config, def.key).toMatchObject({ page: pageOfReport(def) });
    }
  });
});
