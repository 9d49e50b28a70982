import { roundWindow } from '../../domain/games';
import { dayKey } from '../../domain/periods';
import type { Database, Queryable } from '../db/client';
import { coded, conflict, forbidden, type HttpError } from '../http/errors';
import { ensurePool, ensureRound } from './repository';

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

const CLOSED = 'This round is closed. Bet on the next one.';
export const NOT_AVAILABLE = 'This game is not available to you.';

/**
 * Accepts bets in order while each player's balance covers them; a refused bet does not hold the
 * player's next, smaller one.
 */
function accept(bets: readonly BetRequest[], candidates: readonly number[], balances: ReadonlyMap<number, bigint>): Set<number> {
  const left = new Map(balances);
  const ok = new Set<number>();
  for (const i of candidates) {
    const b = bets[i];
    const have = left.get(b.playerId);
    if (have === undefined || have < b.stakeCents) continue;
    left.set(b.playerId, have - b.stakeCents);
    ok.add(i);
  }
  return ok;
}

/** Sums of stakes per (player, day), sorted by player then day: the order every writer locks them in. */
function perPlayerDay(bets: readonly BetRequest[], which: Iterable<number>) {
  const sums = new Map<string, { playerId: number; day: string; cents: bigint }>();
  for (const i of which) {
    const b = bets[i];
    const day = dayKey(b.now);
    const k = `${b.playerId}|${day}`;
    sums.set(k, { playerId: b.playerId, day, cents: (sums.get(k)?.cents ?? 0n) + b.stakeCents });
  }
  return [...sums.values()].sort((a, b) => a.playerId - b.playerId || a.day.localeCompare(b.day));
}

async function addDailyPlay(tx: Queryable, gameDbId: number, adminId: number, rows: { playerId: number; day: string; cents: bigint }[], sign: 1n | -1n) {
  if (!rows.length) return;
  await tx.query(
    `INSERT INTO daily_play (player_id, day, game_id, admin_id, play, win)
     SELECT x.p, x.d, $3, $4, x.s, 0 FROM unnest($1::bigint[], $2::date[], $5::bigint[]) WITH ORDINALITY AS x(p, d, s, n) ORDER BY x.n
     ON CONFLICT (player_id, day, game_id) DO UPDATE SET play = daily_play.play + EXCLUDED.play`,
    [rows.map((r) => r.playerId), rows.map((r) => r.day), gameDbId, adminId, rows.map((r) => (r.cents * sign).toString())],
  );
}

/**
 * Writes the bets of one pool that arrived together, in one transaction: each bet's round checked,
 * each player debited only if its balance covers the stake, the pool credited once with the total,
 * one ledger row, one ticket and its lines per accepted bet, the day figures once per player and
 * day. Returns each bet's own outcome; a refused bet moves nothing.
 *
 * Lock order, as a settlement's: the rounds (shared), the players' day rows, every wallet (players
 * and the pool) at once in id order, then the coarser day figures. The day rows are written before
 * the wallets are locked, so they are written for the bets the balances read just before allow; a
 * bet refused once the wallets are locked (another pool's bet spent the points meanwhile) takes its
 * play back out of the row this transaction already holds.
 */
export async function writeBets(db: Database, bets: readonly BetRequest[]): Promise<BetOutcome[]> {
  if (!bets.length) return [];
  const { adminId, gameDbId } = bets[0];
  if (bets.some((b) => b.adminId !== adminId || b.gameDbId !== gameDbId)) throw new Error('one batch is one pool');
  return db.transaction(async (tx) => {
    const outcomes: (BetOutcome | null)[] = bets.map(() => null);
    const pool = await ensurePool(tx, adminId, gameDbId);
    const windows = bets.map((b) => roundWindow(b.now, b.timeSeconds));
    const roundOf = new Map<number, number>();
    for (const w of windows) if (!roundOf.has(w.drawNo)) roundOf.set(w.drawNo, await ensureRound(tx, adminId, gameDbId, w));
    // FOR SHARE: batches of one round run side by side, and the settlement (FOR UPDATE) waits for them.
    const rounds = await tx.query(`SELECT id, status, closes_at FROM rounds WHERE id = ANY($1::bigint[]) ORDER BY id FOR SHARE`, [[...roundOf.values()]]);
    const roundRow = new Map(rounds.map((r) => [Number(r.id), { open: r.status === 'open', closesAt: new Date(String(r.closes_at)).getTime() }]));
    const open: number[] = [];
    bets.forEach((b, i) => {
      const r = roundRow.get(roundOf.get(windows[i].drawNo)!);
      if (!r || !r.open || r.closesAt <= b.now.getTime()) outcomes[i] = { ok: false, error: conflict(CLOSED) };
      else open.push(i);
    });

    const players = [...new Set(open.map((i) => bets[i].playerId))];
    // The live wallets' balances; locked, in id order, once the day rows are written.
    const read = async (ids: number[], lock: boolean) =>
      new Map(
        (
          await tx.query(
            `SELECT id, wallet_balance::text AS b FROM accounts WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL${lock ? ' ORDER BY id FOR NO KEY UPDATE' : ''}`,
            [ids],
          )
        ).map((r) => [Number(r.id), BigInt(String(r.b))]),
      );
    const tentative = accept(bets, open, await read(players, false));
    await addDailyPlay(tx, gameDbId, adminId, perPlayerDay(bets, tentative), 1n);
    const locked = await read([...players, pool.accountId], true);
    const poolBefore = locked.get(pool.accountId) ?? 0n;
    locked.delete(pool.accountId);
    const accepted = accept(bets, [...tentative], locked);
    const dropped = [...tentative].filter((i) => !accepted.has(i));
    await addDailyPlay(tx, gameDbId, adminId, perPlayerDay(bets, dropped), -1n);
    for (const i of open) {
      if (accepted.has(i)) continue;
      outcomes[i] = { ok: false, error: locked.has(bets[i].playerId) ? coded(409, 'insufficientBalance') : forbidden(NOT_AVAILABLE) };
    }
    const order = open.filter((i) => accepted.has(i));
    if (order.length) {
      // Balances after each bet, in the order the ledger rows are written.
      const spent = new Map<number, bigint>();
      let total = 0n;
      const fromAfter: bigint[] = [];
      const toAfter: bigint[] = [];
      for (const i of order) {
        const b = bets[i];
        const s = (spent.get(b.playerId) ?? 0n) + b.stakeCents;
        spent.set(b.playerId, s);
        total += b.stakeCents;
        fromAfter.push(locked.get(b.playerId)! - s);
        toAfter.push(poolBefore + total);
      }
      const debits = [...spent];
      const [moved] = await tx.query(
        `WITH debit AS (UPDATE accounts a SET wallet_balance = a.wallet_balance - x.s FROM unnest($1::bigint[], $2::bigint[]) AS x(id, s) WHERE a.id = x.id RETURNING 1),
              credit AS (UPDATE accounts SET wallet_balance = wallet_balance + $3::bigint WHERE id = $4 RETURNING 1),
              rows AS (INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, message, from_balance_after, to_balance_after)
                       SELECT y.f, $4, y.amt, 'bet', y.f, y.msg, y.fa, y.ta
                         FROM unnest($5::bigint[], $6::bigint[], $7::text[], $8::bigint[], $9::bigint[]) WITH ORDINALITY AS y(f, amt, msg, fa, ta, n) ORDER BY y.n RETURNING 1)
         SELECT (SELECT count(*) FROM debit)::int AS debits, (SELECT count(*) FROM credit)::int AS credits, (SELECT count(*) FROM rows)::int AS rows`,
        [
          debits.map(([id]) => id),
          debits.map(([, s]) => s.toString()),
          total.toString(),
          pool.accountId,
          order.map((i) => bets[i].playerId),
          order.map((i) => bets[i].stakeCents.toString()),
          order.map((i) => `Bet on ${bets[i].gameName} #${windows[i].drawNo}`),
          fromAfter.map(String),
          toAfter.map(String),
        ],
      );
      if (moved.debits !== debits.length || moved.credits !== 1 || moved.rows !== order.length) throw new Error('a batch of bets moved other rows than it locked');
      // The tickets' ids first, so each line and each answer knows its own.
      const ids = (await tx.query(`SELECT nextval(pg_get_serial_sequence('tickets', 'id'))::text AS id FROM generate_series(1, $1::int)`, [order.length])).map((r) => String(r.id));
      const lineTicket: string[] = [];
      const lineRound: number[] = [];
      const lineOption: string[] = [];
      const lineQty: number[] = [];
      order.forEach((i, k) => {
        bets[i].options.forEach((o, j) => {
          lineTicket.push(ids[k]);
          lineRound.push(roundOf.get(windows[i].drawNo)!);
          lineOption.push(o);
          lineQty.push(bets[i].qtys[j]);
        });
      });
      // The round's running sums in the same statement: a console reads them, not every line. Their
      // rows are written only by this pool's batches, already ordered by the pool's account lock.
      await tx.query(
        `WITH t AS (INSERT INTO tickets (id, round_id, player_id, admin_id, game_id, stake, created_at)
                    SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::timestamptz[]) RETURNING 1),
              s AS (INSERT INTO round_sums (round_id, option, stake)
                    SELECT x.r, x.o, sum(x.q)::bigint * $11 FROM unnest($12::bigint[], $9::text[], $10::int[]) AS x(r, o, q) GROUP BY x.r, x.o ORDER BY x.r, x.o
                    ON CONFLICT (round_id, option) DO UPDATE SET stake = round_sums.stake + EXCLUDED.stake RETURNING 1)
         INSERT INTO ticket_lines (ticket_id, option, qty, stake)
         SELECT x.t, x.o, x.q, x.q::bigint * $11 FROM unnest($8::bigint[], $9::text[], $10::int[]) AS x(t, o, q)`,
        [
          ids,
          order.map((i) => roundOf.get(windows[i].drawNo)),
          order.map((i) => bets[i].playerId),
          order.map(() => adminId),
          order.map(() => gameDbId),
          order.map((i) => bets[i].stakeCents.toString()),
          order.map((i) => bets[i].now),
          lineTicket,
          lineOption,
          lineQty,
          bets[0].unitCents.toString(),
          lineRound,
        ],
      );
      // The admin's day of the game and each player's day, under the wallets locked above.
      const days = perPlayerDay(bets, order);
      await tx.query(`SELECT td_add_play($1::bigint, $2::bigint, $3::bigint[], $4::date[], $5::bigint[], $6::bigint[])`, [
        adminId,
        gameDbId,
        days.map((d) => d.playerId),
        days.map((d) => d.day),
        days.map((d) => d.cents.toString()),
        days.map(() => '0'),
      ]);
      order.forEach((i, k) => {
        outcomes[i] = { ok: true, ticketId: ids[k], roundId: String(roundOf.get(windows[i].drawNo)), drawNo: windows[i].drawNo, balanceCents: fromAfter[k] };
      });
    }
    return outcomes.map((o) => o!);
  });
}

interface Waiting {
  bet: BetRequest;
  resolve(o: BetOutcome): void;
  reject(e: unknown): void;
}

const DEADLOCK = '40P01';

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
  private async write(bets: BetRequest[], attempt = 0): Promise<BetOutcome[]> {
    try {
      return await writeBets(this.db, bets);
    } catch (e) {
      if ((e as { code?: string }).code === DEADLOCK && attempt < 2) return this.write(bets, attempt + 1);
      throw e;
    }
  }
}

const queuesOf = new WeakMap<Database, BetQueues>();

/** The process's queues of one database. */
export function betQueues(db: Database): BetQueues {
  let q = queuesOf.get(db);
  if (!q) queuesOf.set(db, (q = new BetQueues(db)));
  return q;
}
