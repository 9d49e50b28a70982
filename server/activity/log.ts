import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client';

declare module 'fastify' {
  interface FastifyRequest {
    /** The subject of this request's activity row when the route knows better than its static one. */
    activitySubject?: string;
    /** The route wrote this request's activity row in its own transaction (credit transfer): the hook writes none. */
    activityWritten?: boolean;
  }
}

/** The subject of a request's activity row: the route's own for this request, else its static one, else method and route. */
export const activitySubjectOf = (req: FastifyRequest): string =>
  req.activitySubject ?? req.routeOptions.config?.subject ?? `${req.method} ${req.routeOptions.url ?? req.url}`;

export interface ActivityEntry {
  accountId: number | null;
  username: string | null;
  subject: string;
  requestUrl: string;
  method: string;
  ip: string;
}

/**
 * Query parameter names whose values must never reach a log (the activity rows nor the server's own
 * output): any name containing pass, pwd, token, secret or key (password, opass, access_token,
 * apiKey, ...), and pin; whatever the case. A pattern, not a list: a new secret parameter is covered
 * before anyone thinks of it.
 */
const SECRET_NAME = /pass|pwd|token|secret|key|^pin$/i;

const decodedName = (raw: string): string => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

export const isSecretParam = (name: string): boolean => SECRET_NAME.test(decodedName(name).trim());

/** A request URL as logs may keep it: secret query values masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const masked = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq >= 0 && isSecretParam(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${masked}${hash < 0 ? '' : url.slice(hash)}`;
}

export async function writeActivity(q: Queryable, e: ActivityEntry): Promise<void> {
  await q.query(
    `INSERT INTO activity_logs (account_id, username, subject, request_url, method, ip_address) VALUES ($1, $2, $3, $4, $5, $6)`,
    [e.accountId, e.username, e.subject.slice(0, 200), redactUrl(e.requestUrl).slice(0, 500), e.method, e.ip],
  );
}
