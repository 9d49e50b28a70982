import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameDeclaration } from '../../domain/games';
import { gameDeclaration } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import { writeBets, type BetRequest } from '../../server/games/betBatch';
import { consoleData, roundSums, roundSumsByJoin, stakesByOption } from '../../server/games/console.service';
import { createAs, createUnder, engineAvailable, fund, startHarness, type Harness } from './harness';

/** Mid-minute, in the server's time zone; the next round starts a minute later. */
const T0 = new Date(2026, 10, 24, 10, 0, 20);
const T1 = new Date(T0.getTime() + 60_000);

/** A seeded generator: a failing run can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A console's figures come from the running sums the bets' own transaction keeps per round
 * (round_sums, migration 0011): after random batches of bets, mixed accepted and refused, over two
 * rounds and two kinds of game, the data pushed equals the full recompute over every ticket line.
 */
describe.runIf(engineAvailable())('console running sums', () => {
  let h: Harness;
  let adminId: number;
  const players: number[] = [];

  beforeAll(async () => {
    h = await startHarness();
    const gameIds = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    adminId = Number(admin._id);
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    for (let i = 0; i < 6; i++) {
      const p = await createAs(h, h.root.token, 'player', master._id);
      players.push(Number(p._id));
    }
  }, 300_000);
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  const gameDbId = async (d: GameDeclaration) => Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [d.gameId]))[0].id);

  for (const code of ['MNOQqWWi', 'qZicXikM']) {
    const decl = gameDeclaration(code)!;
    it(`${decl.gameName}: the pushed figures equal the join over every ticket line after random bets`, async () => {
      const rnd = random(code.length * 7919);
      const game = await gameDbId(decl);
      // Little enough that some bets are refused for balance: those must add nothing.
      for (const p of players) await fund(h, String(p), 60, 'player');
      const placed = new Map<number, Map<string, bigint>>();
      let accepted = 0;
      let refused = 0;
      for (let batch = 0; batch < 12; batch++) {
        const bets: BetRequest[] = [];
        const size = 1 + Math.floor(rnd() * 25);
        for (let k = 0; k < size; k++) {
          const picks = new Map<string, number>();
          const n = 1 + Math.floor(rnd() * 3);
          for (let j = 0; j < n; j++) picks.set(decl.options[Math.floor(rnd() * decl.options.length)].key, 1 + Math.floor(rnd() * 4));
          const qtys = [...picks.values()];
          bets.push({
            playerId: players[Math.floor(rnd() * players.length)],
            adminId,
            gameDbId: game,
            timeSeconds: 60,
            gameName: decl.gameName,
            unitCents: 100n,
            options: [...picks.keys()],
            qtys,
            stakeCents: BigInt(qtys.reduce((a, b) => a + b, 0)) * 100n,
            // Batches of both rounds, and one batch across the round's end.
            now: batch < 6 ? T0 : batch === 6 && k % 2 === 0 ? T0 : T1,
          });
        }
        // Two batches of the pool at once: the sums' rows see concurrent writers.
        const half = Math.ceil(bets.length / 2);
        const [a, b] = await Promise.all([writeBets(h.db, bets.slice(0, half)), writeBets(h.db, bets.slice(half))]);
        [...a, ...b].forEach((o, i) => {
          if (!o.ok) return void refused++;
          accepted++;
          const sums = placed.get(o.drawNo) ?? new Map<string, bigint>();
          placed.set(o.drawNo, sums);
          bets[i].options.forEach((opt, j) => sums.set(opt, (sums.get(opt) ?? 0n) + BigInt(bets[i].qtys[j]) * 100n));
        });
      }
      expect(accepted).toBeGreaterThan(20);
      expect(refused).toBeGreaterThan(0);
      for (const now of [T0, T1]) {
        const fromSums = await consoleData(h.db, adminId, code, now, roundSums);
        const fromJoin = await consoleData(h.db, adminId, code, now, roundSumsByJoin);
        expect(fromSums).toEqual(fromJoin);
        expect(fromSums.totalDrawCollection).toBeGreaterThan(0);
        // And both equal the stakes of the accepted bets as the test counted them.
        const counted = placed.get(fromSums.round.drawno)!;
        const total = [...counted.values()].reduce((x, y) => x + y, 0n);
        expect(fromSums.totalDrawCollection).toBe(Number(total) / 100);
        const sums = await stakesByOption(h.db, roundSums, adminId, game, fromSums.round.drawno);
        expect(Object.fromEntries(sums)).toEqual(Object.fromEntries(counted));
      }
      // The default a console is pushed is the running sums.
      expect(await consoleData(h.db, adminId, code, T0)).toEqual(await consoleData(h.db, adminId, code, T0, roundSumsByJoin));
    }, 120_000);
  }
});
