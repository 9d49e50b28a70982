import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roundWindow } from '../../domain/games';
import { tierOf } from '../../resources.config';
import { ConfigError, configFromEnv } from '../../server/config';
import { checkInvariant } from '../../server/credit/ledger';
import { placeBet } from '../../server/games/bets';
import { failureCode } from '../../server/games/retries';
import { roundsBehind } from '../../server/games/settle';
import { voidRound } from '../../server/games/voidRound';
import { balanceCents, call, createAs, createUnder, engineAvailable, fund, loginAs, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const PLAYER_API = `/api${tierOf('player').api}`;
/** Mid-minute, so every 60-second game is in one known round; each test takes its own hour. */
const T0 = new Date(Date.UTC(2026, 10, 24, 10, 0, 20));
const at = (hour: number, seconds = 0) => new Date(T0.getTime() + hour * 3_600_000 + seconds * 1000);

describe('a failure as a screen may show it (pure)', () => {
  it('is a code, never the text', async () => {
    const { randomInt } = await import('node:crypto');
    let range: unknown;
    try {
      randomInt(0, 2 ** 48 + 1);
    } catch (e) {
      range = e;
    }
    // The superadmin's card once showed `The value of "max" is out of range…` (in Hindi mode too).
    expect(failureCode(range)).toBe('ERR_OUT_OF_RANGE');
    expect(failureCode(Object.assign(new Error('injected fault'), { code: 'P0001' }))).toBe('P0001');
    expect(failureCode(new TypeError('x is not a function'))).toBe('TypeError');
    expect(failureCode('a string')).toBe('UNKNOWN');
  });

  it('ROUND_VOID_AFTER_SECONDS defaults to 300 and refuses what is not a whole number', () => {
    expect(configFromEnv({}).roundVoidAfterSeconds).toBe(300);
    expect(configFromEnv({ ROUND_VOID_AFTER_SECONDS: '120' }).roundVoidAfterSeconds).toBe(120);
    expect(() => configFromEnv({ ROUND_VOID_AFTER_SECONDS: '5 min' })).toThrow(ConfigError);
    expect(() => configFromEnv({ ROUND_VOID_AFTER_SECONDS: '0' })).toThrow(/ROUND_VOID_AFTER_SECONDS/);
  });
});

/**
 * A round made to fail on purpose (a trigger refusing its status 'settled': real on both engines) is
 * retried, shown as delayed to its admin and, with a code, to the superadmin; 300 s after its close
 * it is voided: every stake back once, through the ledger, and no play left in any figure.
 */
describe.runIf(engineAvailable())('a round that cannot settle is voided, never held', () => {
  let h: Harness;
  let admin: { _id: string; username: string };
  let master: { _id: string };
  let adminToken = '';

  const pathOf = async (id: string) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(id)]))[0].path);
  const gameDbId = async () => Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [FUN_TARGET]))[0].id);
  const newPlayer = async () => {
    const p = await createAs(h, h.root.token, 'player', master._id);
    await fund(h, p._id, 100, 'player');
    return { _id: p._id, username: p.username, ref: { id: Number(p._id), path: await pathOf(p._id) } };
  };
  const roundOf = async (when: Date) =>
    (await h.db.query(`SELECT id, status, result, decision, play_cents::text AS play FROM rounds WHERE admin_id = $1 AND game_id = $2 AND draw_no = $3`, [Number(admin._id), await gameDbId(), roundWindow(when, 60).drawNo]))[0];
  const tick = (now: Date) => h.app.scheduler.tick('rounds', now);
  /** Every per-day figure the reports read, of these players and of the admin's game. */
  const figures = async (players: number[]) => ({
    daily: await h.db.query(`SELECT player_id, day::text, play::text, win::text FROM daily_play WHERE player_id = ANY($1::bigint[]) AND play <> 0 ORDER BY 1, 2`, [players]),
    players: await h.db.query(`SELECT player_id, day::text, play::text, run_play::text FROM player_days WHERE player_id = ANY($1::bigint[]) AND play <> 0 ORDER BY 1, 2`, [players]),
    admin: await h.db.query(`SELECT day::text, game_id, play::text, win::text FROM admin_game_days WHERE admin_id = $1 AND play <> 0 ORDER BY 1, 2`, [Number(admin._id)]),
  });
  const refunds = async (players: number[]) =>
    h.db.query(`SELECT to_id, amount::text AS amount, message FROM transactions WHERE kind = 'refund' AND to_id = ANY($1::bigint[]) ORDER BY id`, [players]);

  beforeAll(async () => {
    h = await startHarness();
    const gameIds = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    master = await createUnder(h, h.root.token, 'master', am._id);
    await fund(h, admin._id, 1_000, 'admin');
    adminToken = await loginAs(h, admin.username);
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  it('retries it, shows it delayed in words and codes, then voids it: every stake back once, no play left', async () => {
    const t = at(1);
    await tick(t);
    const a = await newPlayer();
    const b = await newPlayer();
    const ids = [a.ref.id, b.ref.id];
    const before = await figures(ids);
    await placeBet(h.db, a.ref, FUN_TARGET, [{ option: '3', qty: 10 }, { option: '7', qty: 5 }], t);
    await placeBet(h.db, a.ref, FUN_TARGET, [{ option: '1', qty: 2 }], new Date(t.getTime() + 1000));
    await placeBet(h.db, b.ref, FUN_TARGET, [{ option: '3', qty: 30 }], t);
    expect(await balanceCents(h, a._id)).toBe(10_000n - 1_700n);
    expect(await figures(ids)).not.toEqual(before);
    const stuck = Number((await roundOf(t)).id);
    const drawNo = roundWindow(t, 60).drawNo;
    // The settlement's own write fails, on this round only; the void writes status 'void' and passes.
    await h.db.query(`CREATE OR REPLACE FUNCTION td_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected fault'; END $$`);
    await h.db.query(`CREATE TRIGGER td_test_fail BEFORE UPDATE ON rounds FOR EACH ROW WHEN (OLD.id = ${stuck} AND NEW.status = 'settled') EXECUTE FUNCTION td_test_fail()`);
    try {
      await tick(at(1, 60));
      expect((await roundOf(t)).status).toBe('open');
      // The superadmin: the round named, with a code; no exception text anywhere in the answer.
      const status = await call(h, 'GET', '/api/games/engine', { token: h.root.token });
      expect(status.status).toBe(200);
      expect(status.json.data).toMatchObject({ failing: [{ roundId: String(stuck), drawNo, gameName: 'Fun Target', admin: admin.username, attempts: 1, code: 'P0001' }] });
      expect(JSON.stringify(status.json)).not.toMatch(/injected fault/);
      // The admin: its delayed round by number and game (from the database: any instance's failure).
      await tick(at(1, 70));
      const delayed = await call(h, 'GET', `/api/games/engine/delayed?gameId=${FUN_TARGET}`, { token: adminToken });
      expect(delayed.status).toBe(200);
      // (The route reads the clock, which is past this test's hours: the oldest is the stuck one.)
      expect((delayed.json.data as { rounds: unknown[] }).rounds[0]).toMatchObject({ roundId: String(stuck), drawNo, gameId: FUN_TARGET, gameName: 'Fun Target', admin: admin.username });
      // Another admin sees none of it; a player may not ask.
      const other = await createAs(h, h.root.token, 'admin', h.root.id);
      const otherDelayed = await call(h, 'GET', '/api/games/engine/delayed', { token: await loginAs(h, other.username) });
      expect(otherDelayed.json.data).toMatchObject({ count: 0, rounds: [] });
      const refused = await call(h, 'GET', '/api/games/engine/delayed', { token: await loginAs(h, a.username) });
      expect(refused.status).toBe(403);

      // The pool gave its points back to the admin meanwhile, and one player was deactivated: the
      // refunds come out of the pool anyway (it goes below zero) and land anyway.
      const reset = await call(h, 'POST', '/api/live/addbalance', { token: adminToken, body: { gameId: FUN_TARGET, adminId: admin._id, type: 'remove' } });
      expect(reset.status).toBe(200);
      expect((await call(h, 'PATCH', `${PLAYER_API}/toggle-status/${b._id}/deactivate`, { token: h.root.token })).status).toBe(200);

      // Not yet: 299 s after the close it is still retried.
      await tick(at(1, 40 + 299));
      expect((await roundOf(t)).status).toBe('open');
      await tick(at(1, 40 + 300));
      const voided = await roundOf(t);
      expect(voided).toMatchObject({ status: 'void', result: null, play: '0' });
      const decision = typeof voided.decision === 'string' ? JSON.parse(voided.decision) : voided.decision;
      expect(decision).toMatchObject({ void: true, reason: 'notSettledInTime', afterSeconds: 300, errorCode: 'P0001' });
      expect(decision.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await h.db.query(`DROP TRIGGER IF EXISTS td_test_fail ON rounds`);
    }
    // Every stake back, one ledger row per ticket, and the per-day figures as before the bets.
    expect(await balanceCents(h, a._id)).toBe(10_000n);
    expect(await balanceCents(h, b._id)).toBe(10_000n);
    const rows = await refunds(ids);
    expect(rows.map((r) => [Number(r.to_id), r.amount])).toEqual([
      [a.ref.id, '1500'],
      [a.ref.id, '200'],
      [b.ref.id, '3000'],
    ].sort((x, y) => Number(x[0]) - Number(y[0])));
    expect(String(rows[0].message)).toMatch(new RegExp(`Fun Target round #${drawNo} voided`));
    expect(await figures(ids)).toEqual(before);
    // The retry book let it go; nothing is behind.
    expect((await call(h, 'GET', '/api/games/engine', { token: h.root.token })).json.data).toMatchObject({ failing: [] });
    expect(await roundsBehind(h.db, at(1, 40 + 300))).toMatchObject({ count: 0 });
    const after = (await call(h, 'GET', '/api/games/engine/delayed', { token: adminToken })).json.data as { rounds: { roundId: string }[] };
    expect(after.rounds.map((r) => r.roundId)).not.toContain(String(stuck));

    // Exactly once: a void again, and later ticks, move nothing.
    expect(await voidRound(h.db, stuck, at(1, 400), { reason: 'notSettledInTime', afterSeconds: 300, errorCode: null, attempts: 0 })).toBeNull();
    await tick(at(1, 700));
    expect(await refunds(ids)).toHaveLength(3);

    // Every screen says Refunded: the player API, the Bet List (totals count no play), the ticket, the strip.
    const tickets = await call(h, 'GET', `/api/app/tickets?gameId=${FUN_TARGET}`, { token: await loginAs(h, a.username) });
    expect((tickets.json.data as { status: string; refunded: boolean; resultNo: unknown; winpoints: number }[]).map((x) => [x.status, x.refunded, x.resultNo, x.winpoints])).toEqual([
      ['refunded', true, null, 0],
      ['refunded', true, null, 0],
    ]);
    const range = `startDate=${encodeURIComponent(at(1, -20).toISOString())}&endDate=${encodeURIComponent(at(1, 40).toISOString())}`;
    const list = await call(h, 'GET', `/api/history/gamehistory?${range}`, { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.json.totals).toEqual({ play: 0, win: 0, end: 0 });
    const listed = list.json.data as { ticketId: string; refunded: boolean; playpoints: number }[];
    expect(listed.map((x) => x.refunded)).toEqual([true, true, true]);
    const lines = await call(h, 'GET', `/api/history/getdetailsbyticketid?ticketId=${listed[0].ticketId}&gameId=${FUN_TARGET}`, { token: adminToken });
    expect((lines.json.data as { refunded: boolean }[]).every((l) => l.refunded)).toBe(true);
    const cons = await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=${FUN_TARGET}`, { token: adminToken });
    const strip = (cons.json.data as { lastData: { data: { roundId: string; refunded: boolean; result: unknown; roundNo: number }[] } }).lastData.data;
    expect(strip.find((r) => r.roundId === String(stuck))).toMatchObject({ refunded: true, result: null, roundNo: drawNo });
    const record = await call(h, 'GET', `/api/live/decision/${stuck}?adminId=${admin._id}`, { token: adminToken });
    expect(record.status).toBe(200);
    expect(record.json.data).toMatchObject({ refunded: true, result: null, decision: { reason: 'notSettledInTime', errorCode: 'P0001' } });
  });

  it('settles, not voids, a round that closed while the server was down, when the settlement works', async () => {
    const t = at(2);
    await tick(t);
    const p = await newPlayer();
    await placeBet(h.db, p.ref, FUN_TARGET, [{ option: '4', qty: 1 }], t);
    // The first tick after ten minutes: the settlement runs first and takes it.
    await tick(at(2, 600));
    expect((await roundOf(t)).status).toBe('settled');
    expect(await refunds([p.ref.id])).toHaveLength(0);
  });
});
