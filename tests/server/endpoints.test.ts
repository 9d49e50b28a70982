import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { canOpenPage, CHAIN, pageOfReport, REPORTS } from '../../resources.config';
import { CREDIT_ENDPOINTS, TIER_CREDIT_ENDPOINTS } from '../../server/accounts/credit.endpoints';
import { ACCOUNT_ENDPOINTS, TIER_ACCOUNT_ENDPOINTS } from '../../server/accounts/endpoints';
import { TIER_EXPORT_ENDPOINTS } from '../../server/accounts/export.endpoints';
import { AUTH_ENDPOINTS } from '../../server/auth/endpoints';
import { GEO_ENDPOINTS } from '../../server/geo/endpoints';
import { CATALOGUE_ENDPOINTS } from '../../server/games/catalogue.endpoints';
import { ENGINE_ENDPOINTS } from '../../server/games/engine.endpoints';
import { HISTORY_ENDPOINTS } from '../../server/games/history.endpoints';
import { LIVE_ENDPOINTS } from '../../server/games/live.endpoints';
import { PERCENTAGE_ENDPOINTS } from '../../server/games/percentage.endpoints';
import { PLAYER_ENDPOINTS } from '../../server/games/player.endpoints';
import type { Endpoint } from '../../server/http/endpoint';
import { BACKUP_ENDPOINTS } from '../../server/operations/backup.endpoints';
import { COMPLAINT_ENDPOINTS } from '../../server/operations/complaints.endpoints';
import { LOG_ENDPOINTS } from '../../server/operations/logs.endpoints';
import { REPORT_QUERIES } from '../../server/reports/queries';
import { buildChain, call, engineAvailable, useHarness, type Chain } from './harness';

/** Every module's declarations: each must be a route of the app, registered from it. */
const DECLARED: Record<string, Record<string, Endpoint<FastifySchema>>> = {
  complaints: COMPLAINT_ENDPOINTS,
  backups: BACKUP_ENDPOINTS,
  catalogue: CATALOGUE_ENDPOINTS,
  percentage: PERCENTAGE_ENDPOINTS,
  live: LIVE_ENDPOINTS,
  history: HISTORY_ENDPOINTS,
  engine: ENGINE_ENDPOINTS,
  player: PLAYER_ENDPOINTS,
  credit: CREDIT_ENDPOINTS,
  ...Object.fromEntries(Object.entries(TIER_CREDIT_ENDPOINTS).map(([role, es]) => [`credit.${role}`, es])),
  accounts: ACCOUNT_ENDPOINTS,
  ...Object.fromEntries(Object.entries(TIER_ACCOUNT_ENDPOINTS).map(([role, es]) => [`accounts.${role}`, es])),
  ...Object.fromEntries(Object.entries(TIER_EXPORT_ENDPOINTS).map(([role, es]) => [`export.${role}`, es])),
  auth: AUTH_ENDPOINTS,
  logs: LOG_ENDPOINTS,
  geo: GEO_ENDPOINTS,
};

const all = (): [string, Endpoint<FastifySchema>][] => Object.entries(DECLARED).flatMap(([mod, es]) => Object.entries(es).map(([name, e]) => [`${mod}.${name}`, e] as [string, Endpoint<FastifySchema>]));

/** A path of the declaration with its parameters filled (the page check answers before they are read). */
const concrete = (path: string) => `/api${path.replace(/:[A-Za-z]+/g, '1')}`;

describe.runIf(engineAvailable())('endpoint declarations', () => {
  const h = useHarness();
  let chain: Chain;
  beforeAll(async () => {
    chain = await buildChain(h);
  });

  it('the app registers each declared route from its declaration: method, path, schemas, page, activity subject and options', () => {
    const wrong: string[] = [];
    for (const [name, e] of all()) {
      const route = h.app.routeTable.find((r) => r.method === e.method && r.url === `/api${e.path}`);
      if (!route) {
        wrong.push(`${name}: no ${e.method} /api${e.path}`);
        continue;
      }
      // The very schemas declared (they validate, and write the OpenAPI document and docs/API.md).
      if (route.schema !== e.schema) wrong.push(`${name}: another schema`);
      expect(route.config, name).toMatchObject({ ...e.config, ...(e.page ? { page: e.page } : {}), ...(e.subject ? { subject: e.subject } : {}) });
      if (!e.page && route.config?.page) wrong.push(`${name}: page ${route.config.page} not declared`);
      if (Boolean(e.inputCheckedInHandler) !== Boolean(route.attachValidation)) wrong.push(`${name}: input checked ${route.attachValidation ? 'in the handler' : 'by Fastify'}`);
    }
    expect(wrong).toEqual([]);
    // The configured rate limits are given where the routes are registered, beside their declarations.
    const configOf = (e: Endpoint<FastifySchema>) => h.app.routeTable.find((r) => r.method === e.method && r.url === `/api${e.path}`)?.config;
    expect(configOf(COMPLAINT_ENDPOINTS.send)).toMatchObject({ rateLimit: { max: h.config.complaintRateLimit } });
    expect(configOf(AUTH_ENDPOINTS.login)).toMatchObject({ rateLimit: { max: h.config.loginRateLimit } });
    expect(configOf(AUTH_ENDPOINTS.checkPassword)).toMatchObject({ rateLimit: { max: h.config.loginRateLimit } });
  });

  it('a declared page refuses, before the input is read, every staff role the registry closes it to', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [name, e] of all()) {
      if (!e.page) continue;
      const page = e.page;
      const closed = CHAIN.filter((role) => role in chain.tokens && !canOpenPage(role, page));
      for (const role of closed) {
        checked++;
        const r = await call(h, e.method, concrete(e.path), { token: chain.tokens[role as keyof Chain['tokens']], ...(e.method === 'GET' ? {} : { body: {} }) });
        if (r.status !== 403 || r.json.code !== 'pageNotAvailable') wrong.push(`${name} as ${role}: ${r.status} ${String(r.json.message ?? '')}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(0);
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
