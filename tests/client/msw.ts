import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

export interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Headers;
}

/**
 * Records every /api call and answers it with `reply(call)` (default: an empty success).
 * The dataProvider builds relative URLs; jsdom's origin resolves them.
 */
export function recordApi(reply: (call: Recorded) => { status?: number; json: JsonBodyType; headers?: Record<string, string> } | undefined = () => undefined) {
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
      const r: { status?: number; json: JsonBodyType; headers?: Record<string, string> } = reply(call) ?? { json: { success: true, data: [] } };
      return HttpResponse.json(r.json, { status: r.status ?? 200, headers: r.headers });
    }),
  );
  return calls;
}
