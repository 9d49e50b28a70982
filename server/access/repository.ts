import type { Queryable } from '../db/client';

/** The few columns access checks need. */
export interface AccountRef {
  id: number;
  username: string;
  role: string;
  path: string;
  active: boolean;
  walletCents: bigint;
  parentId: number | null;
}

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
