import { dayKey } from '../../domain/periods';
import type { Database } from '../db/client';
import { move } from '../credit/ledger';
import { addPlayAggregates, lockPool } from './repository';
import type { SettleRetries } from './retries';
import { col, queryRow, queryRows, rowsOf } from '../db/rows';

const voidRoundRow = rowsOf({ admin_id: col.id, game_id: col.id, status: col.text, draw_no: col.int, code: col.text, game_name: col.text });
const stakeRow = rowsOf({ id: col.id, player_id: col.id, created_at: col.date, stake: col.cents });
const idRow = rowsOf({ id: col.id });

/** Why a round was voided, kept as its decision record (rounds.decision) in place of a draw. */
export interface VoidRecord {
  void: true;
  /** The gaming rule "a malfunction voids all pays and plays": not settled this long after its close. */
  reason: 'notSettledInTime';
  afterSeconds: number;
  /** The last settlement failure this instance saw (a code, see failureCode), if it saw one. */
  errorCode: string | null;
  attempts: number;
  voidedAt: string;
}

export interface VoidedRound {
  roundId: number;
  adminId: number;
  gameId: string;
  /** Players whose stakes came back (their wallets changed). */
  players: number[];
  tickets: number;
  refundedCents: bigint;
}

interface Stake {
  ticketId: number;
  playerId: number;
  day: string;
  cents: bigint;
}

/**
 * Voids one round in one transaction: every ticket's stake back from the pool to its player (a
 * ledger row each, kind 'refund'), the tickets marked refunded, the play their bets added to the
 * per-day figures taken back out, and the round marked 'void' with the reason. The round row is
 * locked and must still be open, so a second void (another instance, a retry after the process died
 * mid-way) does nothing. Written apart from the settlement (no draw, no result, no status
 * 'settled'): what made the settlement fail must not make the void fail too. Null when there was
 * nothing to void.
 */
export async function voidRound(db: Database, roundId: number, now: Date, record: Omit<VoidRecord, 'void' | 'voidedAt'>): Promise<VoidedRound | null> {
  return db.transaction(async (tx) => {
    const round = await queryRow(
      tx,
      voidRoundRow,
      `SELECT r.admin_id, r.game_id, r.status, r.draw_no, g.game_id AS code, g.game_name
         FROM rounds r JOIN games g ON g.id = r.game_id WHERE r.id = $1 FOR UPDATE OF r`,
      [roundId],
    );
    if (!round || round.status !== 'open') return null;
    const adminId = round.admin_id;
    const gameDbId = round.game_id;
    const stakes: Stake[] = (
      await queryRows(tx, stakeRow, `SELECT id, player_id, created_at, stake::text AS stake FROM tickets WHERE round_id = $1 AND refunded_at IS NULL ORDER BY player_id, id`, [roundId])
    ).map((r) => ({ ticketId: r.id, playerId: r.player_id, day: dayKey(r.created_at), cents: r.stake }));
    if (stakes.length) {
      // The settlement's lock order (pool, day rows, wallets in id order, coarser figures), so a void
      // and the next round's bets or settlement wait for each other instead of deadlocking.
      const pool = await lockPool(tx, adminId, gameDbId);
      const perDay = new Map<string, { playerId: number; day: string; cents: bigint }>();
      for (const s of stakes) {
        const k = `${s.playerId}:${s.day}`;
        perDay.set(k, { playerId: s.playerId, day: s.day, cents: (perDay.get(k)?.cents ?? 0n) + s.cents });
      }
      const days = [...perDay.values()].sort((a, b) => a.playerId - b.playerId || a.day.localeCompare(b.day));
      // The play each bet added to its day (td_bet_batch), taken back: reports count no play for a void.
      await tx.query(
        `UPDATE daily_play d SET play = d.play - x.cents
           FROM unnest($1::bigint[], $2::date[], $3::bigint[]) AS x(player, day, cents)
          WHERE d.player_id = x.player AND d.day = x.day AND d.game_id = $4`,
        [days.map((d) => d.playerId), days.map((d) => d.day), days.map((d) => d.cents.toString()), gameDbId],
      );
      await tx.query(`SELECT 1 FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE`, [[...new Set([pool.accountId, ...stakes.map((s) => s.playerId)])]]);
      const what = `${round.game_name} round #${round.draw_no} voided`;
      for (const s of stakes) await move(tx, { from: pool.accountId, to: s.playerId, cents: s.cents, kind: 'refund', actor: adminId, message: `Refund of ticket ${s.ticketId}: ${what}` });
      await addPlayAggregates(tx, { adminId, gameDbId, deltas: days.map((d) => ({ playerId: d.playerId, day: d.day, play: -d.cents, win: 0n })) });
      await tx.query(`UPDATE tickets SET refunded_at = $2, settled_at = $2, win = 0 WHERE round_id = $1 AND refunded_at IS NULL`, [roundId, now]);
    }
    const decision: VoidRecord = { void: true, ...record, voidedAt: now.toISOString() };
    await tx.query(`UPDATE rounds SET status = 'void', decision = $2, play_cents = 0, win_cents = 0, settled_at = $3 WHERE id = $1`, [roundId, JSON.stringify(decision), now]);
    return {
      roundId,
      adminId,
      gameId: round.code,
      players: [...new Set(stakes.map((s) => s.playerId))],
      tickets: stakes.length,
      refundedCents: stakes.reduce((sum, s) => sum + s.cents, 0n),
    };
  });
}

export interface VoidOptions {
  /** A round still open this long after its close is voided (ROUND_VOID_AFTER_SECONDS). */
  afterSeconds: number;
  /** The engine's book of failing rounds: the void reads the last failure and lets the round go. */
  retries?: SettleRetries;
  /** Told of a void that failed (it is tried again at the next tick). */
  onError?: (roundId: number, err: unknown) => void;
}

/** Rounds voided per tick at most: the rest wait for the next one. */
const VOIDS_PER_TICK = 100;

/**
 * Voids every round still open `afterSeconds` after its close, oldest first, each in its own
 * transaction. Run after the settlement of the tick: a round that closed while the server was down
 * is settled, not voided, when its turn comes in time.
 */
export async function voidOverdue(db: Database, now: Date, opts: VoidOptions): Promise<VoidedRound[]> {
  const due = await queryRows(db, idRow, `SELECT id FROM rounds WHERE status = 'open' AND closes_at <= $1 ORDER BY closes_at, id LIMIT ${VOIDS_PER_TICK}`, [
    new Date(now.getTime() - opts.afterSeconds * 1000),
  ]);
  const done: VoidedRound[] = [];
  for (const r of due) {
    const { id } = r;
    const failed = opts.retries?.find(id);
    try {
      const v = await voidRound(db, id, now, { reason: 'notSettledInTime', afterSeconds: opts.afterSeconds, errorCode: failed?.code ?? null, attempts: failed?.attempts ?? 0 });
      opts.retries?.succeed(id);
      if (v) done.push(v);
    } catch (err) {
      opts.onError?.(id, err);
    }
  }
  return done;
}
