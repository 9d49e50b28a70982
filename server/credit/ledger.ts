import { centsToPoints } from '../../domain/money';
import type { Queryable } from '../db/client';
import { col, parseRows, queryOne, rowsOf, type RowOf } from '../db/rows';
import { fromDatabaseError } from '../http/errors';

/** bet: player → pool; win: pool → player; refund: pool → player (a voided round's stake); pool: admin ↔ pool (Add / Reset Balance); commission: admin → earner. */
export type LedgerKind = 'transfer' | 'adjust' | 'generated' | 'burned' | 'bet' | 'win' | 'refund' | 'pool' | 'commission' | 'carried';

export interface Movement {
  from: number | null;
  to: number | null;
  cents: bigint;
  kind: LedgerKind;
  actor: number;
  message: string;
  idempotencyKey?: string | undefined;
}

export interface MovementResult {
  transactionId: string;
  fromBalance: number | null;
  toBalance: number | null;
  replayed: boolean;
}

/** What td_move answers (and td_transfer, for a movement it made): the balances after, as exact cents. */
export const movementRow = rowsOf({
  tx_id: col.idText,
  from_after: col.nullable(col.cents),
  to_after: col.nullable(col.cents),
  replayed: col.bool,
});

const pointsOrNull = (cents: bigint | null) => (cents === null ? null : centsToPoints(cents));

/** A movement's answer as the API gives it: the transaction id, and both balances after in points. */
export const movementResult = (r: RowOf<typeof movementRow>): MovementResult => ({
  transactionId: r.tx_id,
  fromBalance: pointsOrNull(r.from_after),
  toBalance: pointsOrNull(r.to_after),
  replayed: r.replayed,
});

/**
 * One movement of points: one round trip to td_move (see migration 0001_ledger.sql). `q` may be a
 * caller's transaction: the movement then commits or rolls back with the caller's other writes.
 */
export async function move(q: Queryable, m: Movement): Promise<MovementResult> {
  const run = () =>
    q.query(`SELECT tx_id, from_after::text AS from_after, to_after::text AS to_after, replayed FROM td_move($1, $2, $3, $4, $5, $6, $7)`, [
      m.from,
      m.to,
      m.cents.toString(),
      m.kind,
      m.actor,
      m.message,
      m.idempotencyKey ?? null,
    ]);
  let rows;
  try {
    // Inside a caller's transaction a keyed movement runs under a savepoint, so its failure does not
    // abort the caller's other writes and the retry below can run.
    rows = q.savepoint && m.idempotencyKey ? await q.savepoint(run) : await run();
  } catch (e) {
    // Two requests with one idempotency key raced: the loser replays the winner's movement.
    if ((e as { code?: string }).code === '23505' && m.idempotencyKey) rows = await run();
    else throw fromDatabaseError(e) ?? e;
  }
  return movementResult(parseRows(movementRow, rows)[0]);
}

/**
 * A movement without an idempotency key and, in the same statement right after it, under the
 * locks td_move took, a call of the caller's (`then.call`, its parameters numbered from $7): one
 * round trip where a second statement would hold the moved rows locked that much longer.
 */
export async function moveThen(q: Queryable, m: Omit<Movement, 'idempotencyKey'>, then: { call: string; params: unknown[] }): Promise<MovementResult> {
  let rows;
  try {
    rows = await q.query(
      `SELECT m.tx_id, m.from_after::text AS from_after, m.to_after::text AS to_after, m.replayed, ${then.call} IS NULL AS then_done
         FROM td_move($1, $2, $3, $4, $5, $6, NULL) m`,
      [m.from, m.to, m.cents.toString(), m.kind, m.actor, m.message, ...then.params],
    );
  } catch (e) {
    throw fromDatabaseError(e) ?? e;
  }
  return movementResult(parseRows(movementRow, rows)[0]);
}

const invariantRow = rowsOf({ balances: col.cents, created: col.cents, mismatched: col.int, negative: col.int });

/**
 * The ledger invariant: Σ balances = Σ of rows without a source (generated, and the carried-forward
 * balances of cleared history) − Σ of rows without a destination (burned), and every balance
 * equals its ledger rows.
 */
export async function checkInvariant(q: Queryable): Promise<{ ok: boolean; balances: bigint; created: bigint; mismatched: number }> {
  // Each account's ledger sum in one pass over the ledger (a hash aggregate), not two index probes per
  // account: on a million rows just restored, 1 s instead of 8.
  const t = await queryOne(q, invariantRow, `
    WITH net AS (
      SELECT id, sum(d) AS n FROM (SELECT to_id AS id, amount AS d FROM transactions WHERE to_id IS NOT NULL
                                   UNION ALL SELECT from_id, -amount FROM transactions WHERE from_id IS NOT NULL) m
       GROUP BY id)
    SELECT (SELECT coalesce(sum(wallet_balance), 0) FROM accounts)::text AS balances,
           ((SELECT coalesce(sum(amount), 0) FROM transactions WHERE from_id IS NULL)
            - (SELECT coalesce(sum(amount), 0) FROM transactions WHERE to_id IS NULL))::text AS created,
           (SELECT count(*) FROM accounts a LEFT JOIN net ON net.id = a.id WHERE a.wallet_balance <> coalesce(net.n, 0))::int AS mismatched,
           (SELECT count(*) FROM accounts WHERE wallet_balance < 0 AND role <> 'pool')::int AS negative`);
  const mismatched = t.mismatched + t.negative;
  return { ok: t.balances === t.created && mismatched === 0, balances: t.balances, created: t.created, mismatched };
}
