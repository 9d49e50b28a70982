import type { Envelope } from '../../domain/api';
import { extendSession, getToken } from '../auth/session';
import { translate, translateMessage } from '../i18n/translate';

/** Base of every call (docs/API.md); the dev server and the server itself serve it same-origin. */
export const API_BASE = '/api';

/** A failed call: the HTTP status and the server's envelope (message, field errors). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Envelope | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A call that got no answer at all (offline, server down, connection reset). The browser's own
 * text ("Failed to fetch", "NetworkError when attempting…") is no message for an operator: the
 * spec's "Something went wrong" is, and each screen may say its own (spec section 8).
 */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(translate('td.messages.somethingWrong'), { cause });
    this.name = 'NetworkError';
  }
}

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
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * false: a public call (the landing page's contact form) that carries no session at all: no
   * bearer token, no cookie, and it does not slide the stored session's expiry.
   */
  session?: boolean;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const clean = path.replace(/^\/+/, '');
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `${API_BASE}/${clean}${s ? `?${s}` : ''}`;
}

/**
 * One JSON call with the bearer token (and the session cookie: credentials are included).
 * Resolves with the envelope and the response headers; anything but 2xx rejects with ApiError.
 */
export async function request<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<{ json: Envelope<T> & Record<string, unknown>; headers: Headers; status: number }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const withSession = options.session !== false;
  const token = withSession ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      credentials: withSession ? 'include' : 'omit',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (e) {
    throw new NetworkError(e);
  }
  let json: (Envelope<T> & Record<string, unknown>) | null = null;
  try {
    json = (await res.json()) as Envelope<T> & Record<string, unknown>;
  } catch {
    json = null;
  }
  if (!res.ok || !json) {
    // Coded answers are shown in the client's texts (by code, never by matching the English).
    const message = json?.message ? translateMessage({ message: json.message, code: json.code, params: json.params }) : undefined;
    const err = new ApiError(message || res.statusText || translate('td.messages.somethingWrong'), res.status, json);
    // A logout of a session already gone answers 401 too: that is the end it asked for, not news.
    if (res.status === 401 && token && !/^\/*auth\/logout$/.test(path)) for (const listener of sessionEndedListeners) listener(err);
    throw err;
  }
  if (withSession) extendSession();
  return { json, headers: res.headers, status: res.status };
}

/** A fresh key per form submission, so a retried request never moves points twice. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
