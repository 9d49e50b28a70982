import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as Queries from '../../server/reports/queries';
import type * as Reports from '../../resources/reports';
import { WALLET_REPORT, walletQuery, withWalletReport } from '../fixtures/extraReport';

// The registry with one more report: its declaration and its query, nothing else.
vi.mock('../../resources/reports', async (importOriginal) => {
  const actual = await importOriginal<typeof Reports>();
  return { ...actual, REPORTS: withWalletReport(actual.REPORTS) };
});
vi.mock('../../server/reports/queries', async (importOriginal) => {
  const actual = await importOriginal<typeof Queries>();
  return { ...actual, REPORT_QUERIES: { ...actual.REPORT_QUERIES, [WALLET_REPORT.key]: walletQuery } };
});

const { CHAIN, canOpenPage, menuFor } = await import('../../resources.config');
const { buildChain, call, engineAvailable, fund, generate, startHarness } = await import('./harness');
type Harness = Awaited<ReturnType<typeof startHarness>>;
type Chain = Awaited<ReturnType<typeof buildChain>>;
const URL = `/api${WALLET_REPORT.api}`;

describe.runIf(engineAvailable())('a registry with one more report (a wallet report, declaration and query only)', () => {
  let h: Harness;
  let chain: Chain;
  beforeAll(async () => {
    h = await startHarness();
    await generate(h, 1_000);
    chain = await buildChain(h);
    await fund(h, chain.admin._id, 250.5, 'admin');
  });
  afterAll(() => h?.close());

  it('its page is in the menus and route tables its declaration names', () => {
    expect(CHAIN.filter((r) => menuFor(r).pages.some((p) => p.key === 'walletreport'))).toEqual(['superadmin', 'admin']);
    expect(CHAIN.filter((r) => canOpenPage(r, 'walletreport'))).toEqual(['superadmin', 'admin', 'master']);
  });

  it('its route is registered from the declaration: path, the declared reply as its schema, its page', () => {
    const route = h.app.routeTable.find((r) => r.method === 'GET' && r.url === URL);
    expect(route).toBeDefined();
    expect((route?.schema as { response: Record<number, unknown> }).response[200]).toBe(WALLET_REPORT.reply(z));
    expect(route?.config).toMatchObject({ page: 'walletreport' });
  });

  it('answers with its declared schema: the rows its query reads, `success` added', async () => {
    const r = await call(h, 'GET', URL, { token: h.root.token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(WALLET_REPORT.reply(z).safeParse(r.json).success).toBe(true);
    expect(r.json).toMatchObject({ success: true, role: 'superadmin' });
    expect((r.json.data as { username: string; balance: number }[]).find((x) => x.username === chain.admin.username)).toEqual({
      id: chain.admin._id,
      username: chain.admin.username,
      role: 'admin',
      balance: 250.5,
    });
    // Its own parameter reaches the query, checked by its schema first.
    const rich = await call(h, 'GET', `${URL}?minBalance=250.5`, { token: h.root.token });
    expect((rich.json.data as { username: string }[]).map((x) => x.username)).toEqual([chain.admin.username]);
    const bad = await call(h, 'GET', `${URL}?minBalance=-1`, { token: h.root.token });
    expect(bad.status).toBe(400);
    // The period and the account in view are the reports' own checks.
    expect((await call(h, 'GET', `${URL}?startDate=garbage`, { token: h.root.token })).status).toBe(400);
    const mine = await call(h, 'GET', URL, { token: chain.tokens.master });
    expect(mine.status).toBe(200);
    expect((mine.json.data as { username: string }[]).map((x) => x.username)).toEqual([chain.player.username]);
  });

  it('answers the roles its page opens to and refuses the others', async () => {
    const statuses: Record<string, number> = {};
    for (const role of Object.keys(chain.tokens) as (keyof Chain['tokens'])[]) statuses[role] = (await call(h, 'GET', URL, { token: chain.tokens[role] })).status;
    // The roles the page declares answer 200; every other chain tier, one a registry adds included, 403.
    expect(statuses).toEqual(Object.fromEntries(CHAIN.map((r) => [r, ['superadmin', 'admin', 'master'].includes(r) ? 200 : 403])));
    const refused = await call(h, 'GET', URL, { token: chain.tokens.areamanager });
    expect(refused.json.message).toBe('The Wallet Report is not available to a areamanager.');
    expect((await call(h, 'GET', URL)).status).toBe(401);
  });

  it('is in the API document the docs are written from', async () => {
    const doc = (await call(h, 'GET', '/api/docs/json')).json as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    expect(doc.paths[URL]?.get?.parameters?.map((p) => p.name)).toEqual(['role', 'id', 'startDate', 'endDate', 'minBalance']);
  });
});
