import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roundWindow } from '../../domain/games';
import { tierOf } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import { placeBet } from '../../server/games/bets';
import { roundsBehind } from '../../server/games/settle';
import { balanceCents, call, createAs, createUnder, engineAvailable, fund, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const ROULLET = 'vwRORrGO';
const PLAYER_API = `/api${tierOf('player').api}`;
/** Mid-minute, so every 60-second game is in one known round; each test takes its own hour. */
const T0 = new Date(Date.UTC(2026, 10, 23, 10, 0, 20));
const at = (hour: number, seconds = 0) => new Date(T0.getTime() + hour * 3_600_000 + seconds * 1000);

/**
 * A winner whose account is deactivated or deleted before the close, and a round whose settlement
 * fails: the engine, driven by the scheduler's own job, must go on with every other round.
 */
describe.runIf(engineAvailable())('settlement: a win is paid whatever the status, and one round never holds another', () => {
  let h: Harness;
  let admin: { _id: string };
  let master: { _id: string };
  let other: { _id: string };

  const pathOf = async (id: string) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(id)]))[0].path);
  const gameDbId = async (gameId: string) => Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [gameId]))[0].id);
  const newPlayer = async () => {
    const p = await createAs(h, h.root.token, 'player', master._id);
    await fund(h, p._id, 100, 'player');
    return { _id: p._id, ref: { id: Number(p._id), path: await pathOf(p._id) } };
  };
  /** The console's queued result for the admin's round (as live/addresult saves it). */
  const force = async (adminId: string, gameId: string, outcome: string, when: Date) =>
    h.db.query(`INSERT INTO console_results (admin_id, game_id, outcome, booster, created_by, created_at) VALUES ($1, $2, $3, 1, $1, $4)`, [Number(adminId), await gameDbId(gameId), outcome, when]);
  const roundOf = async (adminId: string, gameId: string, when: Date) =>
    (await h.db.query(`SELECT id, status, result FROM rounds WHERE admin_id = $1 AND game_id = $2 AND draw_no = $3`, [Number(adminId), await gameDbId(gameId), roundWindow(when, 60).drawNo]))[0];
  const tick = (now: Date) => h.app.scheduler.tick('rounds', now);

  beforeAll(async () => {
    h = await startHarness();
    const gameIds = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    other = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    master = await createUnder(h, h.root.token, 'master', am._id);
    // Pools big enough for any forced win.
    for (const a of [admin, other]) await fund(h, a._id, 10_000, 'admin');
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  it('pays a deactivated winner, and the rounds of every admin go on', async () => {
    const t = at(1);
    await tick(t); // opens the rounds of both admins
    const p = await newPlayer();
    await placeBet(h.db, p.ref, FUN_TARGET, [{ option: '7', qty: 10 }], t);
    await force(admin._id, FUN_TARGET, '7', t);
    const off = await call(h, 'PATCH', `${PLAYER_API}/toggle-status/${p._id}/deactivate`, { token: h.root.token });
    expect(off.status).toBe(200);
    const before = await balanceCents(h, p._id);
    await tick(at(1, 60));
    expect(await roundOf(admin._id, FUN_TARGET, t)).toMatchObject({ status: 'settled', result: '7' });
    expect(await balanceCents(h, p._id)).toBe(before + 9000n);
    // The next minute's rounds opened, the other admin's round settled too.
    expect((await roundOf(other._id, FUN_TARGET, t)).status).toBe('settled');
    expect((await roundOf(admin._id, FUN_TARGET, at(1, 60))).status).toBe('open');
  });

  it('refuses to delete a player whose bets wait for their round, and pays one deleted anyway', async () => {
    const t = at(2);
    await tick(t);
    const p = await newPlayer();
    // Take the points back so only the open bet stops the delete.
    await placeBet(h.db, p.ref, ROULLET, [{ option: '17', qty: 100 }], t);
    expect(await balanceCents(h, p._id)).toBe(0n);
    const del = await call(h, 'DELETE', `${PLAYER_API}/${p._id}`, { token: h.root.token });
    expect(del.status).toBe(409);
    expect(del.json.message).toMatch(/has bets waiting for their round to close/);
    expect((await h.db.query(`SELECT deleted_at FROM accounts WHERE id = $1`, [Number(p._id)]))[0].deleted_at).toBeNull();
    // An account deleted while its bet was open (as before this rule): its win still lands.
    await h.db.query(`UPDATE accounts SET deleted_at = now(), active = false WHERE id = $1`, [Number(p._id)]);
    await force(admin._id, ROULLET, '17', t);
    await tick(at(2, 60));
    expect(await roundOf(admin._id, ROULLET, t)).toMatchObject({ status: 'settled', result: '17' });
    expect(await balanceCents(h, p._id)).toBe(360_000n);
    expect((await roundOf(other._id, ROULLET, t)).status).toBe('settled');
  });

  it('retries a failing round with back-off, shows it as behind, and settles the rest meanwhile', async () => {
    const t = at(3);
    await tick(t);
    const p = await newPlayer();
    await placeBet(h.db, p.ref, FUN_TARGET, [{ option: '3', qty: 1 }], t);
    const stuck = Number((await roundOf(admin._id, FUN_TARGET, t)).id);
    // A fault of the database on this one round only (a trigger: real for both engines).
    await h.db.query(`CREATE OR REPLACE FUNCTION td_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected fault'; END $$`);
    await h.db.query(`CREATE TRIGGER td_test_fail BEFORE UPDATE ON rounds FOR EACH ROW WHEN (OLD.id = ${stuck}) EXECUTE FUNCTION td_test_fail()`);
    try {
      await tick(at(3, 60));
      expect((await roundOf(admin._id, FUN_TARGET, t)).status).toBe('open');
      // Every other round of that minute settled, and the next minute's opened.
      const others = await h.db.query(`SELECT count(*)::int AS n FROM rounds WHERE status = 'open' AND closes_at <= $1`, [at(3, 60)]);
      expect(Number(others[0].n)).toBe(1);
      expect((await roundOf(other._id, FUN_TARGET, at(3, 60))).status).toBe('open');
      // Back-off: one second after the failure it is not tried again (the trigger would count it).
      await tick(at(3, 60.5));
      const status = await call(h, 'GET', '/api/games/engine', { token: h.root.token });
      expect(status.status).toBe(200);
      expect(status.json.data).toMatchObject({ failing: [{ roundId: String(stuck), attempts: 1, code: 'P0001' }] });
      // The exception's text stays in the log: never on a screen.
      expect(JSON.stringify(status.json)).not.toMatch(/injected fault/);
      expect(typeof (status.json.data as { roundsBehind: unknown }).roundsBehind).toBe('number');
      // Behind: late by more than a tick's slack, this one only (the rest settled).
      expect(await roundsBehind(h.db, at(3, 70))).toEqual({ count: 1, oldestClosedAt: roundWindow(t, 60).closesAt });
      expect((await call(h, 'GET', '/api/games/engine', { token: (await adminToken()) })).status).toBe(403);
      await tick(at(3, 62));
      expect(((await call(h, 'GET', '/api/games/engine', { token: h.root.token })).json.data as { failing: { attempts: number }[] }).failing[0].attempts).toBe(2);
    } finally {
      await h.db.query(`DROP TRIGGER IF EXISTS td_test_fail ON rounds`);
    }
    // The fault is gone: the next try after the pause settles it.
    await tick(at(3, 70));
    expect((await h.db.query(`SELECT status FROM rounds WHERE id = $1`, [stuck]))[0].status).toBe('settled');
    const ok = await call(h, 'GET', '/api/games/engine', { token: h.root.token });
    expect(ok.json.data).toMatchObject({ failing: [] });
    expect((await roundsBehind(h.db, at(3, 70))).count).toBe(0);
  });

  const adminToken = async () => {
    const r = await call(h, 'POST', '/api/auth/login', { body: { username: (await h.db.query(`SELECT username FROM accounts WHERE id = $1`, [Number(admin._id)]))[0].username, password: 'secret-pass' } });
    return r.json.token as string;
  };
});
