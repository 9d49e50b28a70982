import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { inject } from 'vitest';
import { contractOf } from './contract';

export const server = setupServer();

const check = contractOf(inject('openApi'));

/** The answers a test gave that no real route could give: the test fails on them after it ends. */
export const contractBreaks: string[] = [];

export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Headers;
}

export interface Reply {
  status?: number;
  json: JsonBodyType;
  headers?: Record<string, string>;
  /** Why this answer is one no route of this server gives (a test registry's own route, another server's shape): it is not checked. */
  offContract?: string;
}

/**
 * Records every /api call and answers it with `reply(call)` (default: an empty success, for the calls
 * a test does not look at). Each answer a test gives is checked against the server's response schema
 * of that route and status. The dataProvider builds relative URLs; jsdom's origin resolves them.
 */
export function recordApi(reply: (call: Recorded) => Reply | undefined = () => undefined) {
  const calls: Recorded[] = [];
  server.use(
    http.all('*/api/*', async ({ request }) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
      const call: Recorded = {
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text ? JSON.parse(text) : undefined,
        headers: request.headers,
      };
      calls.push(call);
      const given = reply(call);
      if (given && !given.offContract) {
        const broken = check(call.method, call.path, given.status ?? 200, given.json);
        if (broken) contractBreaks.push(broken);
      }
      const r: Reply = given ?? { json: { success: true, data: [] } };
      return HttpResponse.json(r.json, { status: r.status ?? 200, headers: r.headers });
    }),
  );
  return calls;
}
