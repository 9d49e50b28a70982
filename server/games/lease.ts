import type { Queryable } from '../db/client';
import { col, queryRow, rowsOf } from '../db/rows';

/**
 * A lock another transaction holds is waited for this long at most by a settlement: a bet holds a
 * pool's wallet for a statement (milliseconds), so a longer wait means a holder that stopped, and the
 * round is retried later instead of holding up the rounds behind it in this instance's pass.
 */
export const SETTLE_LOCK_TIMEOUT_MS = 1000;

/**
 * A settling transaction left idle this long is ended by the server. Between two statements a
 * settlement computes for a quarter of a second at most (60,000 lines); a frozen process (SIGSTOP)
 * computes nothing, and its round, its pool and its wallets are free again for any instance.
 */
export const SETTLE_IDLE_TIMEOUT_MS = 5000;

/** Puts the settling transaction on its lease: the two timeouts above, for this transaction only (PostgreSQL). */
export async function holdSettleLease(tx: Queryable): Promise<void> {
  await tx.query(`SELECT set_config('lock_timeout', $1, true), set_config('idle_in_transaction_session_timeout', $2, true)`, [
    `${SETTLE_LOCK_TIMEOUT_MS}ms`,
    `${SETTLE_IDLE_TIMEOUT_MS}ms`,
  ]);
}

/**
 * Claims the oldest due round that no other transaction holds, with its pool: both rows locked, and
 * those another settler holds skipped instead of waited for (a settler that froze holds its round
 * and its pool until its lease ends; the others go on with every other round). A bet of the round
 * still being written holds the round too (FOR SHARE), and the round is claimed at the next pass.
 * The pool's row is held FOR NO KEY UPDATE, as lockPool holds it: the insert of the pool's next round
 * checks its key, and must not wait for a settler (one frozen held every instance's tick there).
 * `skip`: rounds this pass leaves alone (failed, or paused after failing). Null: nothing to claim.
 */
export async function claimDueRound(tx: Queryable, now: Date, skip: readonly number[]): Promise<number | null> {
  const r = await queryRow(
    tx,
    rowsOf({ id: col.id }),
    `SELECT r.id FROM rounds r JOIN game_pools p ON p.admin_id = r.admin_id AND p.game_id = r.game_id
      WHERE r.status = 'open' AND r.closes_at <= $1 AND r.id <> ALL($2::bigint[])
      ORDER BY r.closes_at, r.id LIMIT 1 FOR UPDATE OF r SKIP LOCKED FOR NO KEY UPDATE OF p SKIP LOCKED`,
    [now, skip],
  );
  return r && r.id;
}
