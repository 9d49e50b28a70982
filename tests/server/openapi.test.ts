import { describe, expect, it } from 'vitest';
import { childTierOf, TIERS } from '../../resources.config';
import { call, engineAvailable, useHarness } from './harness';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; anyOf?: unknown[] } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

/** Every call of a tier's account family: method, path under the tier's base, success status, body kind. */
const FAMILY: [method: string, path: string, status: string, body?: 'create' | 'edit' | 'childCreate' | 'childEdit' | 'credit'][] = [
  ['post', '/create', '201', 'create'],
  ['get', '/all', '200'],
  ['get', '/loadcredit/{id}', '200'],
  ['post', '/credit-transfer', '200', 'credit'],
  ['post', '/credit-adjust', '200', 'credit'],
  ['patch', '/toggle-status/{id}/{action}', '200'],
  ['get', '/{id}', '200'],
  ['put', '/{id}', '200', 'edit'],
  ['delete', '/{id}', '200'],
  ['get', '/{id}/children', '200'],
  ['post', '/{id}/children', '201', 'childCreate'],
  ['get', '/{id}/children/{childId}', '200'],
  ['put', '/{id}/children/{childId}', '200', 'childEdit'],
  ['post', '/{id}/children/{childId}/credit-transfer', '200', 'credit'],
  ['post', '/{id}/children/{childId}/credit-adjust', '200', 'credit'],
  ['patch', '/{id}/children/{childId}/toggle-status/{action}', '200'],
  ['delete', '/{id}/children/delete/{childId}', '200'],
];

/** Property names a body schema documents, through the `{updatedFields}` / `{childAdminData}` wrappers. */
function bodyFields(op: Operation): string[] {
  const schema = op.requestBody?.content['application/json']?.schema;
  const names = new Set<string>();
  const walk = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const o = s as { properties?: Record<string, unknown>; anyOf?: unknown[]; oneOf?: unknown[] };
    for (const [k, v] of Object.entries(o.properties ?? {})) {
      names.add(k);
      walk(v);
    }
    for (const alt of [...(o.anyOf ?? []), ...(o.oneOf ?? [])]) walk(alt);
  };
  walk(schema);
  return [...names];
}

describe.runIf(engineAvailable())('OpenAPI document', () => {
  const h = useHarness();

  it('is served at /api/docs/json and /api/docs', async () => {
    const r = await call(h, 'GET', '/api/docs/json');
    expect(r.status).toBe(200);
    expect((r.json as unknown as Doc).openapi).toMatch(/^3\./);
    expect((await call(h, 'GET', '/api/docs')).status).toBe(200);
  });

  it('lists every account route of every tier with its params, query, body and response schemas', async () => {
    const doc = (await call(h, 'GET', '/api/docs/json')).json as unknown as Doc;
    for (const tier of TIERS) {
      const child = childTierOf(tier.role) ?? tier;
      for (const [method, path, status, body] of FAMILY) {
        const where = `${method.toUpperCase()} /api${tier.api}${path}`;
        const op = doc.paths[`/api${tier.api}${path}`]?.[method];
        expect(op, where).toBeDefined();
        if (!op) continue;
        const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort(), where).toEqual(pathParams.sort());
        if (path.endsWith('/all') || path.endsWith('/children'))
          if (method === 'get') expect((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), where).toEqual(expect.arrayContaining(['page', 'perPage', 'sort', 'order', 'range', 'filter']));
        expect(op.responses[status]?.content?.['application/json']?.schema, `${where} ${status}`).toBeDefined();
        expect(op.responses['400']?.content?.['application/json']?.schema, `${where} 400`).toBeDefined();
        if (!body) continue;
        const fields = bodyFields(op);
        const expected =
          body === 'credit'
            ? ['password']
            : (body === 'create' ? tier.createFields : body === 'edit' ? tier.editFields : body === 'childCreate' ? child.createFields : child.editFields).map((f) => f.name);
        expect(fields, where).toEqual(expect.arrayContaining(expected));
      }
    }
  });

  it('describes the account record once, without any secret', async () => {
    const doc = (await call(h, 'GET', '/api/docs/json')).json as unknown as Doc;
    const account = doc.components?.schemas?.Account as { properties: Record<string, unknown> } | undefined;
    expect(account).toBeDefined();
    expect(Object.keys(account?.properties ?? {})).toEqual(expect.arrayContaining(['_id', 'username', 'walletBalance', 'refId']));
    expect(JSON.stringify(account)).not.toMatch(/password|pin_hash|hash/i);
  });
});
