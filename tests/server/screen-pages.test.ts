import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey, dayRange } from '../../domain/periods';
import { findRef } from '../../server/accounts/repository';
import { placeBet } from '../../server/games/bets';
import { rebuildPlayAggregates } from '../../server/games/repository';
import { exportBackup, importBackup, type BackupPlace } from '../../server/operations/backup';
import { clearHistory } from '../../server/operations/clearHistory';
import { call, engineAvailable, loginAs, startHarness, SUPERADMIN_PASSWORD, twoNetworks, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const TRIPLE = 'zuuhVbBM';
const HOUR = 3_600_000;

/**
 * Bet List and Online Players read a page first and count apart (the Bet List's count partly from
 * ticket_hours): every page, filter and caller answers what one query over every matching row
 * answers, and ticket_hours stays the tickets' own count through a bet, Clear History, a restore
 * and an emptied table.
 */
describe.runIf(engineAvailable())('screen pages: Bet List and Online Players against one query over every row', () => {
  let h: Harness;
  let acc: Record<string, { _id: string; username: string }> = {};
  let tok: Record<string, string> = {};
  const pathOf = async (id: string) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(id)]))[0]!.path);
  /** A whole UTC hour a day and a half ago: tickets sit on it, a microsecond before it and half a millisecond before the next. */
  const edge = Math.floor((Date.now() - 36 * HOUR) / HOUR) * HOUR;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-screen-pages-'));
  const place: BackupPlace = { dir, key: Buffer.from('screen-pages-test-signing-key-0123456789') };

  beforeAll(async () => {
    h = await startHarness();
    ({ acc, tok } = await twoNetworks(h));
    for (const k of ['a', 'b']) {
      // The pools' rounds, and tickets written by the bet path itself.
      const id = Number(acc[`player${k}`]!._id);
      const path = await pathOf(acc[`player${k}`]!._id);
      for (const game of [FUN_TARGET, TRIPLE]) await placeBet(h.db, { id, path }, game, [{ option: game === TRIPLE ? 'single:5' : '1', qty: 2 }]);
      // Twelve more players under each master: last logins that tie and that are missing, deleted ones, live and ended sessions.
      await h.db.query(
        `INSERT INTO accounts (username, role, parent_id, path, password_hash, last_login, deleted_at)
         SELECT 'sp_' || $2 || lpad(g::text, 2, '0'), 'player', m.id, m.path, m.password_hash,
                CASE WHEN g % 4 = 0 THEN NULL ELSE now() - make_interval(hours => (g % 5)::int) END, CASE WHEN g = 7 THEN now() END
           FROM accounts m CROSS JOIN generate_series(1, 12) g WHERE m.id = $1`,
        [Number(acc[`master${k}`]!._id), k],
      );
      await h.db.query(`UPDATE accounts SET path = path || id || '/' WHERE parent_id = $1 AND path NOT LIKE '%/' || id || '/'`, [Number(acc[`master${k}`]!._id)]);
    }
    await h.db.query(
      `INSERT INTO sessions (token_hash, account_id, ip, expires_at, revoked_at)
       SELECT 'sp-' || id || '-' || n, id, '10.0.0.1', now() + CASE WHEN n = 2 AND id % 2 = 0 THEN interval '-1 hour' ELSE interval '1 day' END, CASE WHEN n = 3 THEN now() END
         FROM accounts CROSS JOIN generate_series(1, 3) n
        WHERE username LIKE 'sp\\_%' AND (id % 3 = 0 OR (n > 1 AND id % 3 = 1))`,
    );

    // Tickets of every player of each admin over five days, their ids out of time order, some refunded,
    // some won; three on the edges of one hour. The bet path's per-day figures are made to match them.
    const rows: { round: string; player: string; admin: string; game: string; stake: number; win: number; at: string; refunded: boolean }[] = [];
    for (const k of ['a', 'b']) {
      const admin = acc[`admin${k}`]!._id;
      const rounds = await h.db.query(`SELECT id::text AS id, game_id::text AS game FROM rounds WHERE admin_id = $1 ORDER BY id`, [Number(admin)]);
      const players = (await h.db.query(`SELECT id::text AS id FROM accounts WHERE role = 'player' AND path LIKE $1 ORDER BY id`, [`${await pathOf(admin)}%`])).map((r) => String(r.id));
      for (let g = 1; g <= 240; g++) {
        const r = rounds[g % rounds.length]!;
        const at = new Date(Date.now() - ((g * 7919) % 240) * 1_023_457 - 60_000).toISOString();
        rows.push({ round: String(r.id), player: players[g % players.length]!, admin, game: String(r.game), stake: 100 + g, win: g % 3 === 0 ? 50 * g : 0, at, refunded: g % 11 === 0 });
      }
      const r = rounds[0]!;
      for (const at of [new Date(edge).toISOString(), `${new Date(edge - 1000).toISOString().slice(0, 19)}.999999Z`, `${new Date(edge + HOUR - 1000).toISOString().slice(0, 19)}.9995Z`])
        rows.push({ round: String(r.id), player: players[0]!, admin, game: String(r.game), stake: 7, win: 0, at, refunded: false });
    }
    await h.db.query(
      `INSERT INTO tickets (round_id, player_id, admin_id, game_id, stake, win, created_at, settled_at, refunded_at)
       SELECT x.r, x.p, x.a, x.g, x.s, x.w, x.t, CASE WHEN x.s % 4 <> 0 THEN x.t END, CASE WHEN x.f THEN x.t END
         FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::timestamptz[], $8::boolean[]) AS x(r, p, a, g, s, w, t, f)`,
      [rows.map((x) => x.round), rows.map((x) => x.player), rows.map((x) => x.admin), rows.map((x) => x.game), rows.map((x) => x.stake), rows.map((x) => x.win), rows.map((x) => x.at), rows.map((x) => x.refunded)],
    );
    const days = new Map<string, { player: string; day: string; game: string; admin: string; play: number; win: number }>();
    for (const x of rows) {
      const day = dayKey(new Date(x.at));
      const key = `${x.player} ${day} ${x.game}`;
      const d = days.get(key) ?? { player: x.player, day, game: x.game, admin: x.admin, play: 0, win: 0 };
      d.play += x.refunded ? 0 : x.stake;
      d.win += x.win;
      days.set(key, d);
    }
    const d = [...days.values()];
    await h.db.query(
      `INSERT INTO daily_play (player_id, day, game_id, admin_id, play, win)
       SELECT * FROM unnest($1::bigint[], $2::date[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])
       ON CONFLICT (player_id, day, game_id) DO UPDATE SET play = daily_play.play + EXCLUDED.play, win = daily_play.win + EXCLUDED.win`,
      [d.map((x) => x.player), d.map((x) => x.day), d.map((x) => x.game), d.map((x) => x.admin), d.map((x) => x.play), d.map((x) => x.win)],
    );
    await h.db.transaction((tx) => rebuildPlayAggregates(tx));
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  interface BetPage {
    total: number;
    totals: { play: number; win: number };
    data: { ticketId: string }[];
  }
  /** The Bet List as one query over every matching ticket answers it: ids newest first, count and sums. */
  const betsBefore = async (path: string, start: Date, end: Date, gameId?: string, playerId?: string) => {
    const rows = await h.db.query(
      `SELECT t.id::text AS id, t.stake::text AS stake, t.win::text AS win, t.refunded_at IS NOT NULL AS refunded FROM tickets t JOIN accounts p ON p.id = t.player_id
        WHERE p.path LIKE $1 AND t.created_at BETWEEN $2 AND $3 AND ($4::text IS NULL OR t.game_id = (SELECT id FROM games WHERE game_id = $4)) AND ($5::bigint IS NULL OR t.player_id = $5)
        ORDER BY t.id DESC`,
      [`${path}%`, start, end, gameId ?? null, playerId ?? null],
    );
    const sum = (k: 'stake' | 'win') => rows.reduce((s, r) => s + (k === 'stake' && r.refunded ? 0 : Number(r[k])), 0) / 100;
    return { ids: rows.map((r) => String(r.id)), play: sum('stake'), win: sum('win') };
  };
  const now = Date.now();
  const windows: [string, Date, Date][] = [
    ['six whole days', dayRange(new Date(now - 6 * 86_400_000), new Date(now)).start, dayRange(new Date(now - 6 * 86_400_000), new Date(now)).end],
    ['two whole days before today', dayRange(new Date(now - 3 * 86_400_000), new Date(now - 86_400_000)).start, dayRange(new Date(now - 3 * 86_400_000), new Date(now - 86_400_000)).end],
    ['the edge hour and the next, whole', new Date(edge), new Date(edge + 2 * HOUR - 1)],
    ['from the edge hour to just past the next', new Date(edge), new Date(edge + HOUR)],
    ['from half an hour before the edge to a day and a quarter hour after', new Date(edge - 1800_000), new Date(edge + 24 * HOUR + 900_000)],
    ['ending inside the edge hour', new Date(edge - 5 * HOUR - 1), new Date(edge + HOUR - 1)],
    ['shorter than two hours', new Date(edge - 1), new Date(edge + HOUR + 1)],
    ['in the future', new Date(now + HOUR), new Date(now + 30 * HOUR)],
  ];

  it('gives each caller, window, game and player the pages and totals of one query over every ticket', async () => {
    const callers = [
      { name: 'root', token: () => h.root.token, path: await pathOf(h.root.id) },
      { name: 'admin', token: () => tok.admina!, path: await pathOf(acc.admina!._id) },
      { name: 'master', token: () => tok.masterb!, path: await pathOf(acc.masterb!._id) },
    ];
    let pages = 0;
    for (const c of callers)
      for (const [label, start, end] of windows)
        for (const [gameId, playerId] of [[undefined, undefined], [TRIPLE, undefined], [undefined, c.name === 'admin' ? acc.playera!._id : acc.playerb!._id]] as const) {
          const want = await betsBefore(c.path, start, end, gameId, playerId);
          const last = Math.max(1, Math.ceil(want.ids.length / 7));
          for (const page of [...new Set([1, 2, 5, last, last + 1, 40])]) {
            const q = `startDate=${start.toISOString()}&endDate=${end.toISOString()}&page=${page}&limit=7${gameId ? `&gameId=${gameId}` : ''}${playerId ? `&userId=${playerId}` : ''}`;
            const r = await call(h, 'GET', `/api/history/gamehistory?${q}`, { token: c.token() });
            expect(r.status, JSON.stringify(r.json)).toBe(200);
            const got = r.json as unknown as BetPage;
            const what = `${c.name} ${label} ${q}`;
            expect(got.data.map((x) => x.ticketId), what).toEqual(want.ids.slice((page - 1) * 7, page * 7));
            expect([got.total, got.totals.play, got.totals.win], what).toEqual([want.ids.length, want.play, want.win]);
            pages++;
          }
        }
    expect(pages).toBeGreaterThan(300);
  });

  it('gives each caller the Online Players pages and total of one query over every player, past the middle and the end too', async () => {
    const live = `EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id AND s.revoked_at IS NULL AND s.expires_at > now())`;
    const today = dayKey(new Date());
    const callers = [
      { name: 'root', token: h.root.token, path: await pathOf(h.root.id) },
      { name: 'admin', token: tok.adminb!, path: await pathOf(acc.adminb!._id) },
      { name: 'master', token: tok.mastera!, path: await pathOf(acc.mastera!._id) },
    ];
    let pages = 0;
    for (const c of callers) {
      const all = await h.db.query(
        `SELECT a.id::text AS id, ${live} AS online, a.wallet_balance::text AS points,
                coalesce((SELECT sum(play) FROM daily_play d WHERE d.player_id = a.id AND d.day = $2), 0)::text AS play,
                coalesce((SELECT sum(win) FROM daily_play d WHERE d.player_id = a.id AND d.day = $2), 0)::text AS win
           FROM accounts a WHERE a.role = 'player' AND a.deleted_at IS NULL AND a.path LIKE $1
          ORDER BY ${live} DESC, a.last_login DESC NULLS LAST, a.id`,
        [`${c.path}%`, today],
      );
      const want = all.map((r) => ({ _id: String(r.id), isOnline: Boolean(r.online), points: Number(r.points) / 100, playPoints: Number(r.play) / 100, winPoints: Number(r.win) / 100 }));
      expect(want.some((x) => x.isOnline) && want.some((x) => !x.isOnline) && want.some((x) => x.playPoints > 0), c.name).toBe(true);
      const last = Math.ceil(want.length / 4);
      for (let page = 1; page <= last + 2; page++) {
        const r = await call(h, 'GET', `/api/onlinePlayer?page=${page}&limit=4`, { token: c.token });
        expect(r.status, JSON.stringify(r.json)).toBe(200);
        const got = (r.json.data as { _id: string; isOnline: boolean; points: number; playPoints: number; winPoints: number }[]).map(({ _id, isOnline, points, playPoints, winPoints }) => ({ _id, isOnline, points, playPoints, winPoints }));
        expect(got, `${c.name} page ${page}`).toEqual(want.slice((page - 1) * 4, page * 4));
        expect(r.json.total, `${c.name} page ${page}`).toBe(want.length);
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(15);
  });

  /** Whether ticket_hours holds exactly the tickets' count of each admin, game and hour (its added and removed rows together). */
  const hoursHold = async () => {
    const hour = `floor(extract(epoch FROM created_at) / 3600)::int`;
    const [r] = await h.db.query(
      `WITH kept AS (SELECT admin_id, hour, game_id, sum(tickets) AS n FROM ticket_hours GROUP BY 1, 2, 3 HAVING sum(tickets) <> 0)
       SELECT (SELECT count(*) FROM (SELECT * FROM kept EXCEPT SELECT admin_id, ${hour}, game_id, count(*) FROM tickets GROUP BY 1, 2, 3) x)::int AS extra,
              (SELECT count(*) FROM (SELECT admin_id, ${hour}, game_id, count(*) FROM tickets GROUP BY 1, 2, 3 EXCEPT SELECT * FROM kept) y)::int AS missing,
              (SELECT coalesce(sum(tickets), 0) FROM ticket_hours)::int AS counted, (SELECT count(*) FROM tickets)::int AS tickets`,
    );
    expect(r, 'ticket_hours against the tickets').toMatchObject({ extra: 0, missing: 0, counted: r!.tickets });
    return Number(r!.tickets);
  };
  /** The root's Bet List total over the six whole days, as the one query counts it. */
  const rootTotalHolds = async (token: string) => {
    const [, start, end] = windows[0]!;
    const r = await call(h, 'GET', `/api/history/gamehistory?startDate=${start.toISOString()}&endDate=${end.toISOString()}&limit=1`, { token });
    expect(r.status).toBe(200);
    expect(r.json.total).toBe((await betsBefore(await pathOf(h.root.id), start, end)).ids.length);
  };

  it('lets a bet through while a deletion of its hour’s tickets is not committed yet', async () => {
    // PGlite runs one transaction at a time: the bet would wait for the deletion whatever it locks.
    if (h.db.engine !== 'postgres') return;
    const id = Number(acc.playera!._id);
    const path = await pathOf(acc.playera!._id);
    const [t] = await h.db.query(
      `INSERT INTO tickets (round_id, player_id, admin_id, game_id, stake, created_at, settled_at)
       SELECT r.id, $1, r.admin_id, r.game_id, 5, now(), now() FROM rounds r JOIN games g ON g.id = r.game_id WHERE r.admin_id = $2 AND g.game_id = $3 ORDER BY r.id LIMIT 1
       RETURNING id`,
      [id, Number(acc.admina!._id), FUN_TARGET],
    );
    const before = await hoursHold();
    await h.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM tickets WHERE id = $1`, [t!.id]);
      const started = Date.now();
      await placeBet(h.db, { id, path }, FUN_TARGET, [{ option: '4', qty: 1 }]);
      expect(Date.now() - started).toBeLessThan(2000);
    });
    expect(await hoursHold()).toBe(before);
  });

  it('keeps ticket_hours the tickets’ count through a bet, Clear History, a restore and an emptied table', async () => {
    const before = await hoursHold();
    const id = Number(acc.playera!._id);
    await placeBet(h.db, { id, path: await pathOf(acc.playera!._id) }, FUN_TARGET, [{ option: '2', qty: 1 }]);
    expect(await hoursHold()).toBe(before + 1);
    await rootTotalHolds(h.root.token);

    // Admin a's settled tickets of the last three days go; admin b's and the unsettled stay.
    const [, start] = windows[1]!;
    const out = await clearHistory(h.db, place, (await findRef(h.db, Number(acc.admina!._id)))!, ['ticket'], dayRange(start, new Date()));
    expect(out.counts.ticket).toBeGreaterThan(10);
    expect(await hoursHold()).toBe(before + 1 - out.counts.ticket!);
    await rootTotalHolds(h.root.token);

    // A restore empties the tables and loads the tickets again: counted once, not on top of what was there.
    const { folder } = await exportBackup(h.db, place);
    await placeBet(h.db, { id, path: await pathOf(acc.playera!._id) }, FUN_TARGET, [{ option: '3', qty: 1 }]);
    await importBackup(h.db, place, folder);
    expect(await hoursHold()).toBe(before + 1 - out.counts.ticket!);
    const root = await loginAs(h, 'superadmin', SUPERADMIN_PASSWORD);
    await rootTotalHolds(root);
    // The restore counted them once it had loaded them, and bets are counted again after it.
    await placeBet(h.db, { id, path: await pathOf(acc.playera!._id) }, TRIPLE, [{ option: 'single:1', qty: 1 }]);
    expect(await hoursHold()).toBe(before + 2 - out.counts.ticket!);
    await rootTotalHolds(root);

    await h.db.query(`TRUNCATE tickets, ticket_lines`);
    expect(await hoursHold()).toBe(0);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM ticket_hours`))[0]!.n).toBe(0);
  });
});
