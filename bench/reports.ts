/**
 * Report latency on a large tree, on PostgreSQL: 10 admins × 2 super area managers × 5 area
 * managers × 10 masters × 10 players (10,000 players) and 1,000,000 tickets over 30 days, written
 * straight into the tables, with the per-day aggregates the bet path keeps (daily_play, then
 * player_days and admin_game_days made from it). Measures the turnover,
 * revenue and admin commission reports of the superadmin and of one admin over the 30 days
 * (p50/p95 of BENCH_REPORT_RUNS calls through the API), beside a plain scan of the tickets table
 * (the same play sums computed from the tickets) in the same run. Target: p95 < 100 ms.
 */
import pg from 'pg';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDatabase, type Row } from '../server/db/client';
import { rebuildPlayAggregates } from '../server/games/repository';
import { seed } from '../server/setup/seed';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 20);
const DAYS = 30;
const PASSWORD = 'bench-reports-pass';
/** Keep the bench database after the run (its name is printed), for EXPLAIN ANALYZE and later runs. */
const KEEP = Boolean(process.env.BENCH_KEEP_DB);
/** Time the reports on a database a kept run built (migrations run on it first; nothing is rebuilt or dropped). */
const REUSE = process.env.BENCH_REUSE_DB;
/** Print every call's time, in order (the first calls of a fresh process are the slow ones). */
const TIMES = Boolean(process.env.BENCH_REPORT_TIMES);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** The tree, rounds, tickets and per-day rows, in a few set-based statements. */
async function build(db: pg.Client, rootId: number) {
  const level = async (role: string, parentRole: string, per: number, prefix: string, commission: string) => {
    await db.query(
      `INSERT INTO accounts (username, role, parent_id, path, password_hash, commission)
       SELECT $3 || p.id || '_' || g, $1, p.id, p.path, p.password_hash, $4::numeric
         FROM accounts p CROSS JOIN generate_series(1, $2::int) g WHERE p.role = $5 AND p.deleted_at IS NULL`,
      [role, per, prefix, commission, parentRole],
    );
    await db.query(`UPDATE accounts SET path = path || id || '/' WHERE role = $1`, [role]);
  };
  await db.query(
    `INSERT INTO accounts (username, role, parent_id, path, password_hash)
     SELECT 'BA' || g, 'admin', $1::bigint, '/' || $1::bigint || '/', (SELECT password_hash FROM accounts WHERE id = $1::bigint) FROM generate_series(1, 10) g`,
    [rootId],
  );
  await db.query(`UPDATE accounts SET path = path || id || '/' WHERE role = 'admin'`);
  await level('superareamanager', 'admin', 2, 'BS', '5');
  await level('areamanager', 'superareamanager', 5, 'BD', '3');
  await level('master', 'areamanager', 10, 'BM', '2');
  await level('player', 'master', 10, 'BP', '1');
  await db.query(`INSERT INTO account_games (account_id, game_id) SELECT a.id, g.id FROM accounts a CROSS JOIN games g WHERE a.role = 'admin'`);
  await db.query(
    `INSERT INTO accounts (username, role, parent_id, path, password_hash)
     SELECT 'BPOOL' || a.id || '_' || g.id, 'pool', a.id, a.path, a.password_hash FROM accounts a CROSS JOIN games g WHERE a.role = 'admin'`,
  );
  await db.query(`UPDATE accounts SET path = path || id || '/' WHERE role = 'pool'`);
  await db.query(
    `INSERT INTO game_pools (admin_id, game_id, account_id)
     SELECT a.parent_id, g.id, a.id FROM accounts a JOIN games g ON a.username = 'BPOOL' || a.parent_id || '_' || g.id WHERE a.role = 'pool'`,
  );
  // One round per admin, game and hour of the 30 days.
  await db.query(
    `INSERT INTO rounds (admin_id, game_id, draw_no, opens_at, closes_at, status, result, booster)
     SELECT p.admin_id, p.game_id, h, now() - make_interval(hours => h), now() - make_interval(hours => h) + interval '1 minute', 'settled', '1', 1
       FROM game_pools p CROSS JOIN generate_series(1, ${DAYS * 24 - 1}) h`,
  );
  // Tickets: random player, a round of its admin's, stake 1–50 points, a win now and then.
  await db.query(`CREATE TEMP TABLE bp AS SELECT row_number() OVER () AS n, id, split_part(path, '/', 3)::bigint AS admin_id FROM accounts WHERE role = 'player'`);
  const players = Number((await db.query(`SELECT count(*) AS n FROM bp`)).rows[0].n);
  await db.query(
    `INSERT INTO tickets (round_id, player_id, admin_id, game_id, stake, win, created_at, settled_at)
     SELECT r.id, bp.id, bp.admin_id, r.game_id, s.stake, CASE WHEN random() < 0.1 THEN s.stake * 9 ELSE 0 END, r.opens_at, r.closes_at
       FROM generate_series(1, $1) t
       CROSS JOIN LATERAL (SELECT 1 + floor(random() * $2)::int AS n, 1 + floor(random() * 7)::int AS game, 1 + floor(random() * ${DAYS * 24 - 1})::int AS h, (100 * (1 + floor(random() * 50)))::bigint AS stake WHERE t > 0) s
       JOIN bp ON bp.n = s.n
       JOIN rounds r ON r.admin_id = bp.admin_id AND r.game_id = (SELECT id FROM games ORDER BY id OFFSET s.game - 1 LIMIT 1) AND r.draw_no = s.h`,
    [TICKETS, players],
  );
  await db.query(
    `INSERT INTO daily_play (player_id, day, game_id, admin_id, play, win)
     SELECT player_id, created_at::date, game_id, admin_id, sum(stake), sum(win) FROM tickets GROUP BY 1, 2, 3, 4`,
  );
  // The coarser aggregates the bet path keeps beside daily_play, made from it as Clear History does.
  await db.query('BEGIN');
  await rebuildPlayAggregates({ query: async <T extends Row>(text: string, params?: unknown[]) => (await db.query(text, params)).rows as T[] });
  await db.query('COMMIT');
  await db.query('ANALYZE');
}

export async function reportsBench(): Promise<{ exitCode: number }> {
  const admin = new pg.Client(ADMIN_URL);
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${ADMIN_URL} is not reachable: the reports bench is skipped.`);
    return { exitCode: 0 };
  }
  if (REUSE && !/^tierdesk_bench_reports_\d+$/.test(REUSE)) throw new Error(`BENCH_REUSE_DB=${REUSE} is not a reports bench database.`);
  const name = REUSE ?? `tierdesk_bench_reports_${process.pid}`;
  if (!REUSE) await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  const direct = new pg.Client(url.toString());
  try {
    await db.migrate();
    await seed(db, { username: 'superadmin', password: PASSWORD });
    await direct.connect();
    const rootId = Number((await direct.query(`SELECT id FROM accounts WHERE role = 'superadmin'`)).rows[0].id);
    let t = performance.now();
    if (!REUSE) await build(direct, rootId);
    const counts = (
      await direct.query(
        `SELECT (SELECT count(*) FROM accounts WHERE role = 'player') AS players, (SELECT count(*) FROM tickets) AS tickets, (SELECT count(*) FROM daily_play) AS days,
                (SELECT count(*) FROM player_days) AS player_days, (SELECT count(*) FROM admin_game_days) AS admin_days`,
      )
    ).rows[0];
    console.log(
      `${REUSE ? 'reused' : 'built'} ${counts.players} players, ${counts.tickets} tickets, ${counts.days} daily_play rows, ${counts.player_days} player_days rows, ${counts.admin_days} admin_game_days rows in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const app = await buildApp({ db, config: { ...configFromEnv({}), clientDir: '/nonexistent', schedulerEnabled: false, loginRateLimit: 1_000_000 } });
    await app.ready();
    const login = async (username: string) =>
      String((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: PASSWORD } })).json().token);
    const rootToken = await login('superadmin');
    const adminName = String((await direct.query(`SELECT username FROM accounts WHERE role = 'admin' ORDER BY id LIMIT 1`)).rows[0].username);
    const adminToken = await login(adminName);
    const start = new Date(Date.now() - DAYS * 86_400_000).toISOString();
    const end = new Date().toISOString();
    const range = `startDate=${start}&endDate=${end}`;
    const cases: { name: string; token: string; url: string }[] = [
      { name: 'turnover, superadmin', token: rootToken, url: `/api/reports/turnoverreport?${range}` },
      { name: 'admin commission, superadmin', token: rootToken, url: `/api/reports/admincommissionpayout?${range}` },
      { name: 'revenue, admin', token: adminToken, url: `/api/reports/revenuereport?${range}` },
      { name: 'admin commission, admin', token: adminToken, url: `/api/reports/admincommissionpayout?${range}` },
    ];
    const rows: string[] = [];
    let fail = false;
    for (const c of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        t = performance.now();
        const r = await app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${c.token}` } });
        times.push(performance.now() - t);
        if (r.statusCode !== 200) throw new Error(`${c.name}: ${r.statusCode} ${r.body}`);
      }
      const p95 = pct(times, 95);
      if (TIMES) console.log(`${c.name}: ${times.map((x) => x.toFixed(1)).join(' ')} ms`);
      fail ||= p95 >= 100;
      rows.push(`${c.name.padEnd(30)} | ${pct(times, 50).toFixed(1).padStart(7)} | ${p95.toFixed(1).padStart(7)} | ${p95 < 100 ? 'ok' : 'MISSED'}`);
    }
    const scan: number[] = [];
    let scanned: pg.QueryResultRow[] = [];
    for (let i = 0; i < Math.min(RUNS, 5); i++) {
      t = performance.now();
      scanned = (await direct.query(
        `SELECT a.id, sum(t.stake)::text AS play, sum(t.win)::text AS win FROM tickets t JOIN accounts p ON p.id = t.player_id
           JOIN accounts a ON a.role = 'admin' AND p.path LIKE a.path || '%' WHERE t.created_at BETWEEN $1 AND $2 GROUP BY a.id`,
        [start, end],
      )).rows;
      scan.push(performance.now() - t);
    }
    // The check: every admin's play and win in the superadmin's turnover report equal the scan's.
    const report = (await app.inject({ method: 'GET', url: cases[0].url, headers: { authorization: `Bearer ${rootToken}` } })).json().data as { id: string; playPoints: number; winPoints: number }[];
    const byId = new Map(report.map((r) => [r.id, r]));
    const off = scanned.filter((x) => byId.get(String(x.id))?.playPoints !== Number(x.play) / 100 || byId.get(String(x.id))?.winPoints !== Number(x.win) / 100);
    if (off.length || scanned.length !== report.length) console.log(`CHECK FAILED: ${off.length} of ${scanned.length} admins' play or win differ from the scan of the tickets`);
    else console.log(`check: the ${report.length} admins' play and win in the turnover report equal the scan of the tickets`);
    rows.push(`${'plain scan of tickets (admins)'.padEnd(30)} | ${pct(scan, 50).toFixed(1).padStart(7)} | ${pct(scan, 95).toFixed(1).padStart(7)} | (reference)`);
    console.log(`report over ${DAYS} days                  | p50 ms  | p95 ms  | target p95 < 100 ms`);
    for (const r of rows) console.log(r);
    await app.close();
    return { exitCode: fail || off.length || scanned.length !== report.length ? 1 : 0 };
  } finally {
    await direct.end().catch(() => undefined);
    await db.close();
    if (KEEP || REUSE) console.log(`kept the database ${name} (drop it with DROP DATABASE ${name})`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
