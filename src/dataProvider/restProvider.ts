import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, fetchUtils, GetListParams, GetListResult, Identifier, RaRecord, UpdateParams, UpdateResult } from 'react-admin';
import { REST_RESOURCES, type RestResource } from '../../resources.config';
import { answered, request, send, type RequestOptions } from './http';

/** Activate or deactivate a record (an account, a game): the custom call every resource provider answers. */
export type ToggleAction = 'activate' | 'deactivate';
export interface ToggleParams {
  id: Identifier;
  action: ToggleAction;
  /** A child account's toggle goes through its parent's family (accounts only). */
  parent?: { resource: string; id: Identifier };
}
export interface ToggleCall {
  toggleStatus(resource: string, params: ToggleParams): Promise<{ data: unknown; message?: string }>;
}
/** What every resource's provider answers: react-admin's calls and the toggle. */
export type ResourceProvider = DataProvider & ToggleCall;

/**
 * react-admin's simple-rest client over the client's one HTTP call (http.ts sets the token and
 * reads the errors). The only adaptation: the API's `{success, data}` envelope unwrapped.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const res = await send(url, {
    method: (options.method ?? 'GET') as NonNullable<RequestOptions['method']>,
    headers: Object.fromEntries(new Headers(options.headers).entries()),
    body: options.body ?? undefined,
    accept: 'application/json',
    signal: options.signal ?? undefined,
  });
  const body = await res.text();
  answered();
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  const unwrapped = json !== null && typeof json === 'object' && 'data' in json ? (json as { data: unknown }).data : json;
  return { status: res.status, headers: res.headers, body, json: unwrapped };
};

// The API base is added by http.ts: simple-rest's URLs are paths under it.
const rest = simpleRestProvider('', httpClient);

/** The REST resource behind a react-admin resource name (its page key), if any. */
export const restResourceOf = (resource: string): RestResource | undefined => REST_RESOURCES.find((r) => r.page === resource);

/**
 * A create or update whose form carries files (Add Game's images, Edit Game's logo) goes as the
 * multipart `meta.form` the screen built (simple-rest sends JSON only); the envelope's record comes back.
 */
const multipartOf = (meta: unknown): FormData | undefined => {
  const form = (meta as { form?: unknown } | undefined)?.form;
  return form instanceof FormData ? form : undefined;
};
async function sendMultipart<R extends RaRecord>(path: string, method: 'POST' | 'PUT', form: FormData): Promise<{ data: R }> {
  const { json } = await request<R>(path, { method, body: form });
  return { data: json.data as R };
}

type Row = Record<string, unknown> & { id?: Identifier; _id?: string };
/** react-admin's `id`: the server's own, else the API's `_id` (or the resource's own key). */
const withId = (r: Row, idField?: string): RaRecord => ({ ...r, id: (r.id ?? r._id ?? (idField ? r[idField] : undefined)) as Identifier });
const idFieldOf = (def: RestResource): string | undefined => ('idField' in def ? def.idField : undefined);

/** A filter's plain values as query parameters (the API's list calls take them by name; react-admin's full-text `q` is their `search`). */
function filterQuery(filter: Record<string, unknown> | undefined): NonNullable<RequestOptions['query']> {
  const out: NonNullable<RequestOptions['query']> = {};
  for (const [k, v] of Object.entries(filter ?? {})) if (typeof v === 'string' || typeof v === 'number') out[k === 'q' ? 'search' : k] = v;
  return out;
}

/**
 * The API's own list call of a `list: 'pages'` resource: the filter's fields, `page` and `limit`; the
 * rows in the server's order (no sort is sent), the filtered total, and the envelope's other fields
 * (a bet list's totals over the whole filter) as the list's meta.
 */
async function pagedList(def: RestResource, params: GetListParams): Promise<GetListResult> {
  const query = { ...filterQuery(params.filter), page: params.pagination?.page, limit: params.pagination?.perPage };
  const { json, headers } = await request<Row[]>(def.api, { query, signal: params.signal });
  const { data: rows, total: given, success: _success, message: _message, ...meta } = json;
  const data = (rows ?? []).map((r) => withId(r, idFieldOf(def)));
  // The complaint list's envelope names its total `totalComplaints`.
  const total = given ?? json.totalComplaints ?? headers.get('X-Total-Count') ?? data.length;
  return { data, total: Number(total), meta };
}

/** A status change: `PATCH {api}/{id}/status {status}`, the record as the server left it. */
async function statusUpdate(def: RestResource, params: UpdateParams): Promise<UpdateResult> {
  const { json } = await request<Row>(`${def.api}/${encodeURIComponent(String(params.id))}/status`, {
    method: 'PATCH',
    body: { status: (params.data as { status?: unknown }).status },
  });
  return { data: withId({ ...params.previousData, ...json.data, id: params.id }, idFieldOf(def)) };
}

/** The provider of one REST resource, addressed by its API base. */
function restResourceProvider(def: RestResource): ResourceProvider {
  const pages = 'list' in def && def.list === 'pages';
  return {
    getList: (_r, params) => (pages ? pagedList(def, params) : rest.getList(def.api, params)),
    getOne: (_r, params) => rest.getOne(def.api, params),
    getMany: (_r, params) => rest.getMany(def.api, params),
    getManyReference: (_r, params) => rest.getManyReference(def.api, params),
    create: (_r, params) => {
      const form = multipartOf(params.meta);
      return form ? sendMultipart(def.api, 'POST', form) : rest.create(def.api, params);
    },
    update: (_r, params) => {
      const form = multipartOf(params.meta);
      if (form) return sendMultipart(`${def.api}/${encodeURIComponent(String(params.id))}`, 'PUT', form);
      return 'statusPath' in def && def.statusPath ? statusUpdate(def, params) : rest.update(def.api, params);
    },
    updateMany: (_r, params) => rest.updateMany(def.api, params),
    delete: (_r, params) => rest.delete(def.api, params),
    deleteMany: (_r, params) => rest.deleteMany(def.api, params),
    toggleStatus: async (_r, { id, action }) => {
      const { json } = await request(`${def.api}/${encodeURIComponent(String(id))}/${action}`, { method: 'PUT' });
      return { data: json.data, message: json.message };
    },
  };
}

/** Each REST resource's provider, by react-admin resource name (its page key). */
export const restProviders = (): Map<string, ResourceProvider> => new Map(REST_RESOURCES.map((def) => [def.page, restResourceProvider(def)]));
