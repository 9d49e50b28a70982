import { roundWindow, type RoundWindow } from '../../domain/games';
import { dayKey } from '../../domain/periods';
import type { Database } from '../db/client';
import { retryOnDeadlock } from '../db/deadlock';
import { col, queryRows, rowsOf } from '../db/rows';
import { coded, type HttpError } from '../http/errors';
import { ensurePool } from './repository';

/** One player's bet on one pool, validated and priced, waiting for its batch. */
export interface BetRequest {
  playerId: number;
  adminId: number;
  gameDbId: number;
  timeSeconds: number;
  gameName: string;
  unitCents: bigint;
  options: readonly string[];
  qtys: readonly number[];
  stakeCents: bigint;
  now: Date;
}

export type BetOutcome =
  | { ok: true; ticketId: string; roundId: string; drawNo: number; balanceCents: bigint }
  | { ok: false; error: HttpError };

/** Most bets written in one transaction: a burst larger than this is several batches in a row. */
export const MAX_BATCH = 500;

/** The answer of td_bet_batch for one bet. */
const ACCEPTED = 0;
const STATUS_ERROR: Record<number, () => HttpError> = {
  1: () => coded(409, 'roundClosed'),
  2: () => coded(409, 'insufficientBalance'),
  // The player was deleted after its session was looked up: the game is no longer its to play.
  3: () => coded(403, 'gameNotAvailable'),
};

/** The arguments of td_bet_batch: the bets, then their lines, each line naming its bet (1-based). */
function batchArguments(bets: readonly BetRequest[], windows: readonly RoundWindow[]): unknown[] {
  const lineBet: number[] = [];
  const lineOption: string[] = [];
  const lineQty: number[] = [];
  bets.forEach((b, i) =>
    b.options.forEach((o, j) => {
      lineBet.push(i + 1);
      lineOption.push(o);
      lineQty.push(b.qtys[j]);
    }),
  );
  return [
    bets[0].adminId,
    bets[0].gameDbId,
    bets[0].unitCents.toString(),
    bets.map((b) => b.playerId),
    bets.map((b) => b.stakeCents.toString()),
    bets.map((b) => b.now),
    bets.map((b) => dayKey(b.now)),
    windows.map((w) => w.drawNo),
    windows.map((w) => w.opensAt),
    windows.map((w) => w.closesAt),
    bets.map((b, i) => `Bet on ${b.gameName} #${windows[i].drawNo}`),
    lineBet,
    lineOption,
    lineQty,
  ];
}

/** td_bet_batch's answer for one bet: its status, and for an accepted one its ticket, round and balance after. */
const betRow = rowsOf({ bet_status: col.int, bet_ticket: col.nullable(col.idText), bet_round: col.nullable(col.idText), bet_balance: col.nullable(col.cents) });

const BATCH_CALL = `SELECT bet_status, bet_ticket::text, bet_round::text, bet_balance::text
  FROM td_bet_batch($1::bigint, $2::bigint, $3::bigint, $4::bigint[], $5::bigint[], $6::timestamptz[], $7::date[],
                    $8::bigint[], $9::timestamptz[], $10::timestamptz[], $11::text[], $12::int[], $13::text[], $14::int[])`;

/**
 * Writes the bets of one pool that arrived together in one call of td_bet_batch (one statement, one
 * commit, no round trip while the pool's wallet is locked): each bet's round checked, each player
 * debited only if its balance covers the stake, the pool credited once with the total, one ledger
 * row, one ticket and its lines per accepted bet, the day figures once per player and day. Returns
 * each bet's own outcome; a refused bet moves nothing. The rules and the lock order are the
 * function's (migration 0013).
 */
export async function writeBets(db: Database, bets: readonly BetRequest[]): Promise<BetOutcome[]> {
  if (!bets.length) return [];
  const { adminId, gameDbId } = bets[0];
  if (bets.some((b) => b.adminId !== adminId || b.gameDbId !== gameDbId)) throw new Error('one batch is one pool');
  const windows = bets.map((b) => roundWindow(b.now, b.timeSeconds));
  const args = batchArguments(bets, windows);
  let rows = await queryRows(db, betRow, BATCH_CALL, args);
  if (!rows.length) {
    // The pool's first bet: the pool is made (once, whoever races) and the batch goes again.
    await db.transaction((tx) => ensurePool(tx, adminId, gameDbId));
    rows = await queryRows(db, betRow, BATCH_CALL, args);
  }
  if (rows.length !== bets.length) throw new Error('td_bet_batch answered another number of bets than it was given');
  return rows.map((r, i): BetOutcome => {
    if (r.bet_status !== ACCEPTED) return { ok: false, error: STATUS_ERROR[r.bet_status]() };
    if (r.bet_ticket === null || r.bet_round === null || r.bet_balance === null) throw new Error('td_bet_batch accepted a bet without its ticket');
    return { ok: true, ticketId: r.bet_ticket, roundId: r.bet_round, drawNo: windows[i].drawNo, balanceCents: r.bet_balance };
  });
}

interface Waiting {
  bet: BetRequest;
  resolve(o: BetOutcome): void;
  reject(e: unknown): void;
}

/**
 * The bets of each pool wait here while the pool's previous batch commits, then go together: no
 * fixed delay, so a lone bet is written at once and a burst shares one transaction. Pools never wait
 * for each other.
 */
export class BetQueues {
  private readonly pools = new Map<string, { waiting: Waiting[]; running: boolean }>();

  constructor(private readonly db: Database) {}

  submit(bet: BetRequest): Promise<BetOutcome> {
    const key = `${bet.adminId}:${bet.gameDbId}`;
    let q = this.pools.get(key);
    if (!q) this.pools.set(key, (q = { waiting: [], running: false }));
    const queue = q;
    return new Promise<BetOutcome>((resolve, reject) => {
      queue.waiting.push({ bet, resolve, reject });
      if (!queue.running) void this.drain(key, queue);
    });
  }

  private async drain(key: string, q: { waiting: Waiting[]; running: boolean }) {
    q.running = true;
    try {
      while (q.waiting.length) {
        const batch = q.waiting.splice(0, MAX_BATCH);
        try {
          const outcomes = await this.write(batch.map((w) => w.bet));
          batch.forEach((w, i) => w.resolve(outcomes[i]));
        } catch (e) {
          for (const w of batch) w.reject(e);
        }
      }
    } finally {
      q.running = false;
      if (!q.waiting.length) this.pools.delete(key);
    }
  }

  /** A deadlock with another writer (PostgreSQL picked this batch) is tried again, twice at most. */
  private write(bets: BetRequest[]): Promise<BetOutcome[]> {
    return retryOnDeadlock(() => writeBets(this.db, bets));
  }
}

const queuesOf = new WeakMap<Database, BetQueues>();

/** The process's queues of one database. */
export function betQueues(db: Database): BetQueues {
  let q = queuesOf.get(db);
  if (!q) queuesOf.set(db, (q = new BetQueues(db)));
  return q;
}
