/**
 * PostgreSQL only (project server-pg): a round's settlement paying the players who are betting on the
 * next round of the same pool at that moment. Both take the players' day figures and wallets; taken
 * in opposite orders they deadlocked (a 500 for the bet, or a failed settlement).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundWindow } from '../../domain/games';
import { checkInvariant } from '../../server/credit/ledger';
import { placeBet } from '../../server/games/bets';
import { openCurrentRounds, settleRound } from '../../server/games/settle';
import { ENGINE } from './engine';
import { createAs, createUnder, engineAvailable, fund, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const ROUNDS = 12;
const PLAYERS = 8;
/** Mid-day, so every round of the run falls on one calendar day (one day row per player). */
const T0 = new Date(2026, 10, 23, 12, 0, 5);
const runs = ENGINE === 'postgres' && engineAvailable();
if (!runs) console.log('[settle-race.test] skipped: PGlite is one connection, so two transactions never overlap; run `npx vitest run --project server-pg`');

describe.runIf(runs)('settlement racing the next round’s bets', () => {
  let h: Harness;
  let adminId: number;
  let gameDbId: number;
  const players: { id: number; path: string }[] = [];

  beforeAll(async () => {
    h = await startHarness();
    const [game] = await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [FUN_TARGET]);
    gameDbId = Number(game.id);
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: [String(gameDbId)] });
    adminId = Number(admin._id);
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    for (let i = 0; i < PLAYERS; i++) {
      const p = await createAs(h, h.root.token, 'player', master._id);
      await fund(h, p._id, 500, 'player');
      const [row] = await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(p._id)]);
      players.push({ id: Number(p._id), path: String(row.path) });
    }
  });
  afterAll(() => h?.close());

  const race = async (start: Date, rounds: number) => {
    for (let r = 0; r < rounds; r++) {
      const t = new Date(start.getTime() + r * 60_000);
      await openCurrentRounds(h.db, t);
      for (const p of players) await placeBet(h.db, p, FUN_TARGET, [{ option: '7', qty: 1 }], t);
      // The console forces 7: every player of the round wins, so the settlement pays all of them.
      await h.db.query(`INSERT INTO console_results (admin_id, game_id, outcome, booster, created_by, created_at) VALUES ($1, $2, '7', 1, $1, $3)`, [adminId, gameDbId, t]);
      const [round] = await h.db.query(`SELECT id FROM rounds WHERE admin_id = $1 AND game_id = $2 AND draw_no = $3`, [adminId, gameDbId, roundWindow(t, 60).drawNo]);
      const next = new Date(t.getTime() + 60_000);
      await openCurrentRounds(h.db, next);
      const outcomes = await Promise.allSettled([
        settleRound(h.db, Number(round.id), next),
        ...players.map((p) => placeBet(h.db, p, FUN_TARGET, [{ option: '3', qty: 1 }], next)),
      ]);
      const failed = outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason));
      expect(failed, `round ${r} from ${start.toISOString()}`).toEqual([]);
    }
    expect(await checkInvariant(h.db)).toMatchObject({ ok: true, mismatched: 0 });
  };

  it(`${ROUNDS} rounds: every settlement and every bet commits, and the ledger adds up`, () => race(T0, ROUNDS), 120_000);

  // Past midnight the day rows differ, so only the wallets' lock order keeps them apart.
  it('rounds across midnight: the settlement of the day before and the new day’s bets both commit', () => race(new Date(2026, 10, 24, 23, 58, 5), 4), 120_000);
});
