import { beforeAll, describe, expect, it } from 'vitest';
import { canOpenPage, CHAIN, type PageKey } from '../../resources.config';
import { buildChain, call, engineAvailable, useHarness, type Chain } from './harness';

/**
 * The server answers a page's calls to exactly the roles the registry opens the page to (menu and
 * route-only roles): no page shows in a menu and answers 403, none answers a role it is hidden from.
 * One read-only call per page that has calls of its own.
 */
const PROBES: Partial<Record<PageKey, string>> = {
  turnoverreport: '/api/reports/turnoverreport',
  revenuereport: '/api/reports/revenuereport',
  admincommissionreport: '/api/reports/admincommissionpayout',
  commissionpayoutReport: '/api/reports/commissionpayout',
  commission: '/api/reports/sendcommission/preview?days=day',
  transactionreport: '/api/reports/transactionreport',
  contactus: '/api/complaint',
  logactivities: '/api/logs',
};

describe.runIf(engineAvailable())('page access follows the registry', () => {
  const h = useHarness();
  let chain: Chain;
  beforeAll(async () => {
    chain = await buildChain(h);
  });

  it('answers every staff role the registry opens a page to, and refuses the others with 403', async () => {
    const wrong: string[] = [];
    for (const [key, path] of Object.entries(PROBES) as [PageKey, string][]) {
      for (const role of CHAIN) {
        const r = await call(h, 'GET', path, { token: chain.tokens[role as keyof Chain['tokens']] });
        const open = canOpenPage(role, key);
        if (open ? r.status === 403 || r.status >= 500 : r.status !== 403) wrong.push(`${role} ${key}: ${r.status} ${String(r.json.message ?? '')}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
