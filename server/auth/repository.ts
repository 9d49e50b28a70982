import type { Queryable } from '../db/database';
import { col, queryRow, rowsOf } from '../db/rows';
import { SUSPENDED_ANCESTOR } from './sessions';

/** What a login needs to know of a username (no row: unknown or deleted). */
export interface LoginCandidate {
  id: number;
  active: boolean;
  passwordHash: string;
  /** An account above it is deactivated (its network is suspended). */
  suspended: boolean;
}

const candidateRow = rowsOf({ id: col.id, active: col.bool, password_hash: col.text, suspended: col.bool });
const signupParentRow = rowsOf({ id: col.id, path: col.text, role: col.text });

export async function findLoginCandidate(q: Queryable, username: string): Promise<LoginCandidate | null> {
  const r = await queryRow(
    q,
    candidateRow,
    `SELECT a.id, a.active, a.password_hash, ${SUSPENDED_ANCESTOR} AS suspended
     FROM accounts a WHERE lower(a.username) = lower($1) AND a.deleted_at IS NULL`,
    [username],
  );
  return r && { id: r.id, active: r.active, passwordHash: r.password_hash, suspended: r.suspended };
}

export async function markLoggedIn(q: Queryable, id: number): Promise<void> {
  await q.query(`UPDATE accounts SET last_login = now() WHERE id = $1`, [id]);
}

/** The live account of one of `roles` named `username`: where public signup hangs new accounts. */
export async function findSignupParent(q: Queryable, username: string, roles: readonly string[]): Promise<{ id: number; path: string; role: string } | null> {
  return queryRow(q, signupParentRow, `SELECT id, path, role FROM accounts WHERE lower(username) = lower($1) AND role = ANY($2::text[]) AND deleted_at IS NULL AND active`, [
    username,
    roles,
  ]);
}
