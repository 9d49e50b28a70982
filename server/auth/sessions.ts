import { createHash, randomBytes } from 'node:crypto';
import { ROLES, SESSION_MINUTES } from '../../resources.config';
import type { Queryable } from '../db/client';
import { col, queryRows, rowsOf } from '../db/rows';
import type { Caller } from '../access/caller';

export { revokeSessions, type Revocation } from '../access/sessions';

export const SESSION_COOKIE = 'session-token';

/** Absolute session lifetime when SESSION_MAX_HOURS is not set: a stolen token dies within a working day. */
export const DEFAULT_SESSION_MAX_HOURS = 12;

/** What the sessions table stores of a token. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new opaque session token; only its hash is stored. */
export async function openSession(q: Queryable, accountId: number, ip: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query(`INSERT INTO sessions (token_hash, account_id, ip, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`, [
    tokenDigest(token),
    accountId,
    ip,
    SESSION_MINUTES,
  ]);
  return token;
}

/**
 * The caller behind a token, sliding its expiry, in one round trip. The expiry moves at most once a
 * minute: a request that would move it by less writes nothing, so a busy session's calls are not
 * each a commit (a write's WAL flush) of their own. A revoked, expired (30 minutes
 * idle, or older than `maxHours`) or deactivated session answers null, and so does one whose
 * account sits below a deactivated account: deactivation suspends the whole subtree.
 */
export async function resumeSession(q: Queryable, token: string, maxHours = DEFAULT_SESSION_MAX_HOURS): Promise<Caller | null> {
  if (!token || token.length > 200) return null;
  return (await resumeSessions(q, [token], maxHours)).get(token) ?? null;
}

const sessionCallerRow = rowsOf({
  token_hash: col.text,
  id: col.id,
  username: col.text,
  role: col.oneOf(ROLES),
  path: col.text,
  password_hash: col.text,
  session_id: col.id,
  stepped_up_at: col.nullable(col.date),
});
const tokenHashRow = rowsOf({ token_hash: col.text });

/** resumeSession for several tokens in one statement: each token's caller, or no entry. */
export async function resumeSessions(q: Queryable, tokens: readonly string[], maxHours = DEFAULT_SESSION_MAX_HOURS): Promise<Map<string, Caller>> {
  const byHash = new Map(tokens.filter((t) => t && t.length <= 200).map((t) => [tokenDigest(t), t]));
  if (byHash.size === 0) return new Map();
  const rows = await queryRows(
    q,
    sessionCallerRow,
    `WITH s AS (
       SELECT id, token_hash, account_id, stepped_up_at, expires_at, least(now() + make_interval(mins => $2), created_at + make_interval(hours => $3)) AS slid_to
       FROM sessions
       WHERE token_hash = ANY($1::text[]) AND revoked_at IS NULL AND expires_at > now() AND created_at + make_interval(hours => $3) > now()),
     slide AS (
       UPDATE sessions SET expires_at = s.slid_to FROM s
       WHERE sessions.id = s.id AND s.expires_at < s.slid_to - interval '1 minute')
     SELECT s.token_hash, a.id, a.username, a.role, a.path, a.password_hash, s.id AS session_id, s.stepped_up_at
     FROM s JOIN accounts a ON a.id = s.account_id
     WHERE a.deleted_at IS NULL AND a.active AND NOT ${SUSPENDED_ANCESTOR}`,
    [[...byHash.keys()], SESSION_MINUTES, maxHours],
  );
  const out = new Map<string, Caller>();
  for (const r of rows) {
    const token = byHash.get(r.token_hash);
    if (token === undefined) continue;
    out.set(token, { id: r.id, username: r.username, role: r.role, path: r.path, passwordHash: r.password_hash, sessionId: r.session_id, steppedUpAt: r.stepped_up_at });
  }
  return out;
}

/**
 * Which of these tokens are still live sessions, by the rules of resumeSession but without sliding
 * anything: a check on behalf of open sockets must not keep an idle session alive. Tokens, not session
 * ids, because a restore restarts the ids and a new session could take an old socket's number.
 */
export async function liveTokens(q: Queryable, tokens: readonly string[], maxHours = DEFAULT_SESSION_MAX_HOURS): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const byHash = new Map(tokens.map((t) => [tokenDigest(t), t]));
  const rows = await queryRows(
    q,
    tokenHashRow,
    `SELECT s.token_hash FROM sessions s JOIN accounts a ON a.id = s.account_id
      WHERE s.token_hash = ANY($1::text[]) AND s.revoked_at IS NULL AND s.expires_at > now() AND s.created_at + make_interval(hours => $2) > now()
        AND a.deleted_at IS NULL AND a.active AND NOT ${SUSPENDED_ANCESTOR}`,
    [[...byHash.keys()], maxHours],
  );
  return new Set(rows.map((r) => byHash.get(r.token_hash)).filter((t): t is string => t !== undefined));
}

/** SQL: whether an account `a` has a deactivated account above it (its path lists its ancestors' ids). */
export const SUSPENDED_ANCESTOR = `EXISTS (SELECT 1 FROM accounts up
  WHERE up.id = ANY (string_to_array(trim(both '/' FROM a.path), '/')::bigint[]) AND up.id <> a.id AND NOT up.active)`;

/** Records a successful password re-entry on the session (auth/checkpassword). */
export async function stepUp(q: Queryable, sessionId: number): Promise<void> {
  await q.query(`UPDATE sessions SET stepped_up_at = now() WHERE id = $1`, [sessionId]);
}
