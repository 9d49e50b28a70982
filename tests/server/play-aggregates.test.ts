/**
 * The coarser per-day figures the reports read (player_days with running totals, admin_game_days)
 * against the tickets they come from, after bets and settlements (a round across midnight pays its
 * winners on the day they bet, after they bet on the next day), a player moved to another admin's
 * network, Clear History of the per-day figures and a restore; and the turnover, revenue and admin
 * commission figures read from them against the same figures made the earlier way, from every
 * daily_play row of the period with turnoverRows, for every account and period.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { percentToBp, turnoverRows, type TreeNode } from '../../domain/commission';
import { roundWindow } from '../../domain/games';
import { centsToPoints } from '../../domain/money';
import { dayKey } from '../../domain/periods';
import { CHAIN, childTierOf, COMMISSION_SPLIT, COMMISSION_TIERS, type Role } from '../../resources.config';
import { findRef, reparent, type AccountRef } from '../../server/accounts/repository';
import { checkInvariant } from '../../server/credit/ledger';
import type { Queryable } from '../../server/db/client';
import { placeBet } from '../../server/games/bets';
import { settleRound } from '../../server/games/settle';
import { importBackup } from '../../server/operations/backup';
import { clearHistory } from '../../server/operations/clearHistory';
import { adminGamePlay, playByDay } from '../../server/reports/repository';
import { playSincePaid, sendCommission } from '../../server/reports/commission';
import { GAME_TIER, LEAF_TIER } from '../../resources.config';
import { turnoverOf } from '../../server/reports/turnover';
import { ENGINE } from './engine';
import { createAs, createUnder, engineAvailable, fund, loginAs, startHarness, SUPERADMIN_PASSWORD, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const FUN_TIMER = 'acqOpdff';
/** Local calendar days (the server's time zone), mid-morning unless a test says otherwise. */
const at = (day: number, h = 10, m = 0, s = 5) => new Date(2026, 10, day, h, m, s);

interface Player {
  id: number;
  path: string;
}

describe.runIf(engineAvailable())('per-day aggregates: player_days and admin_game_days', () => {
  let h: Harness;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-aggregates-'));
  const SIGNING_KEY = Buffer.from('aggregates-test-signing-key-0123456789');
  const admins: number[] = [];
  const masters: number[] = [];
  const players: Player[] = [];
  const gameDb = new Map<string, number>();

  const pathOf = async (id: number) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [id]))[0].path);
  const ref = async (id: number) => (await findRef(h.db, id))!;

  beforeAll(async () => {
    h = await startHarness({ backupDir: dir, backupSigningKey: SIGNING_KEY.toString() });
    for (const g of [FUN_TARGET, FUN_TIMER]) gameDb.set(g, Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [g]))[0].id));
    await h.db.query(`UPDATE games SET time_seconds = 60 WHERE game_id = ANY($1::text[])`, [[FUN_TARGET, FUN_TIMER]]);
    const games = [...gameDb.values()].map(String);
    // Two admins, each: a super area manager (5 %), an area manager (3 %), two masters (2 %, 1.5 %),
    // three players under each master at 1 %, 0.5 % and 0 %.
    for (let a = 0; a < 2; a++) {
      const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games });
      admins.push(Number(admin._id));
      const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
      const am = await createAs(h, h.root.token, 'areamanager', sam._id);
      await h.db.query(`UPDATE accounts SET commission = $2 WHERE id = $1`, [Number(sam._id), '5']);
      await h.db.query(`UPDATE accounts SET commission = $2 WHERE id = $1`, [Number(am._id), '3']);
      for (const mpct of ['2', '1.5']) {
        const master = await createUnder(h, h.root.token, 'master', am._id);
        masters.push(Number(master._id));
        await h.db.query(`UPDATE accounts SET commission = $2 WHERE id = $1`, [Number(master._id), mpct]);
        for (const ppct of ['1', '0.5', '0']) {
          const p = await createAs(h, h.root.token, 'player', master._id);
          await h.db.query(`UPDATE accounts SET commission = $2 WHERE id = $1`, [Number(p._id), ppct]);
          await fund(h, p._id, 2000, 'player');
          players.push({ id: Number(p._id), path: await pathOf(Number(p._id)) });
        }
      }
    }
  }, 300_000);
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Forces the next result of an admin's game (its players on that option win) and settles the round of `t` at `settleAt`. */
  async function settle(adminId: number, game: string, t: Date, settleAt: Date, outcome = '7') {
    await h.db.query(`INSERT INTO console_results (admin_id, game_id, outcome, booster, created_by, created_at) VALUES ($1, $2, $3, 1, $1, $4)`, [adminId, gameDb.get(game), outcome, t]);
    const [round] = await h.db.query(`SELECT id FROM rounds WHERE admin_id = $1 AND game_id = $2 AND draw_no = $3`, [adminId, gameDb.get(game), roundWindow(t, 60).drawNo]);
    const s = await settleRound(h.db, Number(round.id), settleAt);
    expect(s, 'settled').not.toBeNull();
  }
  const adminOf = (p: Player) => Number(p.path.split('/').filter(Boolean)[1]);
  const bet = (p: Player, game: string, option: string, qty: number, t: Date) => placeBet(h.db, p, game, [{ option, qty }], t);

  /** The rows player_days and admin_game_days must hold: the tickets' stakes and wins by their day, minus what `skip` leaves out. */
  async function expected(skip: (t: { admin: number; day: string }) => boolean = () => false) {
    const tickets = await h.db.query(`SELECT player_id, admin_id, game_id, created_at, stake::text AS stake, win::text AS win FROM tickets`);
    const perDay = new Map<string, { player: number; admin: number; day: string; play: bigint; win: bigint }>();
    const perGame = new Map<string, { admin: number; day: string; game: number; play: bigint; win: bigint }>();
    for (const t of tickets) {
      const day = dayKey(new Date(t.created_at as string | Date));
      const admin = Number(t.admin_id);
      if (skip({ admin, day })) continue;
      const k = `${t.player_id}/${admin}/${day}`;
      const d = perDay.get(k) ?? { player: Number(t.player_id), admin, day, play: 0n, win: 0n };
      d.play += BigInt(String(t.stake));
      d.win += BigInt(String(t.win));
      perDay.set(k, d);
      const g = `${admin}/${day}/${t.game_id}`;
      const e = perGame.get(g) ?? { admin, day, game: Number(t.game_id), play: 0n, win: 0n };
      e.play += BigInt(String(t.stake));
      e.win += BigInt(String(t.win));
      perGame.set(g, e);
    }
    // Running totals per player and admin, day after day; each row in force until the next one's day.
    const rows = [...perDay.values()].sort((a, b) => a.player - b.player || a.admin - b.admin || a.day.localeCompare(b.day));
    const playerDays = rows.map((r, i) => {
      const same = (x: (typeof rows)[number] | undefined) => x && x.player === r.player && x.admin === r.admin;
      const before = rows.slice(0, i + 1).filter((x) => same(x));
      const next = same(rows[i + 1]) ? rows[i + 1]!.day : null;
      return [r.player, r.admin, r.day, next, String(r.play), String(r.win), String(before.reduce((s, x) => s + x.play, 0n)), String(before.reduce((s, x) => s + x.win, 0n))].join(' ');
    });
    const adminGameDays = [...perGame.values()].sort((a, b) => a.admin - b.admin || a.day.localeCompare(b.day) || a.game - b.game).map((r) => [r.admin, r.day, r.game, String(r.play), String(r.win)].join(' '));
    return { playerDays, adminGameDays };
  }
  async function stored() {
    const pd = await h.db.query(
      `SELECT player_id, admin_id, day::text AS day, until::text AS until, play::text AS play, win::text AS win, run_play::text AS rp, run_win::text AS rw
         FROM player_days ORDER BY player_id, admin_id, day`,
    );
    const agd = await h.db.query(`SELECT admin_id, day::text AS day, game_id, play::text AS play, win::text AS win FROM admin_game_days ORDER BY admin_id, day, game_id`);
    return {
      playerDays: pd.map((r) => [Number(r.player_id), Number(r.admin_id), r.day, r.until ?? null, r.play, r.win, r.rp, r.rw].join(' ')),
      adminGameDays: agd.map((r) => [Number(r.admin_id), r.day, Number(r.game_id), r.play, r.win].join(' ')),
    };
  }

  /** The turnover rows as the reports made them before player_days: every daily_play row of the period, summed per player, then turnoverRows. */
  async function turnoverFromDailyPlay(q: Queryable, view: AccountRef, days: { from: string; to: string }, allChildren = false) {
    const child = childTierOf(view.role as Role);
    const rowsOf =
      view.role === LEAF_TIER
        ? await q.query(`SELECT id, username, role, commission::text AS commission FROM accounts WHERE id = $1`, [view.id])
        : await q.query(
            `SELECT id, username, role, commission::text AS commission FROM accounts WHERE parent_id = $1 AND deleted_at IS NULL ${allChildren ? `AND role <> 'pool'` : 'AND role = $2'} ORDER BY id`,
            allChildren ? [view.id] : [view.id, child?.role ?? ''],
          );
    const plays = await q.query(
      `WITH admins AS (SELECT id FROM accounts WHERE role = $5 AND (path LIKE $1 OR $4 LIKE path || '%')),
            per AS (SELECT player_id, sum(play) AS play, sum(win) AS win FROM daily_play
                     WHERE day BETWEEN $2 AND $3 AND admin_id IN (SELECT id FROM admins) GROUP BY player_id)
       SELECT a.id, a.role, a.path, a.commission::text AS commission, per.play::text AS play, per.win::text AS win
         FROM per JOIN accounts a ON a.id = per.player_id WHERE a.path LIKE $1`,
      [`${view.path}%`, days.from, days.to, view.path, GAME_TIER],
    );
    const all = await q.query(`SELECT id, role, path, commission::text AS commission FROM accounts`);
    const nodes = new Map<number, TreeNode>(
      all.map((r) => [Number(r.id), { id: Number(r.id), role: String(r.role), commissionBp: percentToBp(String(r.commission)), lineage: String(r.path).split('/').filter(Boolean).map(Number) }]),
    );
    const figures = turnoverRows(
      rowsOf.map((r) => Number(r.id)),
      plays.map((p) => ({ player: nodes.get(Number(p.id))!, playCents: BigInt(String(p.play)), winCents: BigInt(String(p.win)) })),
      nodes,
      COMMISSION_SPLIT,
    );
    return rowsOf.map((r) => {
      const f = figures.get(Number(r.id))!;
      return {
        id: String(r.id),
        username: String(r.username),
        role: String(r.role),
        compercentage: Number(r.commission),
        playPoints: centsToPoints(f.playCents),
        winPoints: centsToPoints(f.winCents),
        endPoints: centsToPoints(f.endCents),
        ...Object.fromEntries(Object.entries(f.columns).map(([c, cents]) => [c, centsToPoints(cents)])),
        commission: centsToPoints(f.commission),
        netToPay: centsToPoints(f.netToPay),
      };
    });
  }

  const PERIODS = [
    [17, 17], // before anything
    [20, 20],
    [21, 21],
    [22, 22],
    [20, 22],
    [21, 22],
    [20, 21],
    [19, 25],
    [22, 25],
  ].map(([a, b]) => ({ from: dayKey(at(a!)), to: dayKey(at(b!)) }));

  /** Every report figure of every staff account and player, over every period, equals the earlier way's. */
  async function expectReportsAsBefore() {
    const ids = (await h.db.query(`SELECT id FROM accounts WHERE role NOT IN ('pool', 'gift', 'loan', 'otc') AND deleted_at IS NULL ORDER BY id`)).map((r) => Number(r.id));
    let compared = 0;
    for (const days of PERIODS)
      for (const id of ids) {
        const view = await ref(id);
        expect(await turnoverOf(h.db, view, days), `${view.role} ${id} ${days.from}..${days.to}`).toEqual(await turnoverFromDailyPlay(h.db, view, days));
        if (view.role === GAME_TIER) expect(await turnoverOf(h.db, view, days, { allChildren: true })).toEqual(await turnoverFromDailyPlay(h.db, view, days, true));
        compared++;
      }
    // The dashboard's chart, against daily_play: per day, an admin's play on its games, anyone else's its players' play.
    for (const id of ids) {
      const view = await ref(id);
      if (view.role === LEAF_TIER) continue;
      const days = { from: dayKey(at(17)), to: dayKey(at(25)) };
      const earlier = await h.db.query(
        `SELECT d.day::text AS day, sum(d.play)::text AS play, sum(d.win)::text AS win FROM daily_play d JOIN accounts p ON p.id = d.player_id
          WHERE ${view.role === GAME_TIER ? 'd.admin_id = $4 AND $1::text IS NOT NULL' : 'p.path LIKE $1'} AND d.day BETWEEN $2 AND $3 GROUP BY d.day HAVING sum(d.play) <> 0 OR sum(d.win) <> 0 ORDER BY d.day`,
        [`${view.path}%`, days.from, days.to, ...(view.role === GAME_TIER ? [view.id] : [])],
      );
      const now = [...(await playByDay(h.db, view, days))].filter(([, f]) => f.playCents !== 0n || f.winCents !== 0n).sort(([a], [b]) => a.localeCompare(b));
      expect(now.map(([day, f]) => `${day} ${f.playCents} ${f.winCents}`), `${view.role} ${id} by day`).toEqual(earlier.map((e) => `${String(e.day).slice(0, 10)} ${e.play} ${e.win}`));
    }
    // Admin commission: per admin and game, against daily_play.
    for (const days of PERIODS) {
      const earlier = await h.db.query(
        `SELECT admin_id, game_id, sum(play)::text AS play, sum(win)::text AS win FROM daily_play WHERE day BETWEEN $1 AND $2 GROUP BY 1, 2`,
        [days.from, days.to],
      );
      const now = await adminGamePlay(h.db, '/', days);
      const played = now.filter((x) => x.playCents > 0n || x.winCents > 0n);
      expect(played.map((x) => `${x.username} ${x.gameId} ${x.playCents} ${x.winCents}`).sort()).toEqual(
        await Promise.all(
          earlier.map(async (e) => {
            const [a] = await h.db.query(`SELECT a.username, g.game_id FROM accounts a, games g WHERE a.id = $1 AND g.id = $2`, [Number(e.admin_id), Number(e.game_id)]);
            return `${a.username} ${a.game_id} ${e.play} ${e.win}`;
          }),
        ).then((x) => x.sort()),
      );
    }
    return compared;
  }

  /**
   * Commission's play since last paid (Commission Payout, its preview and the send) against the same
   * figures summed from every daily_play row, as it was read before the running totals: for every
   * staff account, every earning tier below it and all of them at once, with no period and with each
   * period, while the accounts' last paid days are spread over none, before, inside and after the play.
   */
  /** Every player's kept pending play is its day rows' play after its last paid day (none here: every day). */
  async function expectPendingKept() {
    const rows = await h.db.query(
      `SELECT a.id::text AS id, a.pending_play::text AS kept,
              coalesce((SELECT sum(d.play) FROM daily_play d WHERE d.player_id = a.id AND d.day > coalesce(a.commission_paid_through, '-infinity'::date)), 0)::text AS counted
         FROM accounts a WHERE a.role = $1 ORDER BY a.id`,
      [LEAF_TIER],
    );
    expect(rows.length).toBe(players.length);
    expect(rows.filter((r) => r.kept !== '0').length, 'players with pending play').toBeGreaterThan(0);
    expect(rows.map((r) => `${String(r.id)} ${String(r.kept)}`)).toEqual(rows.map((r) => `${String(r.id)} ${String(r.counted)}`));
  }

  async function expectCommissionAsBefore() {
    const earning = COMMISSION_TIERS.map((t) => t.role);
    const fromDailyPlay = (root: AccountRef, within: { from: string; to: string } | undefined, roles: readonly string[]) =>
      h.db.query(
        `SELECT e.id, e.username, e.role, e.commission::text AS commission,
                coalesce(sum(d.play), 0)::text AS play, coalesce(sum(d.win), 0)::text AS win
           FROM accounts e
           LEFT JOIN accounts p ON p.role = $3 AND p.deleted_at IS NULL AND p.path LIKE e.path || '%'
           LEFT JOIN daily_play d ON d.player_id = p.id
                AND (e.commission_paid_through IS NULL OR d.day > e.commission_paid_through)
                ${within ? 'AND d.day BETWEEN $4 AND $5' : ''}
          WHERE e.path LIKE $1 AND e.deleted_at IS NULL AND e.role = ANY($2::text[])
          GROUP BY e.id ORDER BY e.id`,
        [`${root.path}%`, roles, LEAF_TIER, ...(within ? [within.from, within.to] : [])],
      );
    const staff = CHAIN.filter((r) => r !== LEAF_TIER);
    const views = (await h.db.query(`SELECT id FROM accounts WHERE role = ANY($1::text[]) AND deleted_at IS NULL ORDER BY id`, [staff])).map((r) => Number(r.id));
    const paidDays = [null, dayKey(at(19)), dayKey(at(20)), dayKey(at(21)), dayKey(at(22)), dayKey(at(25))];
    let compared = 0;
    // A deleted player's play counts for no one.
    const gone = players[players.length - 1]!.id;
    await h.db.query(`UPDATE accounts SET deleted_at = now() WHERE id = $1`, [gone]);
    try {
      for (let spread = 0; spread < 3; spread++) {
        // Each earning account its own last paid day, shifted each round so every account meets several.
        await h.db.query(`UPDATE accounts SET commission_paid_through = ($1::date[])[1 + (id + $2) % 6] WHERE role = ANY($3::text[])`, [paidDays, spread, earning]);
        for (const id of views) {
          const view = await ref(id);
          for (const roles of [earning, ...earning.map((r) => [r])])
            for (const within of [undefined, ...PERIODS]) {
              const role = roles.length === 1 ? (roles[0] as Role) : undefined;
              expect(await playSincePaid(h.db, view, within, role), `${view.role} ${id} ${roles.join(',')} ${within ? `${within.from}..${within.to}` : 'since paid'}`).toEqual(
                (await fromDailyPlay(view, within, roles)).map((r) => ({ ...r, id: Number(r.id), commission: Number(r.commission), play: BigInt(String(r.play)), win: BigInt(String(r.win)) })),
              );
              compared++;
            }
        }
      }
    } finally {
      await h.db.query(`UPDATE accounts SET commission_paid_through = NULL`);
      await h.db.query(`UPDATE accounts SET deleted_at = NULL WHERE id = $1`, [gone]);
    }
    return compared;
  }

  it('hold the tickets’ figures after bets and settlements, a round across midnight and a moved player', async () => {
    // Day 20: every player bets on both games; 7 wins on Fun Target.
    for (const p of players) {
      await bet(p, FUN_TARGET, p.id % 2 ? '7' : '3', 1 + (p.id % 4), at(20));
      await bet(p, FUN_TIMER, '5', 2, at(20, 10, 0, 30));
    }
    for (const a of admins) {
      await settle(a, FUN_TARGET, at(20), at(20, 10, 1, 5));
      await settle(a, FUN_TIMER, at(20), at(20, 10, 1, 5), '5');
    }
    // A round across midnight: bets at 23:59 on day 20, the same players bet on day 21 first, then
    // the round is settled: its wins belong to day 20, before the day-21 rows.
    const late = at(20, 23, 59, 20);
    const early = at(21, 0, 0, 10);
    for (const p of players.slice(0, 8)) await bet(p, FUN_TARGET, '7', 3, late);
    for (const p of players.slice(0, 8)) await bet(p, FUN_TIMER, '1', 1, early);
    for (const a of admins) await settle(a, FUN_TARGET, late, early);
    expect((await stored()).playerDays).toEqual((await expected()).playerDays);
    // A player of the first admin moves under a master of the second, and plays there on day 22.
    const moved = players[0]!;
    await h.db.transaction(async (tx) => reparent(tx, (await findRef(tx, moved.id))!, (await findRef(tx, masters[2]!))!));
    moved.path = await pathOf(moved.id);
    expect(adminOf(moved)).toBe(admins[1]);
    for (const p of players.filter((_, i) => i % 3 !== 1)) await bet(p, FUN_TARGET, '7', 2, at(22));
    for (const a of admins) await settle(a, FUN_TARGET, at(22), at(22, 10, 1, 5));
    const now = await stored();
    const want = await expected();
    expect(now.playerDays).toEqual(want.playerDays);
    expect(now.adminGameDays).toEqual(want.adminGameDays);
    // The moved player has a series under each admin.
    expect(new Set(now.playerDays.filter((r) => r.startsWith(`${moved.id} `)).map((r) => r.split(' ')[1])).size).toBe(2);
    expect(await expectReportsAsBefore()).toBeGreaterThan(100);
    await expectPendingKept();
    expect(await expectCommissionAsBefore()).toBeGreaterThan(1000);
  }, 300_000);

  it('follow Clear History of the per-day figures, and a restore', async () => {
    const full = await stored();
    const a = (await ref(admins[0]!))!;
    const cleared = await clearHistory(h.db, { dir, key: SIGNING_KEY }, a, ['frequency'], { start: at(21, 0, 0, 0), end: new Date(2026, 10, 21, 23, 59, 59, 999) });
    expect(cleared.counts.frequency).toBeGreaterThan(0);
    const now = await stored();
    const want = await expected((t) => t.admin === admins[0] && t.day === dayKey(at(21)));
    expect(now.playerDays).toEqual(want.playerDays);
    expect(now.adminGameDays).toEqual(want.adminGameDays);
    expect(now.playerDays).not.toEqual(full.playerDays);
    await expectReportsAsBefore();
    await expectPendingKept();
    await expectCommissionAsBefore();
    // Bets after the clear continue the rebuilt running totals.
    for (const p of players.slice(0, 4)) await bet(p, FUN_TARGET, '2', 1, at(22, 11));
    expect((await stored()).playerDays).toEqual((await expected((t) => t.admin === admins[0] && t.day === dayKey(at(21)))).playerDays);
    // The backup the clear took brings every figure back, and bets go on from there.
    await importBackup(h.db, { dir, key: SIGNING_KEY }, cleared.backup);
    expect(await stored()).toEqual(full);
    for (const p of players.slice(0, 4)) await bet(p, FUN_TARGET, '2', 1, at(22, 11));
    const after = await stored();
    const all = await expected();
    expect(after.playerDays).toEqual(all.playerDays);
    expect(after.adminGameDays).toEqual(all.adminGameDays);
    await expectReportsAsBefore();
    await expectPendingKept();
  }, 300_000);

  // The next day's bets here are on the other game: a settlement across midnight and next-day bets on
  // the same pool deadlock on the two wallets (the pool's and a winner's, taken in opposite orders;
  // so on the code before these aggregates too), which is not what this test is about.
  it.runIf(ENGINE === 'postgres')('stay exact when a settlement across midnight races the players’ first bets of the next day', async () => {
    for (let night = 0; night < 3; night++) {
      const late = at(23 + night, 23, 59, 20);
      const early = at(24 + night, 0, 0, 10);
      const group = players.filter((p) => adminOf(p) === admins[1]);
      for (const p of group) await bet(p, FUN_TARGET, '7', 1, late);
      await h.db.query(`INSERT INTO console_results (admin_id, game_id, outcome, booster, created_by, created_at) VALUES ($1, $2, '7', 1, $1, $3)`, [admins[1], gameDb.get(FUN_TARGET), late]);
      const [round] = await h.db.query(`SELECT id FROM rounds WHERE admin_id = $1 AND game_id = $2 AND draw_no = $3`, [admins[1], gameDb.get(FUN_TARGET), roundWindow(late, 60).drawNo]);
      const outcomes = await Promise.allSettled([
        settleRound(h.db, Number(round.id), early),
        ...group.flatMap((p) => [bet(p, FUN_TIMER, '4', 1, early), bet(p, FUN_TIMER, '6', 2, early)]),
      ]);
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
    }
    const now = await stored();
    const want = await expected();
    expect(now.playerDays).toEqual(want.playerDays);
    expect(now.adminGameDays).toEqual(want.adminGameDays);
  }, 300_000);

  // A send sets its players' pending play again from their day rows while their bets go on: a bet
  // committed before it is counted, one waiting for it adds its play after, none lost or doubled.
  it.runIf(ENGINE === 'postgres')('keep each player’s pending play exact when commission sends race its bets', async () => {
    const admin = (await ref(admins[0]!))!;
    // The restore above ended every session.
    h.root.token = await loginAs(h, 'superadmin', SUPERADMIN_PASSWORD);
    await fund(h, String(admin.id), 10_000, 'admin');
    const group = players.filter((p) => adminOf(p) === admins[0]);
    // The day the sends pay for.
    for (const p of group) await bet(p, FUN_TIMER, '3', 2, at(28, 12));
    const sendNow = at(29, 12);
    const outcomes = await Promise.allSettled([
      ...[0, 1, 2].map(async (k) => {
        await new Promise((r) => setTimeout(r, 5 * k));
        return sendCommission(h.db, admin, 'day', admin.id, sendNow);
      }),
      ...group.flatMap((p, i) => [bet(p, FUN_TIMER, '4', 1 + (i % 3), at(29, 12)), bet(p, FUN_TARGET, '6', 1, at(29, 12, 0, 20))]),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
    const paid = await h.db.query(`SELECT count(*)::int AS n FROM accounts WHERE path LIKE $1 AND role = $2 AND commission_paid_through = $3`, [`${admin.path}%`, LEAF_TIER, dayKey(at(28))]);
    expect(paid[0]!.n).toBe(group.length);
    const sent = outcomes.slice(0, 3).map((o) => (o as PromiseFulfilledResult<Awaited<ReturnType<typeof sendCommission>>>).value.paid);
    expect(sent.filter((c) => c > 0n), 'one send pays day 28').toHaveLength(1);
    await expectPendingKept();
    // Today's play is pending, and only today's.
    const today = await h.db.query(`SELECT coalesce(sum(pending_play), 0)::text AS kept, (SELECT coalesce(sum(play), 0) FROM daily_play WHERE admin_id = $1 AND day = $2)::text AS played FROM accounts WHERE path LIKE $3 AND role = $4`, [
      admins[0],
      dayKey(at(29)),
      `${admin.path}%`,
      LEAF_TIER,
    ]);
    expect(today[0]!.kept).toBe(today[0]!.played);
    expect(BigInt(String(today[0]!.kept))).toBeGreaterThan(0n);
  }, 120_000);
});
