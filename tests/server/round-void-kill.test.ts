/**
 * PostgreSQL only (project server-pg): a void killed with SIGKILL in the middle of its transaction
 * (its refunds written, the tickets' update held by a trigger calling pg_sleep), then run again:
 * each stake is refunded exactly once and the ledger invariant holds.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { roundWindow } from '../../domain/games';
import { checkInvariant } from '../../server/credit/ledger';
import { placeBet } from '../../server/games/bets';
import { voidRound } from '../../server/games/voidRound';
import { ROOT } from '../e2e/server';
import { ENGINE, PG_URL, withDb } from './engine';
import { balanceCents, createAs, createUnder, fund, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const T = new Date(Date.UTC(2026, 10, 24, 12, 0, 20));
const PLAYERS = 4;
const CHILD = 'void-child';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const record = { reason: 'notSettledInTime', afterSeconds: 300, errorCode: null, attempts: 0 } as const;

describe.runIf(ENGINE === 'postgres' && inject('pgTemplate') !== null)('a void killed with SIGKILL mid-transaction (PostgreSQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('refunds each stake once: the killed transaction wrote nothing, the next void does it all, a third does nothing', async () => {
    const gameIds = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    await h.app.scheduler.tick('rounds', T);
    const players: number[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const p = await createAs(h, h.root.token, 'player', master._id);
      await fund(h, p._id, 100, 'player');
      const path = String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(p._id)]))[0].path);
      await placeBet(h.db, { id: Number(p._id), path }, FUN_TARGET, [{ option: String(i), qty: 10 + i }], T);
      players.push(Number(p._id));
    }
    const gameDbId = Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [FUN_TARGET]))[0].id);
    const roundId = Number(
      (await h.db.query(`SELECT id FROM rounds WHERE admin_id = $1 AND game_id = $2 AND draw_no = $3`, [Number(admin._id), gameDbId, roundWindow(T, 60).drawNo]))[0].id,
    );
    // Only the child's session is held: after its refunds, at its first ticket's update.
    await h.db.query(`CREATE OR REPLACE FUNCTION td_test_hold() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF current_setting('application_name') = '${CHILD}' THEN PERFORM pg_sleep(3); END IF; RETURN NEW; END $$`);
    await h.db.query(`CREATE TRIGGER td_test_hold BEFORE UPDATE ON tickets FOR EACH ROW WHEN (NEW.refunded_at IS NOT NULL) EXECUTE FUNCTION td_test_hold()`);
    const dbName = String((await h.db.query(`SELECT current_database() AS d`))[0].d);
    const url = `${withDb(PG_URL, dbName)}?application_name=${CHILD}`;

    let out = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/voidChild.ts', url, String(roundId)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((res) => child.on('exit', (_code, signal) => res(signal)));
    // Wait until the child's transaction sleeps in the trigger, its refunds written (uncommitted).
    const until = Date.now() + 60_000;
    let held = false;
    while (!held && Date.now() < until) {
      held = (await h.db.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event = 'PgSleep'`, [CHILD])).length > 0;
      if (!held) await sleep(50);
    }
    expect(held, `the child never reached the hold: ${out}`).toBe(true);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(out).not.toMatch(/voided/);
    // Nothing of the killed void is committed.
    expect((await h.db.query(`SELECT count(*)::int AS n FROM transactions WHERE kind = 'refund'`))[0].n).toBe(0);
    expect((await h.db.query(`SELECT status FROM rounds WHERE id = $1`, [roundId]))[0].status).toBe('open');

    // The void again (as the next tick would): it waits for the dead session's lock, then does it all.
    const again = await voidRound(h.db, roundId, new Date(T.getTime() + 400_000), record);
    expect(again).toMatchObject({ roundId, tickets: PLAYERS });
    expect(await voidRound(h.db, roundId, new Date(T.getTime() + 401_000), record)).toBeNull();
    const refunds = await h.db.query(`SELECT to_id, amount::text AS amount FROM transactions WHERE kind = 'refund' ORDER BY to_id`);
    expect(refunds.map((r) => [Number(r.to_id), r.amount])).toEqual(players.map((p, i) => [p, String((10 + i) * 100)]));
    for (const p of players) expect(await balanceCents(h, p)).toBe(10_000n);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM tickets WHERE round_id = $1 AND refunded_at IS NOT NULL`, [roundId]))[0].n).toBe(PLAYERS);
    expect(await checkInvariant(h.db)).toMatchObject({ ok: true, mismatched: 0 });
    await h.db.query(`DROP TRIGGER td_test_hold ON tickets`);
  });
});
