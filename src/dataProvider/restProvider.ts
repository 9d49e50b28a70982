import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import { REST_RESOURCES, type CatalogueDef, type RestResource } from '../../resources.config';
import { extendSession, getToken } from '../auth/session';
import { API_BASE, NetworkError } from './http';

/**
 * react-admin's own simple-rest client on the API's REST resources (games, times): the server
 * answers its `sort`/`range`/`filter` parameters with `Content-Range`. The only adaptation is the
 * transport: the session's bearer token, and the API's `{success, data}` envelope unwrapped.
 */
export const httpClient: typeof fetchUtils.fetchJson = async (url, options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Awaited<ReturnType<typeof fetchUtils.fetchJson>>;
  try {
    res = await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
  } catch (e) {
    // No answer at all: the spec's text, never the browser's "Failed to fetch" (react-admin shows error.message).
    if (e instanceof TypeError) throw new NetworkError(e);
    throw e;
  }
  extendSession();
  const json: unknown = res.json;
  const unwrapped = json !== null && typeof json === 'object' && 'data' in json ? (json as { data: unknown }).data : json;
  return { ...res, json: unwrapped };
};

const rest = simpleRestProvider(API_BASE, httpClient);

/** The REST resource behind a react-admin resource name (its page key), if any. */
export const restResourceOf = (resource: string): RestResource | undefined => REST_RESOURCES.find((r) => r.page === resource);

/** Sends a form with files as multipart (simple-rest sends JSON only); the envelope's record comes back. */
export async function createMultipart(def: CatalogueDef, form: FormData): Promise<{ data: { id: string } & Record<string, unknown> }> {
  const { json } = await httpClient(`${API_BASE}/${def.api}`, { method: 'POST', body: form });
  return { data: json as { id: string } & Record<string, unknown> };
}

/** Sends an edit with a file (Edit Game's Logo) as multipart PUT; the envelope's record comes back. */
export async function updateMultipart(def: CatalogueDef, id: string, form: FormData): Promise<{ data: { id: string } & Record<string, unknown> }> {
  const { json } = await httpClient(`${API_BASE}/${def.api}/${encodeURIComponent(id)}`, { method: 'PUT', body: form });
  return { data: json as { id: string } & Record<string, unknown> };
}

/** The simple-rest calls of one REST resource, addressed by its API base. */
export function restResourceProvider(def: RestResource): Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'create' | 'update' | 'delete'> {
  return {
    getList: (_r, params) => rest.getList(def.api, params),
    getOne: (_r, params) => rest.getOne(def.api, params),
    getMany: (_r, params) => rest.getMany(def.api, params),
    create: (_r, params) => rest.create(def.api, params),
    update: (_r, params) => rest.update(def.api, params),
    delete: (_r, params) => rest.delete(def.api, params),
  };
}
