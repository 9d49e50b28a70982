import type { Queryable } from '../db/client';
import type { accounts } from '../db/schema';

/** The few columns access checks need (types from the Drizzle schema; the balance as exact cents). */
export type AccountRef = Pick<typeof accounts.$inferSelect, 'id' | 'username' | 'role' | 'path' | 'active' | 'parentId'> & { walletCents: bigint };

const toRef = (r: Record<string, unknown>): AccountRef => ({
  id: Number(r.id),
  username: String(r.username),
  role: String(r.role),
  path: String(r.path),
  active: Boolean(r.active),
  walletCents: BigInt(String(r.wallet_balance)),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
});

/** Ids in the API are decimal strings; anything else names no account. */
export const parseId = (v: unknown): number | null => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^[1-9]\d{0,15}$/.test(s) ? Number(s) : null;
};

export async function findRef(q: Queryable, id: number | null): Promise<AccountRef | null> {
  if (id === null) return null;
  const rows = await q.query(
    `SELECT id, username, role, path, active, wallet_balance::text AS wallet_balance, parent_id FROM accounts WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0] ? toRef(rows[0]) : null;
}
