import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, API_PATHS } from '../../domain/apiPaths';
import { TIER_EXPORT_ENDPOINTS } from '../../server/accounts/export.endpoints';
import { TIERS } from '../../resources.config';
import { call, engineAvailable, useHarness } from './harness';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const openapiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

/** Every URL the server may register: the account family under each tier's base, and every other entry. */
const KNOWN = new Set<string>([
  ...TIERS.flatMap((t) => Object.values(ACCOUNT_PATHS).map((p) => `/api${t.api}${p}`)),
  // The exports of the tiers the registry gives one (their paths from apiPaths, the tiers from the registry).
  ...Object.values(TIER_EXPORT_ENDPOINTS).flatMap((e) => Object.values(e).map((x) => `/api${x.path}`)),
  ...Object.values(API_PATHS).map((p) => `/api${p}`),
]);

/** Routes the API does not own: the built client's static files (registered only when a build is there). */
const outsideApi = (url: string) => !url.startsWith('/api');

/** Every .ts/.tsx file under a folder. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name) ? [join(dir, e.name)] : []));

describe('paths are written once, in domain/apiPaths.ts (source scan)', () => {
  it('no server route registers a string-literal URL', () => {
    const registration = /\.(get|post|put|patch|delete|head|route)(<[^>]*>)?\(\s*['"`]\//;
    const found = sources('server')
      .filter((f) => f.endsWith('routes.ts') || f.endsWith('app.ts'))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((line, i) => [f, i + 1, line] as const))
      .filter(([, , line]) => registration.test(line))
      .map(([f, n, line]) => `${f}:${n}: ${line.trim()}`);
    expect(found).toEqual([]);
  });

  it('no client call names an API path as a literal', () => {
    // request('auth/login'), fetchFile(`backup/…`), `/api/game/image/…`: the path map's entries, typed again.
    const call = /\b(request|fetchFile|httpClient)(<[^>]*>)?\(\s*['"`][a-z/]/i;
    const apiLiteral = /['"`]\/api\//;
    const found = sources('src')
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((line, i) => [f, i + 1, line] as const))
      .filter(([, , line]) => call.test(line) || apiLiteral.test(line))
      .map(([f, n, line]) => `${f}:${n}: ${line.trim()}`);
    expect(found).toEqual([]);
  });
});

describe.runIf(engineAvailable())('the API contract', () => {
  const h = useHarness();

  const apiRoutes = () => h.app.routeTable.filter((r) => !outsideApi(r.url) && r.method !== 'HEAD' && !(Array.isArray(r.method) && r.method.every((m) => m === 'HEAD')));

  it('every route reads its URL from apiPaths', () => {
    const strays = apiRoutes().map((r) => r.url).filter((u) => !KNOWN.has(u));
    expect(strays).toEqual([]);
  });

  it('every route has a response schema, and a request schema for each part it takes', () => {
    const missing: string[] = [];
    for (const r of apiRoutes()) {
      const s = (r.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown>; hide?: boolean };
      if (s.hide) continue;
      const where = `${String(r.method)} ${r.url}`;
      if (/:\w+/.test(r.url) && !s.params) missing.push(`${where}: params`);
      if (!s.response || !Object.keys(s.response).some((c) => /^2/.test(c))) missing.push(`${where}: success response`);
      if (!s.response || !Object.keys(s.response).some((c) => /^4/.test(c))) missing.push(`${where}: error response`);
      const mutating = [r.method].flat().some((m) => m !== 'GET' && m !== 'DELETE');
      if (mutating && !s.body) missing.push(`${where}: body`);
    }
    expect(missing).toEqual([]);
  });

  it('the OpenAPI document has every path of apiPaths with its methods, and every operation its responses', async () => {
    const doc = (await call(h, 'GET', `/api${API_PATHS.docsJson}`)).json as unknown as Doc;
    const problems: string[] = [];
    for (const r of apiRoutes()) {
      if ((r.schema as { hide?: boolean } | undefined)?.hide) continue;
      for (const m of [r.method].flat()) {
        if (m === 'HEAD') continue;
        const op = doc.paths[openapiPath(r.url)]?.[m.toLowerCase()];
        if (!op) problems.push(`${m} ${r.url}: not in the document`);
        else if (!Object.entries(op.responses ?? {}).some(([c, v]) => /^2/.test(c) && v.content)) problems.push(`${m} ${r.url}: no documented success`);
      }
    }
    for (const url of KNOWN) {
      if (url === `/api${API_PATHS.docs}` || url === `/api${API_PATHS.docsJson}`) continue;
      if (!doc.paths[openapiPath(url)]) problems.push(`${url}: an apiPaths entry the document lacks`);
    }
    expect(problems).toEqual([]);
  });
});
