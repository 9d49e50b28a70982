import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceFromUnit } from '../../domain/games';
import { GAME_DECLARATIONS } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import { placeBet } from '../../server/games/bets';
import { engineTick, settleDue } from '../../server/games/settle';
import { createAs, createUnder, engineAvailable, fund, startHarness, type Harness } from './harness';

/** Thousands of bets over many rounds of every game, settled by the engine on a controlled clock. */
const BETS = 1200;
const PLAYERS = 12;
const T0 = new Date(Date.UTC(2026, 10, 23, 12, 0, 5));

/** A small deterministic generator: the run is the same every time, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe.runIf(engineAvailable())(`the ledger after ${BETS} simulated bets on every game`, () => {
  let h: Harness;
  const players: { id: number; path: string }[] = [];

  beforeAll(async () => {
    h = await startHarness();
    const gameIds = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    for (let i = 0; i < PLAYERS; i++) {
      const p = await createAs(h, h.root.token, 'player', master._id);
      await fund(h, p._id, 2000, 'player');
      const [row] = await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(p._id)]);
      players.push({ id: Number(p._id), path: String(row.path) });
    }
    // Generous and stingy pools side by side (1 % is the least a pool may be set to): some rounds pay out, others keep the stakes.
    await h.db.query(`UPDATE game_pools SET win_percentage = 1 + (id % 3) * 40`);
  }, 300_000);
  afterAll(() => h?.close());

  it('every balance equals its ledger, Σ balances = Σ generated − Σ burned, and stakes and wins add up', async () => {
    const random = lcg(20261123);
    let placed = 0;
    let refused = 0;
    let now = T0;
    const step = Math.ceil(BETS / 40);
    while (placed + refused < BETS) {
      await engineTick(h.db, now);
      for (let i = 0; i < step && placed + refused < BETS; i++) {
        const game = GAME_DECLARATIONS[Math.floor(random() * GAME_DECLARATIONS.length)];
        const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
          option: game.options[Math.floor(random() * game.options.length)].key,
          qty: 1 + Math.floor(random() * 4),
        }));
        try {
          await placeBet(h.db, players[Math.floor(random() * players.length)], game.gameId, lines, now);
          placed++;
        } catch (e) {
          // A player who ran out of points is refused (409), never half-charged.
          expect((e as { statusCode?: number }).statusCode).toBe(409);
          refused++;
        }
      }
      now = new Date(now.getTime() + 30_000);
    }
    // Every round closes and settles.
    const end = new Date(now.getTime() + 600_000);
    await settleDue(h.db, end, { random: sourceFromUnit(lcg(7)) });
    const [open] = await h.db.query(`SELECT count(*)::int AS n FROM rounds WHERE status = 'open' AND closes_at <= $1`, [end]);
    expect(Number(open.n)).toBe(0);

    expect(placed).toBeGreaterThan(BETS * 0.9);
    expect(await checkInvariant(h.db)).toMatchObject({ ok: true, mismatched: 0 });
    // The tickets' stakes and wins are exactly the ledger's bet and win movements.
    const [t] = await h.db.query(`SELECT count(*)::int AS n, coalesce(sum(stake), 0)::text AS stake, coalesce(sum(win), 0)::text AS win FROM tickets`);
    expect(Number(t.n)).toBe(placed);
    const [l] = await h.db.query(
      `SELECT coalesce(sum(amount) FILTER (WHERE kind = 'bet'), 0)::text AS bet, coalesce(sum(amount) FILTER (WHERE kind = 'win'), 0)::text AS win FROM transactions`,
    );
    expect(l.bet).toBe(t.stake);
    expect(l.win).toBe(t.win);
    // Some rounds paid: the run exercised settlement, not only stakes.
    expect(BigInt(String(t.win))).toBeGreaterThan(0n);
  }, 600_000);
});
