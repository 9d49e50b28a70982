import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, API_PATHS } from '../../domain/apiPaths';
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
  ...Object.values(API_PATHS).map((p) => `/api${p}`),
]);

/** Routes the API does not own: the built client's static files (registered only when a build is there). */
const outsideApi = (url: string) => !url.startsWith('/api');

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
      if (mutating && !s.body && !s.querystring && !s.params && !(r.config as { noBody?: boolean } | undefined)?.noBody) missing.push(`${where}: body`);
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
