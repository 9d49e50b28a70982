import { centsToPoints } from '../../domain/money';
import type { Queryable } from '../db/client';
import { col, queryRows, rowsOf } from '../db/rows';
import { coded } from '../http/errors';
import { POOL_ROLE } from './poolRole';

/**
 * An admin's game pools go with the admin when it is deleted: they are its games' stakes and wins,
 * not accounts below it. Only empty ones: a pool holding points (or below zero after a forced result)
 * refuses the delete and says which pool and how much, since deleting it would lose the points. Soft
 * deletes, as for accounts, so history and reports keep their rows. Inside the delete's transaction:
 * a pool that took points since the check (a bet, Add Balance) keeps the whole delete from happening.
 */
const poolRow = rowsOf({ id: col.id, cents: col.cents, game_name: col.text });

export async function deleteAdminPools(q: Queryable, adminId: number): Promise<void> {
  const pools = await queryRows(
    q,
    poolRow,
    `SELECT a.id, a.wallet_balance::text AS cents, g.game_name FROM game_pools p JOIN accounts a ON a.id = p.account_id JOIN games g ON g.id = p.game_id
      WHERE p.admin_id = $1 AND a.role = $2 AND a.deleted_at IS NULL ORDER BY g.id FOR UPDATE OF a`,
    [adminId, POOL_ROLE],
  );
  for (const p of pools) {
    const { cents } = p;
    const points = centsToPoints(cents < 0n ? -cents : cents).toFixed(2);
    if (cents > 0n) throw coded(409, 'poolHoldsPoints', { game: p.game_name, points });
    if (cents < 0n) throw coded(409, 'poolBelowZero', { game: p.game_name, points });
  }
  if (pools.length) await q.query(`UPDATE accounts SET deleted_at = now(), active = false WHERE id = ANY($1::bigint[])`, [pools.map((p) => p.id)]);
}
