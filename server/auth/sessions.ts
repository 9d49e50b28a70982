import { createHash, randomBytes } from 'node:crypto';
import { SESSION_MINUTES, type Role } from '../../resources.config';
import type { Queryable } from '../db/client';
import type { Caller } from './caller';

export const SESSION_COOKIE = 'session-token';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new opaque session token; only its hash is stored. */
export async function openSession(q: Queryable, accountId: number, ip: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query(`INSERT INTO sessions (token_hash, account_id, ip, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`, [
    digest(token),
    accountId,
    ip,
    SESSION_MINUTES,
  ]);
  return token;
}

/**
 * The caller behind a token, sliding its expiry, in one round trip. A revoked, expired or
 * deactivated session answers null.
 */
export async function resumeSession(q: Queryable, token: string): Promise<Caller | null> {
  if (!token || token.length > 200) return null;
  const rows = await q.query(
    `WITH s AS (
       UPDATE sessions SET expires_at = now() + make_interval(mins => $2)
       WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
       RETURNING id, account_id)
     SELECT a.id, a.username, a.role, a.path, a.password_hash, s.id AS session_id
     FROM s JOIN accounts a ON a.id = s.account_id
     WHERE a.deleted_at IS NULL AND a.active`,
    [digest(token), SESSION_MINUTES],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    username: String(r.username),
    role: r.role as Role,
    path: String(r.path),
    passwordHash: String(r.password_hash),
    sessionId: Number(r.session_id),
  };
}

export async function closeSession(q: Queryable, sessionId: number): Promise<void> {
  await q.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
}
