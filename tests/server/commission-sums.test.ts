import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBp, percentToBp } from '../../domain/commission';
import { dayKey, lastCompletePeriod } from '../../domain/periods';
import { CHAIN, COMMISSION_TIERS, LEAF_TIER, tierOf, type Role } from '../../resources.config';
import { findRef } from '../../server/accounts/repository';
import type { Queryable } from '../../server/db/client';
import { addPlayAggregates, rebuildPlayAggregates, upsertDailyPlay } from '../../server/games/repository';
import { exportBackup, importBackup, type BackupPlace } from '../../server/operations/backup';
import { pendingCommissions, playSincePaid, sendCommission } from '../../server/reports/commission';
import { clearPlayFigures } from '../../server/operations/clearPlayFigures';
import { ENGINE } from './engine';
import { call, createUnder, editSecrets, engineAvailable, fund, startHarness, type Harness } from './harness';

const EARNING = COMMISSION_TIERS.map((t) => t.role);

/**
 * The reference: the figures as they were read before the parents' running sums, every player's
 * totals summed into every account above it at read time (kept here verbatim, only to compare).
 */
function referencePlay(q: Queryable, root: { path: string }, within: { from: string; to: string } | undefined, roles: readonly Role[]) {
  const lo = within ? `greatest(commission_paid_through, $4::date - 1)` : `commission_paid_through`;
  const inForce = (day: string) => `coalesce(x.until, 'infinity'::date) > ${day} AND x.day <= ${day}`;
  const atHi = within ? inForce('$5::date') : `coalesce(x.until, 'infinity'::date) = 'infinity'::date`;
  const counts = within ? `(e.lo IS NULL OR e.lo < $5::date)` : 'true';
  return q.query(
    `WITH e AS MATERIALIZED (SELECT id, username, role, commission, ${lo} AS lo, length(path) - length(replace(path, '/', '')) AS k
                               FROM accounts WHERE path LIKE $1 AND deleted_at IS NULL AND role = ANY($2::text[])),
          lows AS (SELECT DISTINCT e.lo FROM e WHERE e.lo IS NOT NULL AND ${counts}),
          p AS MATERIALIZED (SELECT id, path FROM accounts WHERE path LIKE $1 AND role = $3 AND deleted_at IS NULL),
          v AS (SELECT p.id AS player_id, p.path, NULL::date AS at, sum(x.run_play) AS play, sum(x.run_win) AS win
                  FROM p JOIN player_days x ON x.player_id = p.id AND ${atHi} GROUP BY p.id, p.path
                UNION ALL
                SELECT p.id, p.path, l.lo, -x.play, -x.win
                  FROM lows l CROSS JOIN p
                  JOIN LATERAL (SELECT sum(x.run_play) AS play, sum(x.run_win) AS win FROM player_days x WHERE x.player_id = p.id AND ${inForce('l.lo')}) x ON x.play IS NOT NULL),
          vk AS MATERIALIZED (SELECT v.play, v.win, v.at, k.k, nullif(split_part(v.path, '/', k.k), '')::bigint AS e_id
                                FROM v CROSS JOIN (SELECT DISTINCT e.k FROM e) k),
          fig AS (SELECT e.id AS e_id, sum(vk.play) AS play, sum(vk.win) AS win FROM vk JOIN e ON e.id = vk.e_id AND e.k = vk.k
                   WHERE (vk.at IS NULL OR vk.at = e.lo) AND ${counts} GROUP BY e.id)
     SELECT e.id, e.username, e.role, e.commission::text AS commission, coalesce(f.play, 0)::text AS play, coalesce(f.win, 0)::text AS win
       FROM e LEFT JOIN fig f ON f.e_id = e.id
      ORDER BY e.id`,
    [`${root.path}%`, roles, LEAF_TIER, ...(within ? [within.from, within.to] : [])],
  );
}

const shape = (rows: Record<string, unknown>[]) => rows.map((r) => `${String(r.id)} ${String(r.role)} ${String(r.play)} ${String(r.win)}`);

const DAY = 86_400_000;
const dayAgo = (n: number) => dayKey(new Date(Date.now() - n * DAY));

describe.runIf(engineAvailable())('commission: the accounts above the players read their parents’ running sums', () => {
  let h: Harness;
  const ids: Record<string, number> = {};
  let game = 0;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-comm-sums-'));
  const place: BackupPlace = { dir, key: Buffer.from('commission-sums-test-signing-key-0123456789') };

  /** Play and wins of players on days, written as a bet batch or a settlement writes them. */
  async function play(rows: { p: string; ago: number; play: number; win: number }[]) {
    await h.db.transaction(async (tx) => {
      const byAdmin = new Map<number, { playerId: number; day: string; play: bigint; win: bigint }[]>();
      for (const r of rows) {
        const [a] = await tx.query(`SELECT split_part(path, '/', 3)::bigint AS admin FROM accounts WHERE id = $1`, [ids[r.p]]);
        const d = { playerId: ids[r.p]!, day: dayAgo(r.ago), play: BigInt(r.play), win: BigInt(r.win) };
        await upsertDailyPlay(tx, { ...d, gameDbId: game, adminId: Number(a.admin) });
        byAdmin.set(Number(a.admin), [...(byAdmin.get(Number(a.admin)) ?? []), d]);
      }
      for (const [adminId, deltas] of byAdmin)
        await addPlayAggregates(tx, { adminId, gameDbId: game, deltas: deltas.sort((x, y) => x.playerId - y.playerId || x.day.localeCompare(y.day)) });
    });
  }

  /** Every root, every tier below it and every window: the new read answers what the reference answers. */
  async function expectSameAsReference(step: string) {
    const windows = [undefined, { from: dayAgo(3), to: dayAgo(1) }, { from: dayAgo(1), to: dayAgo(1) }, { from: dayAgo(8), to: dayAgo(0) }];
    for (const rootKey of ['root', 'admin', 'admin2', 'sam', 'am', 'm1']) {
      const root = (await findRef(h.db, ids[rootKey]!))!;
      const below = CHAIN.slice(CHAIN.indexOf(root.role as Role) + 1);
      for (const within of windows)
        for (const roles of [...below.map((r) => [r]), ...(rootKey === 'admin' ? [EARNING] : [])]) {
          const got = shape(await playSincePaid(h.db, root, within, roles.length === 1 ? roles[0] : undefined));
          expect(got, `${step}: ${rootKey} ${roles.join(',')} ${JSON.stringify(within)}`).toEqual(shape(await referencePlay(h.db, root, within, roles)));
        }
    }
    // The players' pending commission, read from their kept pending play, is the reference's play
    // since paid, a page at a time, with the sums of every page.
    for (const rootKey of ['root', 'admin', 'am', 'm1']) {
      const root = (await findRef(h.db, ids[rootKey]!))!;
      const reference = (await referencePlay(h.db, root, undefined, [LEAF_TIER])).map((r) => ({ id: String(r.id), play: BigInt(String(r.play)), bp: percentToBp(String(r.commission)) }));
      const pages = [await pendingCommissions(h.db, root, LEAF_TIER, { page: 1, limit: 2 })];
      while (pages.length * 2 < pages[0]!.total) pages.push(await pendingCommissions(h.db, root, LEAF_TIER, { page: pages.length + 1, limit: 2 }));
      const got = pages.flatMap((pg) => pg.data).map((r) => `${r.id} ${Math.round(r.totalcommission * 100)} ${Math.round(r.pending * 100)}`);
      expect(got, `${step}: ${rootKey}'s players' pending`).toEqual(reference.map((r) => `${r.id} ${r.play} ${applyBp(r.play, r.bp)}`));
      const sum = (f: (r: (typeof reference)[number]) => bigint) => Number(reference.reduce((t, r) => t + f(r), 0n)) / 100;
      expect(pages[0]!.total, `${step}: ${rootKey}'s players`).toBe(reference.length);
      expect(pages[0]!.totals, `${step}: ${rootKey}'s players' sums`).toEqual({ totalcommission: sum((r) => r.play), pending: sum((r) => applyBp(r.play, r.bp)) });
    }
    // Every player with day rows under another admin is marked (the sends probe its rows by key). A
    // mark may outlive its rows (Clear History removes rows, not marks): a probe that finds nothing.
    const marked = async (q: Queryable) => (await q.query(`SELECT id::text AS id FROM accounts WHERE play_elsewhere ORDER BY id`)).map((r) => String(r.id));
    const markedKept = await marked(h.db);
    await h.db.transaction(async (tx) => {
      await tx.query(`SELECT td_play_elsewhere_rebuild(NULL)`);
      const recounted = await marked(tx);
      expect(recounted.filter((id) => !markedKept.includes(id)), `${step}: players with rows elsewhere, not marked`).toEqual([]);
    });
    const pendingKept = await h.db.query(`SELECT id::text, pending_play::text FROM accounts ORDER BY id`);
    await h.db.transaction(async (tx) => {
      await tx.query(`SELECT td_pending_play_rebuild(NULL)`);
      expect(await tx.query(`SELECT id::text, pending_play::text FROM accounts ORDER BY id`), `${step}: pending play as kept = as recounted`).toEqual(pendingKept);
    });
    // What the bet path kept is what a recount from the players' rows gives.
    const kept = await h.db.query(`SELECT account_id::text, day::text, play::text, win::text, run_play::text, run_win::text FROM parent_days ORDER BY 1, 2`);
    await h.db.transaction(async (tx) => {
      await tx.query(`SELECT td_parent_days_rebuild(NULL)`);
      const recount = await tx.query(`SELECT account_id::text, day::text, play::text, win::text, run_play::text, run_win::text FROM parent_days ORDER BY 1, 2`);
      expect(kept, `${step}: parent_days as kept = as recounted`).toEqual(recount);
    });
  }

  beforeAll(async () => {
    h = await startHarness();
    const t = h.root.token;
    ids.root = Number(h.root.id);
    game = Number((await h.db.query(`SELECT id FROM games ORDER BY id LIMIT 1`))[0].id);
    const make = async (key: string, role: Role, parent: string, commission: number) => {
      ids[key] = Number((await createUnder(h, t, role, String(ids[parent]), { commission, ...(role === 'admin' ? { games: [String(game)] } : {}) }))._id);
    };
    await make('admin', 'admin', 'root', 0);
    await make('sam', 'superareamanager', 'admin', 5);
    await make('am', 'areamanager', 'sam', 3);
    await make('am2', 'areamanager', 'sam', 2.5);
    await make('m1', 'master', 'am', 2);
    await make('m2', 'master', 'am', 1.5);
    await make('m3', 'master', 'am2', 1.25);
    await make('p1', 'player', 'm1', 1);
    await make('p2', 'player', 'm1', 0.5);
    await make('p3', 'player', 'm2', 0.75);
    await make('p4', 'player', 'm2', 0);
    await make('p5', 'player', 'm3', 1.5);
    await make('admin2', 'admin', 'root', 0);
    await make('sam2', 'superareamanager', 'admin2', 4);
    await make('am3', 'areamanager', 'sam2', 2);
    await make('m4', 'master', 'am3', 1);
    await make('p6', 'player', 'm4', 1);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('after bets over days, wins settled after midnight, a send, a move, a delete, Clear History and a restore', async () => {
    const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    // Bets over six days, oldest first, as the days go by.
    for (let ago = 6; ago >= 0; ago--)
      await play(players.map((p, i) => ({ p, ago, play: ((i + 3) * 1_237 + ago * 311) % 4_999, win: 0 })).filter((_, i) => (i + ago) % 4 !== 0));
    await expectSameAsReference('bets');

    // Wins of older days settled after the newer days' bets (a settlement after midnight), and a
    // day with no row yet between others (a void's refund of an old day's stake).
    await play([
      { p: 'p1', ago: 3, play: 0, win: 777 },
      { p: 'p3', ago: 2, play: 0, win: 1_001 },
      { p: 'p5', ago: 6, play: -17, win: 0 },
      { p: 'p4', ago: 4, play: 250, win: 99 },
    ]);
    await expectSameAsReference('wins after midnight');

    // A commission send pays exactly what the reference's figures make.
    const admin = (await findRef(h.db, ids.admin!))!;
    const period = lastCompletePeriod('day', new Date());
    const days = { from: dayKey(period.start), to: dayKey(period.end) };
    const expected = (await referencePlay(h.db, admin, days, EARNING)).reduce((s, r) => s + applyBp(BigInt(String(r.play)), percentToBp(String(r.commission))), 0n);
    expect(expected).toBeGreaterThan(0n);
    await fund(h, String(ids.admin), 10_000, 'admin');
    // The second admin pays the last test's send: a player moved in from the first network brings play of the period.
    await fund(h, String(ids.admin2), 10_000, 'admin');
    const sent = await sendCommission(h.db, admin, 'day', ids.root!);
    expect(sent.paid).toBe(expected);
    await play(players.map((p, i) => ({ p, ago: 0, play: 100 + i, win: 0 })));
    await expectSameAsReference('a send');

    // A player moved to another master (of the other area manager) takes its play with it.
    const playerTier = tierOf(LEAF_TIER);
    const moved = await call(h, 'PUT', `/api${playerTier.api}/${ids.p2}`, { token: h.root.token, body: { updatedFields: { ...editSecrets(playerTier), refId: String(ids.m3) } } });
    expect(moved.status).toBe(200);
    await expectSameAsReference('a move');
    await play([{ p: 'p2', ago: 0, play: 333, win: 0 }]);
    await expectSameAsReference('a bet after the move');
    // A player moved to the other network: its days under the first admin still count for it, read by
    // key (it is marked as having rows elsewhere), its new days under the second admin by its range.
    const across = await call(h, 'PUT', `/api${playerTier.api}/${ids.p3}`, { token: h.root.token, body: { updatedFields: { ...editSecrets(playerTier), refId: String(ids.m4) } } });
    expect(across.status).toBe(200);
    expect((await h.db.query(`SELECT play_elsewhere FROM accounts WHERE id = $1`, [ids.p3]))[0]!.play_elsewhere).toBe(true);
    await expectSameAsReference('a move to another network');
    await play([{ p: 'p3', ago: 1, play: 41, win: 0 }, { p: 'p3', ago: 0, play: 59, win: 3 }]);
    await expectSameAsReference('bets after a move to another network');
    // A refund of a stake of a day already paid for (a void after the send) leaves the pending play.
    await play([{ p: 'p1', ago: 1, play: -19, win: 0 }, { p: 'p3', ago: 0, play: -7, win: 0 }]);
    await expectSameAsReference('refunds before and after the paid day');

    // A deleted player's play leaves the figures above it.
    expect((await call(h, 'DELETE', `/api${playerTier.api}/${ids.p4}`, { token: h.root.token })).status).toBe(200);
    await expectSameAsReference('a delete');

    // Clear History of the admin's last two days (its per-day rows gone, the figures counted again).
    await h.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM daily_play WHERE admin_id = $1 AND day >= $2`, [ids.admin, dayAgo(2)]);
      await rebuildPlayAggregates(tx, { adminId: ids.admin, fromDay: dayAgo(2) });
    });
    await expectSameAsReference('Clear History');
    // Clear History as the product runs it (td_clear_play, a batch of players at a time): of days
    // already paid for in one network, of every day in the other, never paid.
    expect(await clearPlayFigures(h.db, ids.admin!, dayAgo(5), dayAgo(4), 2)).toBeGreaterThan(0);
    expect(await clearPlayFigures(h.db, ids.admin2!, dayAgo(6), dayAgo(1))).toBeGreaterThan(0);
    await expectSameAsReference('Clear History, batched');

    // A restore brings back the figures of the backup's time, counted from its players' rows.
    const { folder } = await exportBackup(h.db, place);
    await play(players.filter((p) => p !== 'p4').map((p) => ({ p, ago: 1, play: 5_000, win: 10 })));
    await importBackup(h.db, place, folder);
    await expectSameAsReference('a restore');
    // A bet taken for a player's old network as it was moved writes its play under an admin off the
    // player's path: the write marks the player (here p6, of the second admin, under the first).
    await h.db.transaction(async (tx) => {
      const d = { playerId: ids.p6!, day: dayAgo(1), play: 77n, win: 0n };
      await upsertDailyPlay(tx, { ...d, gameDbId: game, adminId: ids.admin! });
      await addPlayAggregates(tx, { adminId: ids.admin!, gameDbId: game, deltas: [d] });
    });
    expect((await h.db.query(`SELECT play_elsewhere FROM accounts WHERE id = $1`, [ids.p6]))[0]!.play_elsewhere).toBe(true);
    await expectSameAsReference('a bet written under the old network');
    // Some 1,500 reads compared: minutes on a busy machine.
  }, 600_000);

  // A send sets its players' pending play again from their day rows. A writer of a player's rows
  // (a bet, a settlement, a void) holds the player's account until it commits; the send waits for it
  // and counts what it wrote (or, if the writer waits, the writer adds its play after the send).
  it.runIf(ENGINE === 'postgres')('a send that meets a player’s uncommitted play counts it once', async () => {
    const admin2 = (await findRef(h.db, ids.admin2!))!;
    const p6 = ids.p6!;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const writing = h.db.transaction(async (tx) => {
      const d = { playerId: p6, day: dayAgo(0), play: 400n, win: 0n };
      await upsertDailyPlay(tx, { ...d, gameDbId: game, adminId: admin2.id });
      await addPlayAggregates(tx, { adminId: admin2.id, gameDbId: game, deltas: [d] });
      held();
      await released;
    });
    await holding;
    const sending = sendCommission(h.db, admin2, 'day', ids.root!);
    // The send waits for the player's account.
    await new Promise((r) => setTimeout(r, 300));
    release();
    await Promise.all([writing, sending]);
    const [p] = await h.db.query(`SELECT commission_paid_through::text AS paid FROM accounts WHERE id = $1`, [p6]);
    expect(p!.paid).toBe(dayAgo(1));
    await expectSameAsReference('a send racing a write');
  }, 120_000);
});
