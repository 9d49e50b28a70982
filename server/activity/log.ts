import type { FastifyRequest } from 'fastify';
import { englishActivityWords, renderSubject, type ActivityOutcome, type ActivityParams, type ActivitySubject } from '../../domain/activity';
import type { MessageCode } from '../../domain/messages';
import { TIERS } from '../../resources.config';
import type { Queryable } from '../db/client';
import type { HttpError } from '../http/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The subject of this request's activity row when the route knows better than its static one. */
    activitySubject?: ActivitySubject;
    /** The route wrote this request's activity row in its own transaction (credit transfer): the hook writes none. */
    activityWritten?: boolean;
    /** The refusal this request was answered with (set by the error handler), for its activity row. */
    activityRefusal?: { code: MessageCode; params: ActivityParams };
  }
}

/**
 * The subject of a request's activity row: the route's own for this request, else its static one.
 * A route that logs and declares none still leaves a row (an audit trail has no holes), as
 * `otherRequest`; tests/server/activity-outcomes.test.ts names every such route.
 */
export const activitySubjectOf = (req: FastifyRequest): ActivitySubject =>
  req.activitySubject ?? req.routeOptions.config?.subject ?? { code: 'otherRequest', params: { method: req.method, route: req.routeOptions.url ?? req.url } };

const tierName = (role: string): string => TIERS.find((t) => t.role === role)?.labels.singular ?? role;

/** The server's own words (English): the stored text beside the code, the CSV and the API's `subject`. */
export const ENGLISH_ACTIVITY = englishActivityWords(tierName);

/** A subject in English, as the `subject` column keeps it (searchable, and readable without the code). */
export const subjectText = (s: ActivitySubject): string => renderSubject(s, s.code, ENGLISH_ACTIVITY);

/** A tier's role key from its English name (rows that stored only the English). */
export const roleOfTierName = (label: string): string | undefined => TIERS.find((t) => t.labels.singular === label)?.role;

/** The outcome of a request answered with this error. */
export const refusalOf = (e: HttpError): ActivityOutcome => ({ status: e.statusCode, reason: e.code ?? null, params: e.params ?? null });

export interface ActivityEntry {
  accountId: number | null;
  username: string | null;
  subject: ActivitySubject;
  outcome: ActivityOutcome;
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
  const o = e.outcome;
  await q.query(
    `INSERT INTO activity_logs (account_id, username, subject, request_url, method, ip_address, code, params, status, reason, reason_params)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      e.accountId,
      e.username,
      subjectText(e.subject).slice(0, 200),
      redactUrl(e.requestUrl).slice(0, 500),
      e.method,
      e.ip,
      e.subject.code,
      e.subject.params ? JSON.stringify(e.subject.params) : null,
      o.status,
      o.reason ?? null,
      o.reason && o.params && Object.keys(o.params).length ? JSON.stringify(o.params) : null,
    ],
  );
}
