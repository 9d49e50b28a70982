import { centsToPoints } from '../../domain/money';
import type { MessageCode } from '../../domain/messages';
import { redactUrl } from '../activity/log';
import type { Queryable } from '../db/client';
import { fromDatabaseError } from '../http/errors';
import { col, parseRows, rowsOf } from '../db/rows';
import { movementResult, movementRow, type MovementResult } from './ledger';

/** This request as its activity row records it (the HTTP hook's columns, computed the same way). */
export interface RequestTrail {
  subject: string;
  requestUrl: string;
  method: string;
  ip: string;
  /** Called once the row is committed with the transfer, so the hook does not write a second. */
  written: () => void;
}

export interface TransferCall {
  actor: { id: number; username: string; path: string };
  to: number;
  /** The route's tier: the target must be of this role. */
  role: string;
  cents: bigint;
  idempotencyKey: string | undefined;
  trail: RequestTrail;
}

/** Refused by td_transfer's checks, nothing written: the message code of loadManaged's error for the target. */
export type TransferRefusal = Extract<MessageCode, 'accountNotFound' | 'outsideHierarchy' | 'noAccountOfTier'>;

const REFUSALS: readonly TransferRefusal[] = ['accountNotFound', 'outsideHierarchy', 'noAccountOfTier'];
/** td_transfer's answer before its movement: a refusal, or null when it moved. */
const refusalRow = rowsOf({ refused: col.nullable(col.oneOf(REFUSALS)) });

/**
 * One round trip to td_transfer (migration 0010_td_transfer.sql): target check, movement, idempotency
 * key and activity row, committed together. td_move's refusals arrive as the same HTTP errors as `move`.
 */
export async function transferInOneCall(q: Queryable, t: TransferCall): Promise<MovementResult | { refused: TransferRefusal }> {
  const run = () =>
    q.query(
      `SELECT refused, tx_id, from_after::text AS from_after, to_after::text AS to_after, replayed
         FROM td_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        t.actor.id,
        t.actor.path,
        t.to,
        t.role,
        t.cents.toString(),
        `Transfer of ${centsToPoints(t.cents).toFixed(2)} to `,
        t.idempotencyKey ?? null,
        t.actor.username,
        t.trail.subject.slice(0, 200),
        redactUrl(t.trail.requestUrl).slice(0, 500),
        t.trail.method,
        t.trail.ip,
      ],
    );
  let rows;
  try {
    rows = await run();
  } catch (e) {
    // Two requests with one idempotency key raced: the loser replays the winner's movement.
    if ((e as { code?: string }).code === '23505' && t.idempotencyKey) rows = await run().catch((e2: unknown) => Promise.reject(fromDatabaseError(e2) ?? e2));
    else throw fromDatabaseError(e) ?? e;
  }
  const [refusedOrNot] = parseRows(refusalRow, rows);
  if (refusedOrNot.refused !== null) return { refused: refusedOrNot.refused };
  t.trail.written();
  return movementResult(parseRows(movementRow, rows)[0]);
}
