import type { Queryable } from './client';

/**
 * Takes what orders the writers of some parents' figures (parent_days), before a player leaves or
 * joins them: their players' accounts in id order (as a bet batch locks its players), then the
 * parents' own locks. A bet of one of those players waits until the caller commits; one that holds
 * them is waited for. Then `recountParents` counts their figures again.
 */
export async function lockParents(q: Queryable, parentIds: readonly number[]): Promise<void> {
  const ids = [...new Set(parentIds)];
  if (!ids.length) return;
  await q.query(`SELECT 1 FROM accounts WHERE parent_id = ANY($1::bigint[]) AND deleted_at IS NULL ORDER BY id FOR NO KEY UPDATE`, [ids]);
  await q.query(`SELECT td_lock_parents($1::bigint[])`, [ids]);
}

/** The parents' figures again from their live players' day rows (after `lockParents`, in its transaction). */
export async function recountParents(q: Queryable, parentIds: readonly number[]): Promise<void> {
  const ids = [...new Set(parentIds)];
  if (ids.length) await q.query(`SELECT td_parent_days_rebuild($1::bigint[])`, [ids]);
}
