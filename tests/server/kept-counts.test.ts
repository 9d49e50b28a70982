import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey, dayRange } from '../../domain/periods';
import { findRef, reparent } from '../../server/accounts/repository';
import { writeActivity } from '../../server/activity/log';
import { subject } from '../../domain/activity';
import { exportBackup, importBackup, type BackupPlace } from '../../server/operations/backup';
import { clearHistory } from '../../server/operations/clearHistory';
import { listLogs } from '../../server/operations/logs.repository';
import { flushCounts } from '../../server/db/keptCounts';
import { COUNTS_EXACT, keptCountsAgainstRows, type CountsRead } from './keptCountsCheck';
import { transactionsOf } from '../../server/reports/transactions';
import { call, engineAvailable, fund, loginAs, startHarness, SUPERADMIN_PASSWORD, twoNetworks, type Harness } from './harness';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * Log Activities and the Transaction Report read their totals from counts the writers keep
 * (activity_counts, ledger_counts): every page, filter, search and caller answers what one query
 * over every matching row answers, and the counts stay the rows' own through requests, transfers, a
 * move of accounts to another parent, Clear History, a restore and an emptied table.
 */
describe.runIf(engineAvailable())('kept counts: Log Activities and the Transaction Report against one query over every row', () => {
  let h: Harness;
  let acc: Record<string, { _id: string; username: string }> = {};
  let tok: Record<string, string> = {};
  const pathOf = async (id: string) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(id)]))[0]!.path);
  /** A whole UTC hour two days ago: rows sit on it, a microsecond before it and half a millisecond before the next. */
  const edge = Math.floor((Date.now() - 48 * HOUR) / HOUR) * HOUR;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-kept-counts-'));
  const place: BackupPlace = { dir, key: Buffer.from('kept-counts-test-signing-key-0123456789') };
  /** The edge day's last instant as a day filter reads it (its end, included), and half a millisecond after it (outside). */
  const dayEnd = dayRange(new Date(edge), new Date(edge)).end.toISOString();
  const edgeTimes = () => [
    new Date(edge).toISOString(),
    `${new Date(edge - 1000).toISOString().slice(0, 19)}.999999Z`,
    `${new Date(edge + HOUR - 1000).toISOString().slice(0, 19)}.9995Z`,
    dayEnd,
    `${dayEnd.slice(0, 23)}5Z`,
  ];

  beforeAll(async () => {
    h = await startHarness();
    ({ acc, tok } = await twoNetworks(h));
    const everyone = (await h.db.query(`SELECT id::text AS id, username FROM accounts WHERE role <> 'pool' ORDER BY id`)).map((r) => ({ id: String(r.id), username: String(r.username) }));
    // Activity rows of every account and of no account over five days, their ids out of time order; a
    // bulk subject shared by more rows than a search reads from its matches; rows on an hour's edges.
    const logs: { account: string | null; username: string | null; subject: string; at: string }[] = [];
    for (let g = 1; g <= 6400; g++) {
      const a = g % 13 === 0 ? null : everyone[g % everyone.length]!;
      const at = new Date(Date.now() - ((g * 7919) % 4000) * 107_999 - 60_000).toISOString();
      logs.push({ account: a?.id ?? null, username: a?.username ?? `ghost${g % 7}`, subject: g % 5 === 0 ? `Login ${g}` : `Bulk event ${g % 50}`, at });
    }
    for (const a of [everyone[1]!, everyone[everyone.length - 1]!]) for (const at of edgeTimes()) logs.push({ account: a.id, username: a.username, subject: 'Edge', at });
    await h.db.query(
      `INSERT INTO activity_logs (account_id, username, subject, request_url, method, ip_address, created_at)
       SELECT x.a, x.u, x.s, '/api/test', 'POST', '10.0.0.9', x.t FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[]) AS x(a, u, s, t)`,
      [logs.map((x) => x.account), logs.map((x) => x.username), logs.map((x) => x.subject), logs.map((x) => x.at)],
    );
    // Ledger rows in balanced pairs (every balance stays its rows' sum): between accounts of one
    // network, of both, and with an account outside both; every status; rows on the edges.
    const pairs: { from: string; to: string; status: string; at: string }[] = [];
    for (let g = 1; g <= 900; g++) {
      const from = everyone[g % everyone.length]!.id;
      const to = everyone[(g * 7 + 3) % everyone.length]!.id;
      if (from === to) continue;
      const status = ['completed', 'completed', 'pending', 'cancelled'][g % 4]!;
      pairs.push({ from, to, status, at: new Date(Date.now() - ((g * 104_729) % 4000) * 107_999 - 60_000).toISOString() });
    }
    for (const at of edgeTimes()) pairs.push({ from: acc.playera!._id, to: acc.mastera!._id, status: 'completed', at });
    await h.db.query(
      `INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, status, message, created_at)
       SELECT s, r, 100, 'transfer', s, x.st, 'test', x.t FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamptz[]) AS x(f, o, st, t),
              LATERAL (VALUES (x.f, x.o), (x.o, x.f)) v(s, r)`,
      [pairs.map((x) => x.from), pairs.map((x) => x.to), pairs.map((x) => x.status), pairs.map((x) => x.at)],
    );
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const now = Date.now();
  const ranges: [string, { start: Date; end: Date } | undefined][] = [
    ['no range', undefined],
    ['six whole days', dayRange(new Date(now - 6 * DAY), new Date(now))],
    ['the edge day', dayRange(new Date(edge), new Date(edge))],
    ['the two days before the edge day', dayRange(new Date(edge - 2 * DAY), new Date(edge - DAY))],
    ['in the future', dayRange(new Date(now + DAY), new Date(now + 2 * DAY))],
  ];

  /** Log Activities as one query over every row answers it: ids newest first. */
  const logsWant = async (path: string, root: boolean, o: { accountId?: string; search?: string; range?: { start: Date; end: Date } }) =>
    (
      await h.db.query(
        `SELECT l.id::text AS id FROM activity_logs l LEFT JOIN accounts a ON a.id = l.account_id
          WHERE (a.path LIKE $1 OR ($2 AND l.account_id IS NULL)) AND ($3::bigint IS NULL OR l.account_id = $3)
            AND ($4::text IS NULL OR l.username ILIKE '%' || $4 || '%' OR l.subject ILIKE '%' || $4 || '%')
            AND ($5::timestamptz IS NULL OR l.created_at BETWEEN $5 AND $6)
          ORDER BY l.id DESC`,
        [`${path}%`, root, o.accountId ?? null, o.search ?? null, o.range?.start ?? null, o.range?.end ?? null],
      )
    ).map((r) => String(r.id));

  const logCallers = async () => [
    { name: 'root', token: h.root.token, path: await pathOf(h.root.id), root: true, user: acc.playerb!._id },
    { name: 'admin', token: tok.admina!, path: await pathOf(acc.admina!._id), root: false, user: acc.admina!._id },
    { name: 'master', token: tok.masterb!, path: await pathOf(acc.masterb!._id), root: false, user: acc.playerb!._id },
  ];

  /** Every caller, range, user, search: pages 1, 2, the last and past it, and the total. */
  const logsHold = async (token?: (name: string) => string, light = false) => {
    let pages = 0;
    for (const c of await logCallers())
      for (const [label, range] of light ? ranges.slice(0, 3) : ranges)
        for (const [accountId, search] of light
          ? ([[undefined, undefined], [c.user, undefined], [undefined, 'login 1']] as const)
          : ([[undefined, undefined], [c.user, undefined], [undefined, 'bulk'], [undefined, 'login 1'], [undefined, acc.playerb!.username.slice(1)], [undefined, 'nothing-like-this']] as const)) {
          const want = await logsWant(c.path, c.root, { accountId, search, range });
          const last = Math.max(1, Math.ceil(want.length / 9));
          for (const page of [...new Set([1, 2, last, last + 1])]) {
            const q = new URLSearchParams({ page: String(page), limit: '9' });
            if (range) {
              q.set('startDate', range.start.toISOString());
              q.set('endDate', range.end.toISOString());
            }
            if (search) q.set('search', search);
            const r = await call(h, 'GET', `/api/logs${accountId ? `/${accountId}` : ''}?${q}`, { token: token?.(c.name) ?? c.token });
            expect(r.status, JSON.stringify(r.json)).toBe(200);
            const what = `${c.name} ${label} ${accountId ? `user ${accountId} ` : ''}${q}`;
            expect((r.json.data as { id: string }[]).map((x) => x.id), what).toEqual(want.slice((page - 1) * 9, page * 9));
            // A page past the end answers 0, as this list always has.
            expect(r.json.total, what).toBe(page > 1 && (page - 1) * 9 >= want.length ? 0 : want.length);
            pages++;
          }
        }
    return pages;
  };

  /** The Transaction Report as one query over every row answers it: ids newest first (by time, then id). */
  const ledgerWant = async (view: { id: string; path: string }, type: 'all' | 'single', status?: string, day?: Date) => {
    const range = day ? dayRange(day, day) : undefined;
    return (
      await h.db.query(
        `SELECT t.id::text AS id FROM transactions t LEFT JOIN accounts f ON f.id = t.from_id LEFT JOIN accounts o ON o.id = t.to_id
          WHERE (CASE WHEN $3 THEN t.from_id = $1 OR t.to_id = $1 ELSE f.path LIKE $2 OR o.path LIKE $2 END) IS TRUE
            AND ($4::text IS NULL OR t.status = $4) AND ($5::timestamptz IS NULL OR t.created_at BETWEEN $5 AND $6)
          ORDER BY t.created_at DESC, t.id DESC`,
        [Number(view.id), `${view.path}%`, type === 'single', status ?? null, range?.start ?? null, range?.end ?? null],
      )
    ).map((r) => String(r.id));
  };

  const reportHolds = async (token?: (name: string) => string, light = false) => {
    const callers = [
      { name: 'root', token: h.root.token, view: h.root.id },
      { name: 'admin', token: tok.admina!, view: acc.admina!._id },
      { name: 'master', token: tok.masterb!, view: acc.masterb!._id },
      // The admin viewing one of its accounts.
      { name: 'admin', token: tok.admina!, view: String((await h.db.query(`SELECT id FROM accounts WHERE parent_id = $1 AND role = 'superareamanager'`, [Number(acc.admina!._id)]))[0]!.id) },
    ];
    let pages = 0;
    for (const c of callers)
      for (const type of ['all', 'single'] as const)
        for (const status of light ? [undefined] : [undefined, 'completed', 'pending'])
          for (const day of light ? [undefined, new Date(edge)] : [undefined, new Date(edge), new Date(now)]) {
            const want = await ledgerWant({ id: c.view, path: await pathOf(c.view) }, type, status, day);
            const last = Math.max(1, Math.ceil(want.length / 11));
            for (const page of [...new Set([1, 2, last, last + 1])]) {
              const q = new URLSearchParams({ type, page: String(page), limit: '11', id: c.view });
              if (status) q.set('status', status);
              if (day) q.set('date', dayKey(day));
              const r = await call(h, 'GET', `/api/reports/transactionreport?${q}`, { token: token?.(c.name) ?? c.token });
              expect(r.status, JSON.stringify(r.json)).toBe(200);
              const what = `${c.name} ${q}`;
              expect((r.json.data as { _id: string }[]).map((x) => x._id), what).toEqual(want.slice((page - 1) * 11, page * 11));
              expect(r.json.total, what).toBe(page > 1 && (page - 1) * 11 >= want.length ? 0 : want.length);
              pages++;
            }
          }
    return pages;
  };

  /** Whether the kept counts are exactly the rows' own (keptCountsCheck.ts), as read. */
  const countsHold = async (read: CountsRead = 'live') => {
    const r = await keptCountsAgainstRows(h.db, read);
    expect(r, `kept counts (${read}) against the rows`).toMatchObject(COUNTS_EXACT);
    return r;
  };

  it('gives each caller, range, user and search the Log Activities pages and total of one query over every row', async () => {
    await countsHold();
    expect(await logsHold()).toBeGreaterThan(200);
  }, 300_000);

  it('gives each caller, view, type, status and day the Transaction Report pages and total of one query over every row', async () => {
    expect(await reportHolds()).toBeGreaterThan(150);
  }, 300_000);

  it('reads the same pages whether it walks the log and the ledger in id order or reads the filter’s own rows', async () => {
    let pages = 0;
    for (const c of await logCallers())
      for (const [, range] of ranges.slice(0, 3))
        for (const [accountId, search] of [[undefined, undefined], [c.user, undefined], [undefined, 'bulk']] as const) {
          const want = await logsWant(c.path, c.root, { accountId, search, range });
          for (const order of ['DESC', 'ASC'] as const)
            for (const offset of [0, 18, Math.max(0, want.length - 5)])
              for (const few of [0, Infinity]) {
                const f = { underPath: c.path, withoutAccount: c.root, accountId: accountId === undefined ? undefined : Number(accountId), search, range };
                const got = await listLogs(h.db, f, { limit: 9, offset, order }, few);
                const ids = order === 'DESC' ? want : [...want].reverse();
                expect(got.rows.map((x) => x.id), `${c.name} ${few} ${order} ${offset}`).toEqual(ids.slice(offset, offset + 9));
                expect(got.total).toBe(offset >= want.length ? 0 : want.length);
                pages++;
              }
        }
    // A deep page of many rows starts at the hour its first row is in (deepPageStart): every page, with
    // a status and a day (whose edge hours the counts hold whole), against the rows read either way.
    for (const view of [h.root.id, acc.admina!._id, acc.masterb!._id])
      for (const type of ['all', 'single'] as const)
        for (const [status, day] of [[undefined, undefined], ['pending', undefined], [undefined, new Date(edge)], ['completed', new Date(edge)]] as const) {
          const ref = (await findRef(h.db, Number(view)))!;
          const want = await ledgerWant({ id: view, path: ref.path }, type, status, day);
          const last = Math.max(1, Math.ceil(want.length / 11));
          for (const page of [...new Set([1, 2, 3, Math.ceil(last / 2), last - 1, last])].filter((x) => x >= 1))
            for (const few of [0, Infinity]) {
              const got = await transactionsOf(h.db, ref, { type, status, date: day && dayKey(day), page, limit: 11, few });
              expect(got.data.map((x) => x._id), `${view} ${type} ${status} ${day?.toISOString()} ${few} ${page}`).toEqual(want.slice((page - 1) * 11, page * 11));
              pages++;
            }
        }
    expect(pages).toBeGreaterThan(100);
  }, 300_000);

  it('lets an activity row and a transfer through while another transaction that wrote the same counts is not committed', async () => {
    // PGlite runs one transaction at a time: the second writer would wait whatever it locks.
    if (h.db.engine !== 'postgres') return;
    const entry = { accountId: Number(acc.playera!._id), username: acc.playera!.username, subject: subject('screenEvent', { name: 'x' }), outcome: { status: 201 }, requestUrl: '/api/x', method: 'POST', ip: '10.0.0.1' };
    await h.db.transaction(async (tx) => {
      await writeActivity(tx, entry);
      await tx.query(`INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, message) VALUES ($1, $2, 1, 'transfer', $1, 'x'), ($2, $1, 1, 'transfer', $1, 'x')`, [Number(acc.playera!._id), Number(acc.mastera!._id)]);
      const started = Date.now();
      await writeActivity(h.db, entry);
      await h.db.query(`INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, message) VALUES ($1, $2, 1, 'transfer', $1, 'x'), ($2, $1, 1, 'transfer', $1, 'x')`, [Number(acc.playera!._id), Number(acc.mastera!._id)]);
      // A flush skips the fresh rows the open transaction holds instead of waiting for it.
      await flushCounts(h.db);
      expect(Date.now() - started).toBeLessThan(2000);
      // What the open transaction wrote is still fresh: the flush left it, not took it.
      expect((await tx.query(`SELECT count(*)::int AS n FROM ledger_fresh WHERE writer = pg_backend_pid()`))[0]!.n).toBeGreaterThan(0);
    });
    expect((await countsHold()).fresh).toBeGreaterThan(0);
    await flushCounts(h.db);
    expect((await countsHold('spread')).fresh).toBe(0);
  });

  it('spreads the fresh counts into the kept ones: every total reads the same before and after', async () => {
    await fund(h, acc.masterb!._id, 3, 'master');
    expect((await countsHold()).fresh).toBeGreaterThan(0);
    await logsHold(undefined, true);
    await reportHolds(undefined, true);
    await flushCounts(h.db);
    expect((await countsHold('spread')).fresh).toBe(0);
    await logsHold(undefined, true);
    await reportHolds(undefined, true);
  }, 300_000);

  it('keeps the counts the rows’ own through requests, transfers, moves, Clear History, a restore and emptied tables', async () => {
    const before = await countsHold();
    // Requests write activity rows; a credit transfer writes ledger rows and its own activity row.
    await fund(h, acc.mastera!._id, 5, 'master');
    await loginAs(h, acc.playera!.username);
    const after = await countsHold();
    expect(after.logs).toBeGreaterThan(before.logs);
    expect(after.fresh).toBeGreaterThan(0);

    // A player moved to the other network, then a master with its players moved under the other admin's area manager.
    const areaB = (await h.db.query(`SELECT id FROM accounts WHERE role = 'areamanager' AND path LIKE $1`, [`${await pathOf(acc.adminb!._id)}%`]))[0]!.id;
    // A move spreads the fresh counts under the paths they were written on before it moves the kept ones.
    await reparent(h.db, (await findRef(h.db, Number(acc.playera!._id)))!, (await findRef(h.db, Number(acc.masterb!._id)))!);
    expect((await countsHold('spread')).fresh).toBe(0);
    await fund(h, acc.mastera!._id, 2, 'master');
    await reparent(h.db, (await findRef(h.db, Number(acc.mastera!._id)))!, (await findRef(h.db, Number(areaB)))!);
    await countsHold();
    await logsHold(undefined, true);
    await reportHolds(undefined, true);

    // Clear History of admin b's network (where everything moved) over three days: activity and transfers.
    const adminB = (await findRef(h.db, Number(acc.adminb!._id)))!;
    // Rows of it still fresh (a transfer just now): their kept counts go below zero until the flush.
    await fund(h, acc.mastera!._id, 2, 'master');
    expect((await countsHold()).fresh).toBeGreaterThan(0);
    const out = await clearHistory(h.db, place, adminB, ['userlog', 'refertransaction'], dayRange(new Date(now - 3 * DAY), new Date(now)));
    expect(out.counts.userlog).toBeGreaterThan(10);
    expect(out.counts.refertransaction).toBeGreaterThan(10);
    await countsHold();
    await flushCounts(h.db);
    await countsHold('spread');
    await logsHold(undefined, true);
    await reportHolds(undefined, true);

    // A restore empties the tables and loads them again: counted once, not on top of what was there.
    const { folder } = await exportBackup(h.db, place);
    const saved = await countsHold();
    await writeActivity(h.db, { accountId: Number(acc.playerb!._id), username: acc.playerb!.username, subject: subject('screenEvent', { name: 'x' }), outcome: { status: 201 }, requestUrl: '/api/x', method: 'POST', ip: '10.0.0.1' });
    await importBackup(h.db, place, folder);
    const restored = await countsHold('spread');
    expect(restored.ledger).toBe(saved.ledger);
    expect(restored.fresh).toBe(0);
    const root = await loginAs(h, 'superadmin', SUPERADMIN_PASSWORD);
    const admin = await loginAs(h, acc.admina!.username);
    const master = await loginAs(h, acc.masterb!.username);
    const fresh = (name: string) => ({ root, admin, master })[name as 'root']!;
    await logsHold(fresh, true);
    await reportHolds(fresh, true);

    await h.db.query(`TRUNCATE activity_logs, transactions CASCADE`);
    await countsHold();
    expect((await h.db.query(`SELECT ((SELECT count(*) FROM activity_counts) + (SELECT count(*) FROM ledger_counts) + (SELECT count(*) FROM activity_fresh) + (SELECT count(*) FROM ledger_fresh))::int AS n`))[0]!.n).toBe(0);
  }, 600_000);
});
