import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { inject } from 'vitest';
import { contractOf } from './contract';

export const server = setupServer();

const check = contractOf(inject('openApi'));

/** The answers a test gave that no real route could give: the test fails on them after it ends. */
export const contractBreaks: string[] = [];

/** The header that marks an answer no route of this server gives on purpose (offContract): it is not checked. */
const OFF_CONTRACT = 'X-Test-Off-Contract';

/**
 * The headers of an answer a test gives on purpose outside the contract: `reason` says why (a test
 * registry's own route, another server's shape). Whatever else a test answers is checked.
 */
// The reason stays in the test's code (a header carries ASCII only): the header only says "not checked".
export const offContract = (_reason: string, headers: Record<string, string> = {}): Record<string, string> => ({ ...headers, [OFF_CONTRACT]: 'yes' });

/** The checks under way (an answer's body is read after it is sent): the test's end waits for them. */
const checking: Promise<void>[] = [];

/**
 * Every answer a handler gives (recordApi's, or one a test registers with `server.use`) is checked
 * against the server's OpenAPI document: its route and status, and a JSON body against the
 * route's response schema. No answer at all (HttpResponse.error) plays a broken network: nothing to check.
 */
server.events.on('response:mocked', ({ request, response }) => {
  if (response.type === 'error' || response.status === 0 || response.headers.get(OFF_CONTRACT)) return;
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/api/')) return;
  // JSON itself (application/json, …+json), not a stream of JSON lines (application/x-ndjson).
  const json = /^application\/([\w.-]+\+)?json\b/i.test(response.headers.get('Content-Type') ?? '');
  checking.push(
    (async () => {
      const body: unknown = json ? await response.clone().json() : undefined;
      const broken = check(request.method, url.pathname, response.status, body, json);
      if (broken) contractBreaks.push(broken);
    })(),
  );
});

/** The contract's breaks of the test that just ended, once every answer it was given is checked. */
export async function settledBreaks(): Promise<string[]> {
  await Promise.all(checking.splice(0));
  return [...new Set(contractBreaks.splice(0))];
}

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
 * a test does not look at, which is not checked). Each answer a test gives is checked against the
 * server's response schema of that route and status (the `response:mocked` listener above). The
 * dataProvider builds relative URLs; jsdom's origin resolves them.
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
      const r: Reply = given ?? { json: { success: true, data: [] }, offContract: 'the default answer of a call the test does not look at' };
      return HttpResponse.json(r.json, { status: r.status ?? 200, headers: r.offContract ? offContract(r.offContract, r.headers) : r.headers });
    }),
  );
  return calls;
}
