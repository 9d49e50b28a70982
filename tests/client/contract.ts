import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

type Schema = Record<string, unknown>;

export interface OpenApi {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components?: Record<string, unknown>;
}

interface Route {
  method: string;
  pattern: RegExp;
  /** Static segments first: `/api/master/all` is matched before `/api/master/{id}`. */
  params: number;
  responses: Record<string, Schema | null>;
  /** Statuses whose answer may also be something other than JSON (a file, beside its rows as JSON). */
  files: Set<string>;
}

// ajv-formats is CommonJS: under ESM its function is the default export's default.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

/**
 * OpenAPI 3.0's `nullable` lets null through the whole schema; ajv applies it to `type` only, so an
 * `enum` or an `anyOf` beside it would still refuse null: each is told so here.
 */
function nullables(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullables);
  if (!node || typeof node !== 'object') return;
  const o = node as Schema;
  if (o.nullable === true) {
    if (Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...o.enum, null];
    if (Array.isArray(o.anyOf)) o.anyOf = [...(o.anyOf as unknown[]), { enum: [null] }];
  }
  Object.values(o).forEach(nullables);
}

/**
 * What the server's routes may answer, from its OpenAPI document: a client test's msw answer that
 * this refuses is a fixture the real server could never send, so the test proves nothing about it.
 */
export function contractOf(doc: OpenApi) {
  nullables(doc);
  // strict off: OpenAPI's own keywords (`nullable`, which ajv reads, `example`, `components`) sit in the schemas.
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  const compiled = new Map<Schema, ValidateFunction>();
  const validator = (schema: Schema) => {
    let v = compiled.get(schema);
    if (!v) {
      v = ajv.compile({ ...schema, components: doc.components });
      compiled.set(schema, v);
    }
    return v;
  };
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      const responses: Record<string, Schema | null> = {};
      const files = new Set<string>();
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        responses[status] = r.content?.['application/json']?.schema ?? null;
        if (Object.keys(r.content ?? {}).some((type) => type !== 'application/json')) files.add(status);
      }
      const params = (path.match(/\{[^}]+\}/g) ?? []).length;
      const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
      routes.push({ method: method.toUpperCase(), pattern, params, responses, files });
    }
  routes.sort((a, b) => a.params - b.params);

  /** Why this answer breaks the contract, or null when a real route could answer it; `json`: the body is JSON, checked against the route's schema. */
  return function check(method: string, path: string, status: number, body: unknown, json = true): string | null {
    const route = routes.find((r) => r.method === method && r.pattern.test(path));
    if (!route) return `${method} ${path}: no such route`;
    // A fixture may play a broken network or a crashed server: those answers are no route's.
    if (status >= 500) return null;
    const schema = String(status) in route.responses ? route.responses[String(status)] : route.responses.default;
    if (schema === undefined) return `${method} ${path}: the route never answers ${status} (it answers ${Object.keys(route.responses).join(', ')})`;
    if (schema === null || (!json && route.files.has(String(status)))) return null;
    if (!json) return `${method} ${path} ${status}: the route answers JSON here, the test answered something else`;
    const v = validator(schema);
    if (v(body)) return null;
    const e = v.errors?.[0];
    return `${method} ${path} ${status}: ${e?.instancePath || '(body)'} ${e?.message ?? 'does not match'}`;
  };
}
