import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { checkInvariant } from '../../server/credit/ledger';
import { ENGINE, PG_URL, withDb } from './engine';
import { balanceCents, call, createAs, createChain, engineAvailable, fund, loginAs, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';

/**
 * A bet whose wallet another transaction holds and does not let go (a process frozen inside it)
 * answers 503 "busy, try again" after its lock timeout and writes nothing, instead of hanging until
 * the holder wakes. PostgreSQL only: the embedded engine has one connection, where nothing waits.
 */
describe.runIf(ENGINE === 'postgres' && engineAvailable())('a bet on a wallet held elsewhere', () => {
  let h: Harness;
  let player: { _id: string; username: string };
  let token: string;
  beforeAll(async () => {
    h = await startHarness();
    const [g] = await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [FUN_TARGET]);
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: [String(g.id)] });
    const chain = await createChain(h, admin._id);
    player = chain.player;
    await fund(h, player._id, 100, 'player');
    token = await loginAs(h, player.username);
  });
  afterAll(() => h?.close());

  it('answers 503 busyTryAgain within its lock timeout, writes nothing, and goes through once the holder is gone', async () => {
    const ok = await call(h, 'POST', '/api/app/createbet', { token, body: { gameId: FUN_TARGET, draws: [{ drawno: 1, drawqty: 1 }] } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    const before = await balanceCents(h, player._id);
    const [{ n: tickets }] = await h.db.query(`SELECT count(*)::int AS n FROM tickets`);
    const [{ d }] = await h.db.query(`SELECT current_database() AS d`);
    const holder = new pg.Client(withDb(PG_URL, String(d)));
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE`, [Number(player._id)]);
      const t0 = Date.now();
      const busy = await call(h, 'POST', '/api/app/createbet', { token, body: { gameId: FUN_TARGET, draws: [{ drawno: 2, drawqty: 1 }] } });
      const ms = Date.now() - t0;
      expect([busy.status, busy.json.code, busy.json.message]).toEqual([503, 'busyTryAgain', 'The server is busy. Please try again.']);
      // The function's 3 s, and not much more (a hang would wait for the holder).
      expect(ms).toBeGreaterThanOrEqual(2900);
      expect(ms).toBeLessThan(15_000);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect(await balanceCents(h, player._id)).toBe(before);
    expect(Number((await h.db.query(`SELECT count(*)::int AS n FROM tickets`))[0].n)).toBe(Number(tickets));
    const again = await call(h, 'POST', '/api/app/createbet', { token, body: { gameId: FUN_TARGET, draws: [{ drawno: 2, drawqty: 1 }] } });
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    expect(await checkInvariant(h.db)).toMatchObject({ ok: true, mismatched: 0 });
  }, 60_000);
});
