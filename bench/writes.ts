/**
 * Writes at a year's size (`npm run bench -- writes`), on a scratch copy of the screens bench's kept
 * installation (100,000 players; made with CREATE DATABASE … TEMPLATE, the kept one is only read).
 * The server runs as `npm start` runs it, scheduler off: a bet opens its own round, and no round
 * settles while bets are timed (a settlement holds its pool's wallet, which is not what is measured).
 *
 * 1. A master with 1,000 players (players of its admin moved under it, their paths kept), 300 of
 *    them with live sessions: deactivate (ends every session below it) and activate, as the
 *    superadmin, the master's own logout, the refused delete of it (it still has players), and the
 *    delete of a master whose players were moved away and whose points were taken back. Target
 *    < 1 s each.
 * 2. Clear History of 30 days, every model, as the admin of that network (only an admin may clear,
 *    its own network; a backup of the whole database first, then one transaction), while five players
 *    of the same admin bet through HTTP, one bet every 20 ms: the bets' p50/p99/max and statuses
 *    before and during, and during the backup and the deletes apart. Target: bets' p99 ≤ 200 ms.
 *
 *   BENCH_WRITES_TEMPLATE  the installation copied (default tierdesk_bench_screens_betlist)
 *   BENCH_WRITES_RUNS      runs of each repeatable write (default 5)
 *   BENCH_WRITES_COPY      the scratch copy's name (default tierdesk_bench_writes; two runs at once need two)
 *   BENCH_WRITES_KEEP=1    keep the copy after the run (it is made anew each run)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ACCOUNT_PATHS, API_PATHS, fillPath } from '../domain/apiPaths';
import { tierOf } from '../resources.config';
import { freePort } from '../tests/e2e/server';
import { serverReady, startServer, stopServer } from '../tests/server/serverProcess';
import { fetchApi, must, placeBet, sleep, type Api, type ApiReply, type SoakPlayer } from '../tests/server/soakPlay';
import { loadavg, optionsFromEnv, withDb } from './credit-transfer';
import { recordFigure } from './figures';

const TEMPLATE = process.env.BENCH_WRITES_TEMPLATE ?? 'tierdesk_bench_screens_betlist';
const COPY = process.env.BENCH_WRITES_COPY ?? 'tierdesk_bench_writes';
if (!/^tierdesk_bench_writes\w*$/.test(COPY)) throw new Error(`BENCH_WRITES_COPY=${COPY}: the name starts with tierdesk_bench_writes`);
const RUNS = Number(process.env.BENCH_WRITES_RUNS ?? 5);
const KEEP = process.env.BENCH_WRITES_KEEP === '1';
/** The screens installation's password of every account (its builder copies the superadmin's hash). */
const PASSWORD = 'bench-screens-pass';
const PLAYERS_UNDER_MASTER = 1000;
const LIVE_SESSIONS = 300;
const GAME = 'MNOQqWWi';
const BET_EVERY_MS = 20;
const QUIET_MS = 5000;
const WRITE_LIMIT_MS = 1000;
const BET_P99_MS = 200;

const pct = (xs: number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((q / 100) * xs.length))]! : NaN);
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '—');

/** The copy, retried while someone else is connected to the template (PostgreSQL refuses to copy then). */
async function copyTemplate(admin: pg.Client): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${COPY} WITH (FORCE)`);
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${COPY} TEMPLATE ${TEMPLATE}`);
      return;
    } catch (e) {
      if (attempt >= 10 || !/being accessed by other users/.test((e as Error).message)) throw e;
      console.log(`the template is in use (${attempt}): waiting`);
      await sleep(10_000);
    }
  }
}

interface Installation {
  adminId: number;
  adminUsername: string;
  masterId: number;
  masterUsername: string;
  /** Masters whose players were moved under the big master: the delete targets once their points are back. */
  emptied: { id: number; username: string }[];
  /** Players of the same admin, not under the big master (its deactivation would end their sessions). */
  bettors: { id: number; username: string }[];
}

/** One master of the first admin gets 1,000 players: the admin's other players moved under it, their paths following. */
async function setUp(db: pg.Client): Promise<Installation> {
  const one = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0] as Record<string, string>;
  const adminRow = await one(`SELECT id, username, path FROM accounts WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id LIMIT 1`);
  const masterRow = await one(`SELECT id, username, path FROM accounts WHERE role = 'master' AND deleted_at IS NULL AND path LIKE $1 ORDER BY id LIMIT 1`, [`${adminRow.path}%`]);
  const have = Number((await one(`SELECT count(*) AS n FROM accounts WHERE parent_id = $1`, [masterRow.id])).n);
  // Whole masters' players, so that the masters they leave are empty (the delete's targets).
  const perMaster = Number((await one(`SELECT count(*) AS n FROM accounts WHERE parent_id = (SELECT id FROM accounts WHERE role = 'master' AND path LIKE $1 AND id <> $2 ORDER BY id LIMIT 1)`, [`${adminRow.path}%`, masterRow.id])).n);
  const donors = Math.ceil((PLAYERS_UNDER_MASTER - have) / Math.max(1, perMaster));
  const emptied = (
    await db.query(`SELECT id, username FROM accounts WHERE role = 'master' AND deleted_at IS NULL AND path LIKE $1 AND id <> $2 ORDER BY id LIMIT $3`, [`${adminRow.path}%`, masterRow.id, donors])
  ).rows.map((r: { id: string; username: string }) => ({ id: Number(r.id), username: r.username }));
  await db.query('BEGIN');
  await db.query(
    `UPDATE accounts SET parent_id = $1, path = $2 || id || '/'
      WHERE id IN (SELECT id FROM accounts WHERE parent_id = ANY($3::bigint[]) ORDER BY id LIMIT $4)`,
    [masterRow.id, masterRow.path, emptied.map((m) => m.id), PLAYERS_UNDER_MASTER - have],
  );
  await db.query(
    `INSERT INTO sessions (token_hash, account_id, ip, expires_at)
     SELECT 'bench-writes-' || id, id, '10.3.0.1', now() + interval '30 days' FROM accounts WHERE parent_id = $1 ORDER BY id LIMIT $2`,
    [masterRow.id, LIVE_SESSIONS],
  );
  await db.query('COMMIT');
  const under = Number((await one(`SELECT count(*) AS n FROM accounts WHERE parent_id = $1 AND path LIKE $2`, [masterRow.id, `${masterRow.path}%`])).n);
  if (under !== PLAYERS_UNDER_MASTER) throw new Error(`the master has ${under} players, not ${PLAYERS_UNDER_MASTER}`);
  const left = Number((await one(`SELECT count(*) AS n FROM accounts WHERE parent_id = ANY($1::bigint[])`, [emptied.map((m) => m.id)])).n);
  // The last donor may keep players when the counts do not divide: only the emptied ones are delete targets.
  const empty = [];
  for (const m of emptied) if (Number((await one(`SELECT count(*) AS n FROM accounts WHERE parent_id = $1`, [m.id])).n) === 0) empty.push(m);
  console.log(`set-up: master ${masterRow.username} has ${under} players (${LIVE_SESSIONS} with live sessions); ${empty.length} masters emptied (${left} players left under the donors)`);
  const bettors = (
    await db.query(
      `SELECT id, username FROM accounts WHERE role = 'player' AND deleted_at IS NULL AND active AND path LIKE $1 AND path NOT LIKE $2 ORDER BY id LIMIT 5`,
      [`${adminRow.path}%`, `${masterRow.path}%`],
    )
  ).rows.map((r: { id: string; username: string }) => ({ id: Number(r.id), username: r.username }));
  return { adminId: Number(adminRow.id), adminUsername: adminRow.username, masterId: Number(masterRow.id), masterUsername: masterRow.username, emptied: empty, bettors };
}

/**
 * Calls answered whenever they are: Node's fetch gives up on an answer whose headers take more than
 * 300 s, and a Clear History (a backup of the whole installation first) takes longer on a busy machine.
 */
function patientApi(base: string): Api {
  return (method, path, token, body) =>
    new Promise<ApiReply>((resolve) => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const req = request(`${base}/api${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(text !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}) },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown>;
          try {
            json = JSON.parse(raw) as Record<string, unknown>;
          } catch {
            json = { text: raw };
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      });
      req.on('error', (e) => resolve({ status: 0, json: { message: e.message } }));
      req.end(text);
    });
}

interface Row {
  what: string;
  times: number[];
  statuses: number[];
  limit: number;
  note?: string;
  /** A part of the row above, shown for where the time goes: not a target of its own. */
  part?: true;
}

async function timed(api: Api, method: string, path: string, token: string, body?: unknown): Promise<{ ms: number; status: number; json: Record<string, unknown> }> {
  const t = performance.now();
  const r = await api(method, path, token, body);
  return { ms: performance.now() - t, status: r.status, json: r.json };
}

/** One bet every BET_EVERY_MS, round-robin over the bettors, while `during` runs: each bet's time and status. */
async function betsWhile<T>(api: Api, bettors: SoakPlayer[], during: () => Promise<T>): Promise<{ result: T; ms: number[]; sentAt: number[]; statuses: Map<number, number> }> {
  const times: number[] = [];
  const sentAt: number[] = [];
  const statuses = new Map<number, number>();
  const inFlight: Promise<void>[] = [];
  let i = 0;
  const timer = setInterval(() => {
    const bettor = bettors[i++ % bettors.length]!;
    const sent = performance.now();
    inFlight.push(
      placeBet(api, bettor, GAME, [{ drawno: '3', drawqty: 1 }]).then((b) => {
        times.push(b.ms);
        sentAt.push(sent);
        const st = b.ok ? 201 : b.status;
        statuses.set(st, (statuses.get(st) ?? 0) + 1);
      }),
    );
  }, BET_EVERY_MS);
  try {
    const result = await during();
    return { result, ms: times, sentAt, statuses };
  } finally {
    clearInterval(timer);
    await Promise.all(inFlight);
  }
}

/**
 * The server's statements seen running, sampled from pg_stat_activity every 250 ms: each statement
 * (its text's start) with the longest it was seen running and what it last waited on, longest first.
 */
function watchStatements(url: string): { stop: () => Promise<{ lines: string[]; firstDelete?: number }> } {
  const c = new pg.Client(url);
  const seen = new Map<string, { ms: number; wait: string }>();
  let running = true;
  let firstDelete: number | undefined;
  const loop = (async () => {
    await c.connect();
    while (running) {
      const rows = (
        await c.query(
          `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS q, extract(epoch FROM now() - query_start) * 1000 AS ms, coalesce(wait_event_type || ':' || wait_event, 'cpu') AS wait
             FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'`,
        )
      ).rows as { q: string; ms: number; wait: string }[];
      if (firstDelete === undefined && rows.some((r) => /DELETE FROM/.test(r.q))) firstDelete = performance.now();
      for (const r of rows) if (Number(r.ms) > (seen.get(r.q)?.ms ?? 0)) seen.set(r.q, { ms: Number(r.ms), wait: r.wait });
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop.catch(() => undefined);
      await c.end().catch(() => undefined);
      const lines = [...seen].sort((a, b) => b[1].ms - a[1].ms).filter(([, v]) => v.ms >= 100).slice(0, 15).map(([q, v]) => `  ${ms(v.ms).padStart(7)} ms  ${v.wait.padEnd(24)} ${q}`);
      return { lines, firstDelete };
    },
  };
}

const statusText = (s: Map<number, number>) => [...s].map(([k, v]) => `${v}×${k}`).join(' ');

export async function writesBench(): Promise<{ exitCode: number }> {
  const o = optionsFromEnv();
  const admin = new pg.Client(o.adminUrl);
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${o.adminUrl} is not reachable: the writes bench is skipped.`);
    return { exitCode: 0 };
  }
  const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [TEMPLATE])).rowCount;
  if (!exists) {
    await admin.end();
    console.log(`${TEMPLATE} does not exist (the screens bench builds it: BENCH_SCREENS_DB=${TEMPLATE} BENCH_SCREENS_TICKETS=1000000 BENCH_SCREENS_LEDGER=1000000 npm run bench -- screens): the writes bench is skipped.`);
    return { exitCode: 0 };
  }
  console.log(`load before: ${loadavg()}`);
  let t = performance.now();
  await copyTemplate(admin);
  console.log(`copied ${TEMPLATE} to ${COPY} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const url = withDb(o.adminUrl, COPY);
  const direct = new pg.Client(url);
  const dataDir = mkdtempSync(join(tmpdir(), 'tierdesk-bench-writes-'));
  let server: ReturnType<typeof startServer> | undefined;
  const rows: Row[] = [];
  let clearLine = '';
  let statements: string[] = [];
  let met = true;
  try {
    await direct.connect();
    const inst = await setUp(direct);
    const port = await freePort();
    server = startServer({
      PORT: String(port),
      DATABASE_URL: url,
      DATA_DIR: join(dataDir, 'data'),
      SUPERADMIN_PASSWORD: PASSWORD,
      SCHEDULER: 'off',
      LOGIN_RATE_LIMIT: '100000000',
      REDIS_URL: '',
      BACKUP_DIR: join(dataDir, 'backups'),
      CLIENT_DIR: join(dataDir, 'no-client'),
    });
    await serverReady(server, 900_000);
    const api = fetchApi(`http://127.0.0.1:${port}`);
    const login = async (username: string) => String((await must(api('POST', API_PATHS.login, undefined, { username, password: PASSWORD }), `login ${username}`)).token);
    const root = await login('superadmin');
    const rootId = Number((await direct.query(`SELECT id FROM accounts WHERE role = 'superadmin' ORDER BY id LIMIT 1`)).rows[0].id);
    const master = tierOf('master').api;
    const toggle = (action: 'activate' | 'deactivate') => fillPath(`${master}${ACCOUNT_PATHS.toggleStatus}`, { id: String(inst.masterId), action });
    const one = (id: number) => fillPath(`${master}${ACCOUNT_PATHS.one}`, { id: String(id) });
    const liveUnder = async () => Number((await direct.query(`SELECT count(*) AS n FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.parent_id = $1 AND s.revoked_at IS NULL`, [inst.masterId])).rows[0].n);
    // The routes compiled and the caches warm before anything is timed.
    await must(api('GET', one(inst.masterId), root), 'read the master');

    const deactivate: Row = { what: `deactivate a master of ${PLAYERS_UNDER_MASTER} players (superadmin)`, times: [], statuses: [], limit: WRITE_LIMIT_MS };
    const activate: Row = { what: 'activate it again', times: [], statuses: [], limit: WRITE_LIMIT_MS };
    const revoked: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Every run ends the same sessions: those the last run ended are live again.
      await direct.query(`UPDATE sessions SET revoked_at = NULL WHERE token_hash LIKE 'bench-writes-%'`);
      const live = await liveUnder();
      const d = await timed(api, 'PATCH', toggle('deactivate'), root);
      deactivate.times.push(d.ms);
      deactivate.statuses.push(d.status);
      revoked.push(live - (await liveUnder()));
      const a = await timed(api, 'PATCH', toggle('activate'), root);
      activate.times.push(a.ms);
      activate.statuses.push(a.status);
    }
    deactivate.note = `sessions ended per run: ${[...new Set(revoked)].join('/')}`;
    rows.push(deactivate, activate);

    const logout: Row = { what: 'the master logs out (POST auth/logout)', times: [], statuses: [], limit: WRITE_LIMIT_MS };
    for (let i = 0; i < RUNS; i++) {
      const token = await login(inst.masterUsername);
      const r = await timed(api, 'POST', API_PATHS.logout, token, {});
      logout.times.push(r.ms);
      logout.statuses.push(r.status);
    }
    rows.push(logout);

    // Its points taken back first (an adjustment's "credit" of another account moves them to the
    // caller), so the refusal is the one of its players, not of its points.
    const points = Number((await direct.query(`SELECT wallet_balance AS b FROM accounts WHERE id = $1`, [inst.masterId])).rows[0].b) / 100;
    if (points > 0)
      await must(api('POST', `${master}${ACCOUNT_PATHS.creditAdjust}`, root, { password: PASSWORD, adjustAmount: points, transactionType: 'credit', toUserId: String(inst.masterId) }), `take ${inst.masterUsername}'s points back`);
    const refused: Row = { what: `delete it: refused, it has players`, times: [], statuses: [], limit: WRITE_LIMIT_MS };
    for (let i = 0; i < RUNS; i++) {
      const r = await timed(api, 'DELETE', one(inst.masterId), root);
      refused.times.push(r.ms);
      refused.statuses.push(r.status);
      refused.note = String(r.json.message ?? '');
    }
    rows.push(refused);

    const deleted: Row = { what: 'delete a master whose players were moved away', times: [], statuses: [], limit: WRITE_LIMIT_MS };
    for (const m of inst.emptied.slice(0, RUNS)) {
      // Its points taken back first, as above: a master holding points may not be deleted.
      const wallet = Number((await direct.query(`SELECT wallet_balance AS b FROM accounts WHERE id = $1`, [m.id])).rows[0].b) / 100;
      if (wallet > 0)
        await must(
          api('POST', `${master}${ACCOUNT_PATHS.creditAdjust}`, root, { password: PASSWORD, adjustAmount: wallet, transactionType: 'credit', toUserId: String(m.id) }),
          `take ${m.username}'s points back`,
        );
      const r = await timed(api, 'DELETE', one(m.id), root);
      deleted.times.push(r.ms);
      deleted.statuses.push(r.status);
      if (r.status !== 200) deleted.note = String(r.json.message ?? '');
    }
    rows.push(deleted);

    // Clear History: the admin of the network, after its password step-up; its players bet meanwhile.
    const adminToken = await login(inst.adminUsername);
    await must(api('POST', API_PATHS.checkPassword, adminToken, { password: PASSWORD }), 'step-up');
    await must(api('POST', `${tierOf('superadmin').api}${ACCOUNT_PATHS.creditAdjust}`, root, { password: PASSWORD, adjustAmount: 10_000_000, transactionType: 'credit', toUserId: String(rootId) }), 'generate points');
    const bettors: SoakPlayer[] = [];
    for (const b of inst.bettors) {
      await must(api('POST', `${tierOf('player').api}${ACCOUNT_PATHS.creditTransfer}`, root, { userId: String(rootId), password: PASSWORD, transferAmount: 1_000_000, toUserId: String(b.id) }), `fund ${b.username}`);
      bettors.push({ id: String(b.id), username: b.username, token: await login(b.username), startCents: 0n });
    }
    for (let i = 0; i < 50; i++) await placeBet(api, bettors[i % bettors.length]!, GAME, [{ drawno: '3', drawqty: 1 }]);
    const quiet = await betsWhile(api, bettors, () => sleep(QUIET_MS));
    const day = 86_400_000;
    const body = { startDate: new Date(Date.now() - 30 * day).toISOString().slice(0, 10), endDate: new Date().toISOString().slice(0, 10), models: ['ticket', 'draw', 'result', 'upcome', 'commission', 'refertransaction', 'usertransaction', 'userlog', 'frequency', 'counter', 'user'] };
    const before = (await direct.query(`SELECT (SELECT count(*) FROM tickets WHERE admin_id = $1) AS tickets, (SELECT count(*) FROM transactions) AS ledger`, [inst.adminId])).rows[0];
    t = performance.now();
    // Its own call: the shared client gives up after 30 s, and a backup of the whole installation comes first.
    const long = patientApi(`http://127.0.0.1:${port}`);
    const watch = watchStatements(url);
    const during = await betsWhile(api, bettors, () => timed(long, 'POST', API_PATHS.deleteRecords, adminToken, body));
    const watched = await watch.stop();
    statements = watched.lines;
    // The backup streams the whole database through the server's event loop, the transaction after it
    // deletes: the bets of each phase apart (the phase split where the first DELETE was seen running).
    const split = watched.firstDelete ?? Infinity;
    const inBackup = during.ms.filter((_, k) => during.sentAt[k]! < split);
    const inDelete = during.ms.filter((_, k) => during.sentAt[k]! >= split);
    const clearMs = performance.now() - t;
    const cleared = during.result;
    const after = (await direct.query(`SELECT (SELECT count(*) FROM tickets WHERE admin_id = $1) AS tickets, (SELECT count(*) FROM transactions) AS ledger`, [inst.adminId])).rows[0];
    clearLine =
      `Clear History, 30 days, every model, admin ${inst.adminUsername}: ${cleared.status} in ${(clearMs / 1000).toFixed(1)} s (${JSON.stringify(cleared.json.counts ?? cleared.json.message)}); ` +
      `the admin's tickets ${before.tickets} → ${after.tickets}, ledger rows ${before.ledger} → ${after.ledger}`;
    const quietP99 = pct(quiet.ms, 99);
    const duringP99 = pct(during.ms, 99);
    rows.push({ what: `bets before (${quiet.ms.length}, ${statusText(quiet.statuses)})`, times: quiet.ms, statuses: [], limit: BET_P99_MS });
    rows.push({ what: `bets during Clear History (${during.ms.length}, ${statusText(during.statuses)})`, times: during.ms, statuses: [], limit: BET_P99_MS });
    rows.push({ what: `  of them during its backup (${((split - t) / 1000).toFixed(1)} s)`, times: inBackup, statuses: [], limit: BET_P99_MS, part: true });
    rows.push({ what: `  of them during its deletes (${((t + clearMs - split) / 1000).toFixed(1)} s)`, times: inDelete, statuses: [], limit: BET_P99_MS, part: true });
    const betsMet = cleared.status === 200 && duringP99 <= BET_P99_MS && [...during.statuses.keys()].every((s) => s === 201);
    recordFigure({
      name: "writes: bets' p99 during Clear History of 30 days (1 M tickets, 100,000 players)",
      value: `${ms(duringP99)} ms over ${during.ms.length} bets (before ${ms(quietP99)} ms); Clear History ${(clearMs / 1000).toFixed(1)} s`,
      target: `≤ ${BET_P99_MS} ms, every bet 201`,
      met: betsMet,
      why: betsMet ? undefined : `statuses ${statusText(during.statuses)}; Clear History answered ${cleared.status}`,
    });
    met &&= betsMet;
  } finally {
    if (server) await stopServer(server);
    await direct.end().catch(() => undefined);
    if (!KEEP) await admin.query(`DROP DATABASE IF EXISTS ${COPY} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\nwrite (${RUNS} runs)                                        | statuses    |  p50 ms |  p95 ms |  p99 ms |  max ms | target`);
  for (const r of rows) {
    const isBets = r.statuses.length === 0;
    const worst = isBets ? pct(r.times, 99) : pct(r.times, 95);
    const ok = r.times.length > 0 && worst <= r.limit && (isBets || r.statuses.every((s) => s < 500));
    const line =
      `${r.what.padEnd(60).slice(0, 60)} | ${(isBets ? '' : [...new Set(r.statuses)].join(',')).padEnd(11)} | ${ms(pct(r.times, 50)).padStart(7)} | ${ms(pct(r.times, 95)).padStart(7)} | ${ms(pct(r.times, 99)).padStart(7)} | ${ms(Math.max(...r.times)).padStart(7)} | ` +
      `${isBets ? `p99 ≤ ${r.limit} ms` : `< ${r.limit} ms`} ${r.part ? '' : ok ? 'met' : 'MISSED'}${r.note ? ` (${r.note})` : ''}`;
    console.log(line);
    if (!r.what.startsWith('bets before') && !r.part) met &&= ok;
    if (!isBets) recordFigure({ name: `writes: ${r.what}`, value: `p95 ${ms(pct(r.times, 95))} ms, max ${ms(Math.max(...r.times))} ms (${[...new Set(r.statuses)].join(',')})`, target: `< ${r.limit} ms`, met: ok });
  }
  console.log(clearLine);
  if (statements.length) console.log(`where Clear History's time went (statements of the server seen running, sampled every 250 ms):\n${statements.join('\n')}`);
  console.log(`load after: ${loadavg()}`);
  return { exitCode: met ? 0 : 1 };
}
