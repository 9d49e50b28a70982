/**
 * Clear History beside live bets: its records' transaction and its batches of per-day figures hold
 * nothing another admin's bet waits for (PostgreSQL: PGlite runs one transaction at a time, so there
 * a bet waits for any open transaction whatever it locks); a clear run while both admins' players
 * bet accepts every bet and leaves the per-day figures exactly what a rebuild from the day rows left
 * makes; and a clear a batch of players at a time clears what one batch of all would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roundWindow } from '../../domain/games';
import { dayKey, dayRange } from '../../domain/periods';
import { findRef } from '../../server/accounts/repository';
import { checkInvariant } from '../../server/credit/ledger';
import type { Queryable } from '../../server/db/client';
import { placeBet } from '../../server/games/bets';
import { rebuildPlayAggregates } from '../../server/games/repository';
import { settleRound } from '../../server/games/settle';
import { clearHistory, clearRecords, MODEL_NAMES } from '../../server/operations/clearHistory';
import { clearPlayFigures } from '../../server/operations/clearPlayFigures';
import { createAs, engineAvailable, fund, startHarness, twoNetworks, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const DAY = 86_400_000;

interface Player {
  id: number;
  path: string;
}

describe.runIf(engineAvailable())('Clear History beside live bets', () => {
  let h: Harness;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-clear-bets-'));
  const SIGNING_KEY = Buffer.from('clear-bets-test-signing-key-0123456789');
  const place = { dir, key: SIGNING_KEY };
  let adminA: number;
  let adminB: number;
  const playersA: Player[] = [];
  let playerB: Player;

  const pathOf = async (id: number) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [id]))[0]!.path);
  const bet = (p: Player, when = new Date()) => placeBet(h.db, p, FUN_TARGET, [{ option: String(p.id % 10), qty: 1 }], when);
  /** The last `days` days up to today (the server's days), the range a clear takes. */
  const lastDays = (days: number) => dayRange(new Date(Date.now() - days * DAY), new Date());

  /** Every player bets on each of the last few days, and those days' rounds are settled (a win forced on 7). */
  let plays = 0;
  async function play(days = 3) {
    const gameDb = Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [FUN_TARGET]))[0]!.id);
    // Each call its own rounds (a settled round takes no bets): five minutes earlier than the last call's.
    const shift = ++plays * 5 * 60_000;
    for (let d = days; d >= 1; d--) {
      const when = new Date(Date.now() - d * DAY - shift);
      for (const p of [...playersA, playerB]) await bet(p, when);
      for (const admin of [adminA, adminB]) {
        await h.db.query(`INSERT INTO console_results (admin_id, game_id, outcome, booster, created_by, created_at) VALUES ($1, $2, '7', 1, $1, $3)`, [admin, gameDb, when]);
        const [round] = await h.db.query(`SELECT id FROM rounds WHERE admin_id = $1 AND game_id = $2 AND draw_no = $3`, [admin, gameDb, roundWindow(when, 60).drawNo]);
        expect(await settleRound(h.db, Number(round!.id), new Date(when.getTime() + 120_000)), 'settled').not.toBeNull();
      }
    }
    for (const p of [...playersA, playerB]) await bet(p);
  }

  /** The per-day figures as stored. */
  async function figures(q: Queryable = h.db) {
    const pd = await q.query(
      `SELECT player_id, admin_id, day::text AS day, until::text AS until, play::text AS play, win::text AS win, run_play::text AS rp, run_win::text AS rw
         FROM player_days ORDER BY player_id, admin_id, day`,
    );
    const agd = await q.query(`SELECT admin_id, day::text AS day, game_id, play::text AS play, win::text AS win FROM admin_game_days ORDER BY admin_id, day, game_id`);
    return { playerDays: pd.map((r) => Object.values(r).join(' ')), adminGameDays: agd.map((r) => Object.values(r).join(' ')) };
  }
  /** The per-day figures a rebuild from the day rows makes (rolled back: only read). */
  async function rebuilt() {
    let out: Awaited<ReturnType<typeof figures>> | undefined;
    const undo = new Error('rolled back');
    await h.db
      .transaction(async (tx) => {
        await rebuildPlayAggregates(tx);
        out = await figures(tx);
        throw undo;
      })
      .catch((e: unknown) => {
        if (e !== undo) throw e;
      });
    return out!;
  }
  const dayRows = async (admin: number, from: string, to: string) =>
    Number((await h.db.query(`SELECT count(*)::int AS n FROM daily_play WHERE admin_id = $1 AND day BETWEEN $2 AND $3`, [admin, from, to]))[0]!.n);

  beforeAll(async () => {
    h = await startHarness({ backupDir: dir, backupSigningKey: SIGNING_KEY.toString() });
    const { acc } = await twoNetworks(h);
    adminA = Number(acc.admina!._id);
    adminB = Number(acc.adminb!._id);
    playersA.push({ id: Number(acc.playera!._id), path: await pathOf(Number(acc.playera!._id)) });
    for (let i = 0; i < 3; i++) {
      const p = await createAs(h, h.root.token, 'player', acc.mastera!._id);
      await fund(h, p._id, 1000, 'player');
      playersA.push({ id: Number(p._id), path: await pathOf(Number(p._id)) });
    }
    playerB = { id: Number(acc.playerb!._id), path: await pathOf(Number(acc.playerb!._id)) };
  }, 300_000);
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('clears the per-day figures a batch of players at a time as one batch of all would, the other admin’s untouched', async () => {
    await play();
    const range = lastDays(2);
    const [from, to] = [dayKey(range.start), dayKey(range.end)];
    const before = await figures();
    expect(before).toEqual(await rebuilt());
    const rowsA = await dayRows(adminA, from, to);
    const rowsB = await dayRows(adminB, from, to);
    expect(rowsA).toBeGreaterThan(playersA.length);
    // One player per batch: every batch its own statement.
    expect(await clearPlayFigures(h.db, adminA, from, to, 1)).toBe(rowsA);
    expect(await dayRows(adminA, from, to)).toBe(0);
    expect(await dayRows(adminB, from, to)).toBe(rowsB);
    const after = await figures();
    expect(after).toEqual(await rebuilt());
    // The days before the range stay, and the other admin's figures are as they were.
    expect(after.adminGameDays.filter((r) => r.startsWith(`${adminA} `)).every((r) => r.split(' ')[1]! < from)).toBe(true);
    expect(after.adminGameDays.some((r) => r.startsWith(`${adminA} `))).toBe(true);
    expect(after.adminGameDays.filter((r) => r.startsWith(`${adminB} `))).toEqual(before.adminGameDays.filter((r) => r.startsWith(`${adminB} `)));
    // Bets after it go on from the rows left.
    for (const p of playersA) await bet(p);
    expect(await figures()).toEqual(await rebuilt());
  }, 300_000);

  it('clears nothing, figures included, when the ledger would not hold; a clear stopped between batches leaves whole figures and finishes when run again', async () => {
    await play(1);
    const a = (await findRef(h.db, adminA))!;
    const range = lastDays(2);
    const [from, to] = [dayKey(range.start), dayKey(range.end)];
    const state = async () => ({
      figures: await figures(),
      rows: (await h.db.query(`SELECT (SELECT count(*) FROM tickets)::int AS t, (SELECT count(*) FROM transactions)::int AS l, (SELECT count(*) FROM daily_play)::int AS d`))[0],
    });
    // A balance off its ledger (as if written behind the ledger's back): the records' transaction
    // finds the invariant broken and rolls back, and the per-day figures are not touched either.
    await h.db.query(`UPDATE accounts SET wallet_balance = wallet_balance + 1 WHERE id = $1`, [playersA[0]!.id]);
    try {
      const before = await state();
      await expect(clearHistory(h.db, place, a, MODEL_NAMES, range)).rejects.toMatchObject({ statusCode: 409, code: 'clearBreaksLedger' });
      expect(await state()).toEqual(before);
    } finally {
      await h.db.query(`UPDATE accounts SET wallet_balance = wallet_balance - 1 WHERE id = $1`, [playersA[0]!.id]);
    }
    // The second batch fails (a connection lost, say): the first batch's players are cleared, the
    // others not yet, and every figure agrees with the day rows left.
    const rows = await dayRows(adminA, from, to);
    let batches = 0;
    const failing = {
      ...h.db,
      query: ((text: string, params?: unknown[]) => {
        if (text.includes('td_clear_play') && ++batches === 2) return Promise.reject(new Error('connection lost'));
        return h.db.query(text, params);
      }) as typeof h.db.query,
    };
    await expect(clearPlayFigures(failing, adminA, from, to, 1)).rejects.toThrow('connection lost');
    const left = await dayRows(adminA, from, to);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(rows);
    expect(await figures()).toEqual(await rebuilt());
    expect(await clearPlayFigures(h.db, adminA, from, to, 1)).toBe(left);
    expect(await dayRows(adminA, from, to)).toBe(0);
    expect(await figures()).toEqual(await rebuilt());
  }, 300_000);

  it('lets another admin’s bet through while the clear’s transactions are open', async () => {
    // PGlite runs one transaction at a time: a bet waits for any open one, whatever it locks.
    if (h.db.engine !== 'postgres') return;
    await play(1);
    const a = (await findRef(h.db, adminA))!;
    const range = lastDays(1);
    const quick = async (p: Player) => {
      const started = Date.now();
      await bet(p);
      return Date.now() - started;
    };
    // The records and the ledger, deleted and not committed: bets of both admins go through.
    await h.db.transaction(async (tx) => {
      const counts = await clearRecords(tx, a, MODEL_NAMES, range);
      expect(counts.ticket! + counts.draw!).toBeGreaterThan(0);
      expect(counts.usertransaction).toBeGreaterThan(0);
      expect(await quick(playerB)).toBeLessThan(2000);
      expect(await quick(playersA[0]!)).toBeLessThan(2000);
    });
    // A batch of the per-day figures, not committed: the other admin's bet goes through (before, the
    // whole clear locked both figure tables, and every admin's bet waited for it to commit).
    const [from, to] = [dayKey(range.start), dayKey(range.end)];
    await h.db.transaction(async (tx) => {
      const [r] = await tx.query(`SELECT td_clear_play($1::bigint, $2::date, $3::date, $4::bigint[]) AS n`, [adminA, from, to, playersA.map((p) => p.id)]);
      expect(Number(r!.n)).toBeGreaterThan(0);
      expect(await quick(playerB)).toBeLessThan(2000);
    });
    expect(await figures()).toEqual(await rebuilt());
  }, 300_000);

  it('accepts every bet of both admins while a whole Clear History runs, the figures exact after', async () => {
    await play(1);
    const a = (await findRef(h.db, adminA))!;
    const range = lastDays(3);
    const failures: unknown[] = [];
    let accepted = 0;
    let running = true;
    const betting = (async () => {
      // At most a few hundred bets of a point each: the players' wallets hold a thousand.
      while (running && accepted + failures.length < 500) {
        for (const p of [...playersA, playerB])
          await bet(p).then(
            () => accepted++,
            (e: unknown) => failures.push(e),
          );
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    let out: Awaited<ReturnType<typeof clearHistory>>;
    try {
      out = await clearHistory(h.db, place, a, MODEL_NAMES, range);
    } finally {
      running = false;
      await betting;
    }
    expect(failures).toEqual([]);
    expect(accepted).toBeGreaterThan(0);
    expect(out.counts.frequency).toBeGreaterThan(0);
    expect(await figures()).toEqual(await rebuilt());
    // What is left of admin a's range is the play made while the clear ran (today's day rows).
    expect(await dayRows(adminA, dayKey(range.start), dayKey(new Date(Date.now() - DAY)))).toBe(0);
    expect(await dayRows(adminB, dayKey(range.start), dayKey(range.end))).toBeGreaterThan(0);
  }, 300_000);
});
