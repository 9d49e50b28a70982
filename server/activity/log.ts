import type { Queryable } from '../db/client';

declare module 'fastify' {
  interface FastifyRequest {
    /** The subject of this request's activity row when the route knows better than its static one. */
    activitySubject?: string;
  }
}

export interface ActivityEntry {
  accountId: number | null;
  username: string | null;
  subject: string;
  requestUrl: string;
  method: string;
  ip: string;
}

/** Query parameters that must never reach a log: the activity rows nor the server's own output. */
const SECRET_PARAMS = /([?&](?:password|pass|opass|npass|cpass|pin|token|access_token|secret)=)[^&]*/gi;

/** A request URL as logs may keep it: secret query values masked. */
export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1***');

export async function writeActivity(q: Queryable, e: ActivityEntry): Promise<void> {
  await q.query(
    `INSERT INTO activity_logs (account_id, username, subject, request_url, method, ip_address) VALUES ($1, $2, $3, $4, $5, $6)`,
    [e.accountId, e.username, e.subject.slice(0, 200), redactUrl(e.requestUrl).slice(0, 500), e.method, e.ip],
  );
}
