import type { Queryable } from '../db/client';
import { col, queryRow, rowsOf } from '../db/rows';
import type { accounts } from '../db/schema';

/** The few columns access checks need (types from the Drizzle schema; the balance as exact cents). */
export type AccountRef = Pick<typeof accounts.$inferSelect, 'id' | 'username' | 'role' | 'path' | 'active' | 'parentId'> & { walletCents: bigint };

const refRow = rowsOf({
  id: col.id,
  username: col.text,
  role: col.text,
  path: col.text,
  active: col.bool,
  wallet_balance: col.cents,
  parent_id: col.nullable(col.id),
});

/** Ids in the API are decimal strings; anything else names no account. */
export const parseId = (v: unknown): number | null => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^[1-9]\d{0,15}$/.test(s) ? Number(s) : null;
};

export async function findRef(q: Queryable, id: number | null): Promise<AccountRef | null> {
  if (id === null) return null;
  const r = await queryRow(
    q,
    refRow,
    `SELECT id, username, role, path, active, wallet_balance::text AS wallet_balance, parent_id FROM accounts WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return r && { id: r.id, username: r.username, role: r.role, path: r.path, active: r.active, walletCents: r.wallet_balance, parentId: r.parent_id };
}
