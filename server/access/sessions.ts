import type { Queryable } from '../db/client';

/** Which sessions to end: one session, an account's (but one), or every session of a subtree. */
export type Revocation = { sessionId: number } | { accountId: number; except?: number } | { subtreeOf: string };

/** The one place sessions end: logout, password change, deactivation, deletion, forced logout. */
export async function revokeSessions(q: Queryable, which: Revocation): Promise<void> {
  if ('sessionId' in which) {
    await q.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [which.sessionId]);
  } else if ('accountId' in which) {
    await q.query(`UPDATE sessions SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL AND id <> $2`, [which.accountId, which.except ?? 0]);
  } else {
    await q.query(
      `UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND account_id IN (SELECT id FROM accounts WHERE path LIKE $1)`,
      [`${which.subtreeOf}%`],
    );
  }
}
