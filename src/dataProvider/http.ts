import type { Envelope } from '../../domain/api';
import { API_PATHS, fillPath } from '../../domain/apiPaths';
import type { Answer, ApiCall, BodyFor, ParamsFor, QueryFor } from './contract';
import { extendSession, getToken } from '../auth/session';
import { translate, translateMessage } from '../i18n/translate';
import { ApiError, NetworkError } from './errors';
import { API_BASE } from './urls';

// Screens read the errors, the API base and the idempotency key from their own small modules; the
// dataProvider and the authProvider still find them here.
export { ApiError, NetworkError, API_BASE };
export { newIdempotencyKey } from './idempotencyKey';

type SessionEndedListener = (err: ApiError) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Listens for a 401 on a call that carried the session: the server no longer knows it (logout in
 * another tab, revoke, a restore). Every call reports it here, whether or not react-admin made it,
 * so the role app can hand it to authProvider.checkError (which goes to the login page).
 */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined | null>;
  /** Sent as JSON, except a FormData (multipart, files) or a string, which go as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * false: a public call (the landing page's contact form) that carries no session at all: no
   * bearer token, no cookie, and it does not slide the stored session's expiry.
   */
  session?: boolean;
  /** Lets react-admin cancel a read it no longer needs. */
  signal?: AbortSignal;
}

/** `path` under the API base; a path that already carries its query string (simple-rest's) keeps it. */
export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const clean = path.replace(/^\/+/, '');
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `${API_BASE}/${clean}${s ? `?${s}` : ''}`;
}

const encodeBody = (body: unknown): { body: BodyInit | undefined; type?: string } => {
  if (body === undefined) return { body: undefined };
  if (body instanceof FormData) return { body };
  if (typeof body === 'string') return { body, type: 'application/json' };
  return { body: JSON.stringify(body), type: 'application/json' };
};

async function readJson<T>(res: Response): Promise<T | null> {
  try {
    return (await res.json()) as T;
  } catch {
    return null;
  }
}

/** The refusal of a non-2xx answer: the server's message in the client's texts (by its code, never by matching the English). */
async function refusal(res: Response, path: string, hadToken: boolean): Promise<ApiError> {
  const json = await readJson<Envelope>(res);
  const message = json?.message ? translateMessage({ message: json.message, code: json.code, params: json.params }) : undefined;
  const err = new ApiError(message || res.statusText || translate('td.messages.somethingWrong'), res.status, json);
  // A logout of a session already gone answers 401 too: that is the end it asked for, not news.
  if (res.status === 401 && hadToken && !/^\/*auth\/logout$/.test(path)) {
    sessionEnders.add(err);
    for (const listener of sessionEndedListeners) listener(err);
  }
  return err;
}

const sessionEnders = new WeakSet<ApiError>();

/** Whether a call's refusal ended the session: a 401 to a call that carried it, which the session-ended listeners were told of. */
export const endedSession = (err: unknown): boolean => err instanceof ApiError && sessionEnders.has(err);

/**
 * The client's one HTTP call: the only place that sets the bearer token (and includes the session
 * cookie), turns "no answer" into NetworkError and a non-2xx answer into ApiError with the server's
 * message. Resolves with the 2xx response unread; JSON, files and react-admin's simple-rest all read
 * it from here. `accept` is the Accept header (none for a file).
 */
export async function send(path: string, options: RequestOptions & { accept?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...(options.accept ? { Accept: options.accept } : {}), ...options.headers };
  const withSession = options.session !== false;
  const token = withSession ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const { body, type } = encodeBody(options.body);
  if (type && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['Content-Type'] = type;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      credentials: withSession ? 'include' : 'omit',
      body,
      signal: options.signal,
    });
  } catch (e) {
    // A read react-admin cancelled (its signal) is no failure to report.
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new NetworkError(e);
  }
  if (!res.ok) throw await refusal(res, path, !!token);
  return res;
}

/** Slides the session's expiry after an answered call that carried it. */
export const answered = (options: Pick<RequestOptions, 'session'> = {}): void => {
  if (options.session !== false) extendSession();
};

/**
 * One JSON call through `send`. Resolves with the envelope and the response headers; anything but a
 * 2xx JSON answer rejects with ApiError.
 */
export async function request<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<{ json: Envelope<T> & Record<string, unknown>; headers: Headers; status: number }> {
  const res = await send(path, { ...options, accept: 'application/json' });
  const json = await readJson<Envelope<T> & Record<string, unknown>>(res);
  if (!json) throw new ApiError(res.statusText || translate('td.messages.somethingWrong'), res.status, null);
  answered(options);
  return { json, headers: res.headers, status: res.status };
}

/** A named call's options: its path parameters, query and body as its endpoint's schemas declare them. */
export type CallOptions<K extends ApiCall> = Omit<RequestOptions, 'query' | 'body'> & {
  params?: ParamsFor<K>;
  query?: QueryFor<K>;
  body?: BodyFor<K>;
};

/**
 * A named call (`request` by its path's name in domain/apiPaths.ts): what it sends and the answer it
 * resolves with are typed by the endpoint's declaration (contract.ts); its refusals are `request`'s.
 */
export async function call<K extends ApiCall>(name: K, options: CallOptions<K> = {}): Promise<{ json: Answer<K>; headers: Headers; status: number }> {
  const { params, query, body, ...rest } = options;
  const path = fillPath(API_PATHS[name], (params ?? {}) as Record<string, string | number>);
  const { json, headers, status } = await request(path, { ...rest, query: query as RequestOptions['query'], body });
  // The server's response schema checked this answer on its way out.
  return { json: json as unknown as Answer<K>, headers, status };
}
