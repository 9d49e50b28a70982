/**
 * HTTP credit transfers per second on PostgreSQL with 16 concurrent operators, beside two ceilings
 * measured in the same run on the same machine:
 *   - pgbench TPC-B TPS of the same PostgreSQL server (a bank-transfer benchmark: what the database
 *     alone does with 16 clients), and
 *   - argon2 verifications per second with the project's own ARGON2_OPTIONS at the same concurrency.
 * A session verifies its password with argon2 once, then by a keyed digest, so the measured
 * transfers (each operator's second and later) are bounded by the database, not by argon2:
 * the target is transfers/s ≥ 70% of pgbench TPC-B; argon2 is printed as what bounds a session's
 * first transfer and logins. The ledger invariant is checked after the run.
 * See bench/README.md.
 */
import { accountBody } from '../tests/fixtures/accountBody';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { hash, verify } from '@node-rs/argon2';
import pg from 'pg';
import { tierOf, type Role } from '../resources.config';
import { ARGON2_OPTIONS } from '../server/access/passwords';
import { checkInvariant } from '../server/credit/ledger';
import { openDatabase, type Database } from '../server/db/client';
import { recordFigure } from './figures';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

export interface CreditTransferOptions {
  /** A PostgreSQL URL whose user may create and drop databases; its database name is only used to connect. */
  adminUrl: string;
  seconds: number;
  warmupSeconds: number;
  pgbenchSeconds: number;
  argon2Seconds: number;
  concurrency: number;
  playersPerOperator: number;
  /** child: the server runs as `tsx server/main.ts` (the `npm start` code path) in its own process; inprocess: buildApp + listen here. */
  server: 'child' | 'inprocess';
  /** The server's LOG_LEVEL (npm start's default is info: two log lines per request). */
  logLevel: string;
  pgbench: string;
  target: number;
}

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): CreditTransferOptions {
  const num = (k: string, d: number) => (env[k] !== undefined && env[k] !== '' ? Number(env[k]) : d);
  return {
    adminUrl: env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    seconds: num('BENCH_SECONDS', 15),
    warmupSeconds: num('BENCH_WARMUP_SECONDS', 2),
    pgbenchSeconds: num('BENCH_PGBENCH_SECONDS', 15),
    argon2Seconds: num('BENCH_ARGON2_SECONDS', 5),
    concurrency: num('BENCH_CONCURRENCY', 16),
    playersPerOperator: num('BENCH_PLAYERS', 4),
    server: env.BENCH_SERVER === 'inprocess' ? 'inprocess' : 'child',
    logLevel: env.BENCH_LOG_LEVEL ?? 'info',
    pgbench: env.BENCH_PGBENCH ?? (existsSync('/usr/bin/pgbench') ? '/usr/bin/pgbench' : 'pgbench'),
    target: num('BENCH_TARGET', 0.7),
  };
}

export interface CreditTransferResult {
  transfersPerSecond: number;
  transfers: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  pgbenchTps: number;
  argon2PerSecond: number;
  lowerCeiling: { name: string; value: number };
  ratio: number;
  pass: boolean;
  invariant: { ok: boolean; balances: bigint; created: bigint; mismatched: number; ledgerRowsMatch: boolean };
  /** CPU milliseconds per successful transfer of each party (NaN when not measurable), and of one argon2 verify alone. */
  cpuMsPerTransfer: { server: number; postgres: number; loadGenerator: number; argon2Verify: number };
  /** Non-zero when the invariant failed or nothing was transferred. */
  exitCode: number;
}

/** The same server URL, naming another database. */
export const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** One short-lived connection (e.g. to the maintenance database) for administrative statements. */
export async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export const recreate = (url: string, name: string) =>
  admin(url, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
export const dropDb = (url: string, name: string) => admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);

const freePort = () =>
  new Promise<number>((ok, ko) => {
    const s = net.createServer();
    s.once('error', ko);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => ok(port));
    });
  });

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);

// ——— CPU accounting (Linux /proc): CPU-seconds used by a set of processes, so that the cost of one
// transfer can be read apart from whatever else the machine is running. ———

const TICK = 100; // USER_HZ: /proc reports utime/stime in 1/100 s on every Linux
export const statOf = (pid: number): { ppid: number; cpu: number } | null => {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' '); // after "pid (comm) ": state ppid … utime(12) stime(13)
    return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / TICK };
  } catch {
    return null;
  }
};
/** A process and all its descendants (the tsx wrapper and the node process it starts). */
function treeOf(pid: number): number[] {
  const parents = new Map<number, number>();
  try {
    for (const d of readdirSync('/proc')) if (/^\d+$/.test(d)) parents.set(Number(d), statOf(Number(d))?.ppid ?? -1);
  } catch {
    return [pid];
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [p, pp] of parents) if (pp === out[i]) out.push(p);
  return out;
}
const cpuOf = (pids: number[]) => new Map(pids.map((p) => [p, statOf(p)?.cpu ?? NaN]));
/** CPU-seconds used since `before` by the processes still alive (one that exited meanwhile is left out). */
const cpuSince = (before: Map<number, number>) => {
  let s = 0;
  for (const [p, c0] of before) {
    const c1 = statOf(p)?.cpu;
    if (c1 !== undefined && Number.isFinite(c0)) s += c1 - c0;
  }
  return s;
};
/** The PostgreSQL backends serving one database, when the server runs on this machine (null otherwise). */
async function backendsOf(adminUrl: string, db: string): Promise<number[] | null> {
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(adminUrl).hostname)) return null;
  const pids = await admin(adminUrl, async (c) => (await c.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [db])).rows.map((r) => Number(r.pid)));
  return pids.every((p) => statOf(p) !== null) ? pids : null;
}

/**
 * Transactions committed so far in one database (pg_stat_database). Busy backends publish their
 * counts about once a second, so a difference over a run is off by about a second's worth at each end.
 */
const commitsOf = (adminUrl: string, db: string): Promise<number> =>
  admin(adminUrl, async (c) => Number((await c.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = $1`, [db])).rows[0]?.xact_commit ?? NaN));

// ——— Ceiling 1: pgbench TPC-B on a scratch database of the same server ———

/** Connection arguments and environment for PostgreSQL's own client programs (pgbench, pg_dump, pg_restore) from a URL. */
export function pgClientArgs(url: string): { env: NodeJS.ProcessEnv; conn: string[] } {
  const u = new URL(url);
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  return { env, conn: ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')] };
}

export async function pgbenchTps(o: CreditTransferOptions, db: string): Promise<number> {
  const { env, conn } = pgClientArgs(o.adminUrl);
  await run(o.pgbench, ['-i', '-s', '1', '-q', ...conn, db], { env });
  const jobs = Math.max(1, Math.min(os.availableParallelism(), o.concurrency));
  const { stdout } = await run(o.pgbench, ['-c', String(o.concurrency), '-j', String(jobs), '-T', String(o.pgbenchSeconds), ...conn, db], { env });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
  if (!m) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(m[1]);
}

// ——— Ceiling 2: argon2 verifications per second, ARGON2_OPTIONS, same concurrency ———

export async function argon2PerSecond(concurrency: number, seconds: number): Promise<{ perSecond: number; cpuMs: number; cores: number }> {
  const h = await hash('secret-pass', ARGON2_OPTIONS);
  await verify(h, 'secret-pass'); // warm
  let n = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        if (!(await verify(h, 'secret-pass'))) throw new Error('argon2 verify failed');
        n++;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  return { perSecond: n / elapsed, cpuMs: (cpu / n) * 1000, cores: cpu / elapsed };
}

// ——— The server under test ———

export interface Served {
  base: string;
  /** The processes of the server (for CPU accounting). */
  pids(): number[];
  stop(): Promise<void>;
  /** The last lines the server printed (child mode), for a failure message. */
  tail(): string;
}

export async function startChild(o: CreditTransferOptions, databaseUrl: string, password: string, env: Record<string, string> = {}): Promise<Served> {
  const port = await freePort();
  const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
  const child: ChildProcess = spawn(tsx, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SKIP_CLIENT_BUILD: '1', SUPERADMIN_PASSWORD: password, LOG_LEVEL: o.logLevel, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await new Promise<void>((ok, ko) => {
    const timer = setTimeout(() => ko(new Error(`the server did not start in 90 s:\n${out}`)), 90_000);
    const check = () => {
      if (out.includes('Tierdesk is ready on')) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        ok();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      ko(new Error(`the server exited (${code}):\n${out}`));
    });
  });
  child.removeAllListeners('exit');
  return {
    base: `http://127.0.0.1:${port}`,
    pids: () => (child.pid ? treeOf(child.pid) : []),
    tail: () => out.slice(-4000),
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(t);
          ok();
        });
        child.kill('SIGTERM');
      }),
  };
}

async function startInProcess(o: CreditTransferOptions, databaseUrl: string, password: string): Promise<Served> {
  // The same steps as server/main.ts, in this process: the load generator shares its event loop.
  const { buildApp } = await import('../server/app');
  const { configFromEnv } = await import('../server/config');
  const { seed } = await import('../server/setup/seed');
  const config = configFromEnv({ ...process.env, DATABASE_URL: databaseUrl, SUPERADMIN_PASSWORD: password, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: o.logLevel });
  const db = await openDatabase({ databaseUrl });
  await db.migrate();
  await seed(db, { username: config.superadminUsername, password });
  const lines: string[] = [];
  const app = await buildApp({ db, config, logger: { level: config.logLevel, stream: { write: (l: string) => void (lines.push(l), lines.length > 50 && lines.shift()) } } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    pids: () => [process.pid],
    tail: () => lines.join(''),
    stop: async () => {
      await app.close();
      await db.close();
    },
  };
}

// ——— HTTP client: keep-alive sockets, one per concurrent operator ———

interface Reply {
  status: number;
  json: Record<string, unknown>;
}

export function client(base: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const u = new URL(base);
  const request = (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<Reply>((ok) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          agent,
          host: u.hostname,
          port: u.port,
          method,
          path,
          headers: {
            ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            let json: Record<string, unknown> = {};
            try {
              json = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
            } catch {
              /* not JSON */
            }
            ok({ status: res.statusCode ?? 0, json });
          });
          res.on('error', (e) => ok({ status: 0, json: { message: e.message } }));
        },
      );
      req.on('error', (e) => ok({ status: 0, json: { message: e.message } }));
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  return { request, close: () => agent.destroy() };
}

type Request = ReturnType<typeof client>['request'];

const createBody = (role: Role, parentId: string, password: string) => accountBody(role, { password, refId: parentId });

async function ok(r: Promise<Reply>, what: string): Promise<Reply> {
  const x = await r;
  if (x.status >= 300) throw new Error(`${what}: ${x.status} ${JSON.stringify(x.json)}`);
  return x;
}

interface Operator {
  id: string;
  username: string;
  token: string;
  players: string[];
}

/** admin → super area manager → area manager → N masters, each with players; the masters logged in and holding points. */
async function setupOperators(req: Request, o: CreditTransferOptions, rootPassword: string, password: string): Promise<{ operators: Operator[]; setupMoves: number }> {
  const login = async (username: string, pw: string) => (await ok(req('POST', '/api/auth/login', undefined, { username, password: pw }), `login ${username}`)).json;
  const root = await login('superadmin', rootPassword);
  const rootToken = root.token as string;
  const rootId = (root.user as { _id: string })._id;
  const create = async (role: Role, parentId: string) =>
    (await ok(req('POST', `/api${tierOf(role).api}/create`, rootToken, createBody(role, parentId, password)), `create ${role}`)).json.data as { _id: string; username: string };
  const adm = await create('admin', rootId);
  const sam = await create('superareamanager', adm._id);
  const am = await create('areamanager', sam._id);
  const masters = await Promise.all(Array.from({ length: o.concurrency }, () => create('master', am._id)));
  const operators = await Promise.all(
    masters.map(async (m) => ({
      id: m._id,
      username: m.username,
      token: (await login(m.username, password)).token as string,
      players: (await Promise.all(Array.from({ length: o.playersPerOperator }, () => create('player', m._id)))).map((p) => p._id),
    })),
  );
  await ok(
    req('POST', '/api/superadmins/credit-adjust', rootToken, { password: rootPassword, adjustAmount: 10_000_000, transactionType: 'credit', toUserId: rootId }),
    'generate',
  );
  await Promise.all(
    operators.map((m) =>
      ok(req('POST', '/api/master/credit-transfer', rootToken, { userId: rootId, password: rootPassword, transferAmount: 100_000, toUserId: m.id }), `fund ${m.username}`),
    ),
  );
  return { operators, setupMoves: 1 + operators.length };
}

/** N operator loops transferring small amounts to their own players, each request with its own Idempotency-Key (as the client sends). */
async function transferLoad(req: Request, operators: Operator[], password: string, seconds: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let okCount = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    operators.map(async (m) => {
      while (performance.now() < end) {
        const to = m.players[Math.floor(Math.random() * m.players.length)];
        const amount = (1 + Math.floor(Math.random() * 100)) / 100;
        const s = performance.now();
        const r = await req('POST', '/api/player/credit-transfer', m.token, { userId: m.id, password, transferAmount: amount, toUserId: to }, { 'idempotency-key': randomUUID() });
        latencies.push(performance.now() - s);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 200) okCount++;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { ok: okCount, elapsed, statuses, latencies };
}

export const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');
export const loadavg = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

/** Busy and total CPU-seconds of the whole machine so far (/proc/stat), to see what else ran. */
function machineCpu(): { busy: number; total: number } {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0) / TICK;
    return { busy: total - (f[3] + f[4]) / TICK, total };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

export async function creditTransferBench(o: CreditTransferOptions = optionsFromEnv(), log: (s: string) => void = console.log): Promise<CreditTransferResult> {
  const tag = `${process.pid}`;
  const benchDb = `tierdesk_bench_${tag}`;
  const pgbenchDb = `tierdesk_bench_pgbench_${tag}`;
  const rootPassword = 'bench-root-pass';
  const password = 'bench-operator-pass';
  const cores = os.availableParallelism();
  const version = await admin(o.adminUrl, async (c) => String((await c.query('SHOW server_version')).rows[0].server_version));
  log(`credit-transfer: PostgreSQL ${version} at ${new URL(o.adminUrl).host}, ${cores} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`);
  log(`  load average before: ${loadavg()} (other processes on the machine lower every figure)`);

  let served: Served | null = null;
  let db: Database | null = null;
  let http1: ReturnType<typeof client> | null = null;
  try {
    // Ceiling 1, measured before and after the HTTP run as argon2 is: the machine's other load drifts.
    await recreate(o.adminUrl, pgbenchDb);
    log(`  pgbench -i -s 1, then -c ${o.concurrency} -T ${o.pgbenchSeconds} (TPC-B)…`);
    const tpsBefore = await pgbenchTps(o, pgbenchDb);

    // Ceiling 2, measured before and after the HTTP run (the machine's other load drifts).
    log(`  argon2 verify, ${o.concurrency} in flight, ${o.argon2Seconds} s…`);
    const a2before = await argon2PerSecond(o.concurrency, o.argon2Seconds);

    // The server.
    await recreate(o.adminUrl, benchDb);
    const url = withDb(o.adminUrl, benchDb);
    log(`  server: ${o.server === 'child' ? 'child process `tsx server/main.ts` (the npm start code path)' : 'in this process (buildApp + listen)'}, LOG_LEVEL=${o.logLevel}`);
    served = o.server === 'child' ? await startChild(o, url, rootPassword) : await startInProcess(o, url, rootPassword);
    http1 = client(served.base, o.concurrency + 4);
    const { operators, setupMoves } = await setupOperators(http1.request, o, rootPassword, password);
    log(`  ${operators.length} masters with ${o.playersPerOperator} players each, funded; warm-up ${o.warmupSeconds} s, then ${o.seconds} s of transfers…`);
    const warm = o.warmupSeconds > 0 ? await transferLoad(http1.request, operators, password, o.warmupSeconds) : { ok: 0 };
    // CPU-seconds of each party over the measured run: server, its PostgreSQL backends, this process, the machine.
    const serverPids = served.pids();
    const backends = await backendsOf(o.adminUrl, benchDb);
    const cpu0 = { server: cpuOf(serverPids), pg: backends ? cpuOf(backends) : null, self: process.cpuUsage(), machine: machineCpu() };
    const commits0 = await commitsOf(o.adminUrl, benchDb);
    const load = await transferLoad(http1.request, operators, password, o.seconds);
    // Each statement outside a transaction block is a transaction of its own: commits per transfer = round trips.
    const commits = (await commitsOf(o.adminUrl, benchDb)) - commits0;
    const selfUse = process.cpuUsage(cpu0.self);
    const m1 = machineCpu();
    const cpu = {
      server: cpuSince(cpu0.server),
      pg: cpu0.pg ? cpuSince(cpu0.pg) : NaN,
      self: o.server === 'child' ? (selfUse.user + selfUse.system) / 1e6 : 0, // in-process: counted in server
      machine: m1.busy - cpu0.machine.busy,
    };
    const a2after = await argon2PerSecond(o.concurrency, o.argon2Seconds);
    log(`  pgbench again after the HTTP run…`);
    const tpsAfter = await pgbenchTps(o, pgbenchDb);
    await dropDb(o.adminUrl, pgbenchDb);
    const tps = (tpsBefore + tpsAfter) / 2;
    log(`  load average after: ${loadavg()}`);
    const a2 = (a2before.perSecond + a2after.perSecond) / 2;
    const a2cpuMs = (a2before.cpuMs + a2after.cpuMs) / 2;

    // The ledger, straight from the database.
    db = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const inv = await checkInvariant(db);
    const [{ n }] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM transactions`);
    const ledgerRowsMatch = Number(n) === setupMoves + warm.ok + load.ok;

    const tPerS = load.ok / load.elapsed;
    // The measured transfers reuse a proven password (no argon2): the database is their ceiling.
    const lower = { name: 'pgbench TPC-B', value: tps };
    const ratio = tPerS / lower.value;
    const pass = ratio >= o.target;
    const errors = load.latencies.length - load.ok;
    const L = load.latencies;
    const res: CreditTransferResult = {
      transfersPerSecond: tPerS,
      transfers: load.ok,
      errors,
      statuses: load.statuses,
      p50: pct(L, 0.5),
      p95: pct(L, 0.95),
      p99: pct(L, 0.99),
      pgbenchTps: tps,
      argon2PerSecond: a2,
      lowerCeiling: lower,
      ratio,
      pass,
      invariant: { ...inv, ledgerRowsMatch },
      cpuMsPerTransfer: { server: (cpu.server / load.ok) * 1000, postgres: (cpu.pg / load.ok) * 1000, loadGenerator: (cpu.self / load.ok) * 1000, argon2Verify: a2cpuMs },
      exitCode: inv.ok && ledgerRowsMatch && load.ok > 0 ? 0 : 1,
    };
    const row = (a: string, b: string, c: string) => `  ${a.padEnd(34)}${b.padStart(12)}  ${c}`;
    const ms = (x: number) => `${fmt(x, 1)} ms`;
    const per = res.cpuMsPerTransfer;
    const totalMs = per.server + (Number.isFinite(per.postgres) ? per.postgres : 0) + per.loadGenerator;
    const others = cpu.machine - cpu.server - (Number.isFinite(cpu.pg) ? cpu.pg : 0) - cpu.self;
    log('');
    log(row('measure', 'per second', 'detail'));
    log(row('HTTP credit transfers', fmt(tPerS), `${o.concurrency} operators, ${fmt(load.elapsed)} s, ${load.ok} ok, ${errors} errors ${JSON.stringify(load.statuses)}; latency p50 ${fmt(res.p50, 0)} ms, p95 ${fmt(res.p95, 0)} ms, p99 ${fmt(res.p99, 0)} ms`));
    log(row('ceiling: pgbench TPC-B', fmt(tps), `-s 1 -c ${o.concurrency} -j ${Math.max(1, Math.min(cores, o.concurrency))} -T ${o.pgbenchSeconds}; mean of ${fmt(tpsBefore)} before and ${fmt(tpsAfter)} after the HTTP run`));
    log(
      row(
        'ceiling: argon2 verify',
        fmt(a2),
        `${o.concurrency} in flight, m=${ARGON2_OPTIONS.memoryCost} KiB t=${ARGON2_OPTIONS.timeCost} p=${ARGON2_OPTIONS.parallelism}; mean of ${fmt(a2before.perSecond)} before and ${fmt(a2after.perSecond)} after the HTTP run (${fmt(a2before.cores, 2)}/${fmt(a2after.cores, 2)} of ${cores} cores obtained)`,
      ),
    );
    log(row(`ratio to ${lower.name}`, `${fmt(ratio * 100)}%`, `${pass ? 'met' : 'MISSED'}: target ≥ ${fmt(o.target * 100, 0)}% = ${fmt(o.target * tps)} transfers/s against ${fmt(tPerS)}/s`));
    log(
      row(
        'ledger invariant',
        inv.ok && ledgerRowsMatch ? 'ok' : 'FAILED',
        `Σ balances ${inv.balances} = Σ generated − Σ burned ${inv.created}; ${inv.mismatched} accounts off their ledger or negative; ledger rows ${n} ${ledgerRowsMatch ? '=' : '≠'} ${setupMoves} setup + ${warm.ok + load.ok} transfers`,
      ),
    );
    log('');
    log(
      `  CPU per transfer: server ${ms(per.server)} (no argon2: one verify would cost ≈ ${ms(a2cpuMs)}), PostgreSQL backends ${Number.isFinite(per.postgres) ? ms(per.postgres) : 'n/a (remote)'}, ` +
        `${o.server === 'child' ? `load generator ${ms(per.loadGenerator)}` : 'load generator counted in the server (same process)'}; total ${ms(totalMs)}`,
    );
    log(
      `  CPU-bound estimate on ${cores} idle cores: transfers ≈ ${fmt((cores * 1000) / totalMs)}/s (first transfers of a session, with argon2: ≈ ${fmt((cores * 1000) / (totalMs + a2cpuMs))}/s)` +
        `; during the run other processes used ${fmt(others / load.elapsed, 2)} of ${cores} cores`,
    );
    log(
      `  database round trips per transfer: ${fmt(commits / (load.ok + errors), 2)} (each an autocommit statement: ${commits} commits of the bench database during the run, ± a second's worth)`,
    );
    const why = `CPU per transfer ${ms(totalMs)} (PostgreSQL ${Number.isFinite(per.postgres) ? ms(per.postgres) : 'n/a'}, server ${ms(per.server)}, load generator ${ms(per.loadGenerator)}), ${fmt(commits / (load.ok + errors), 2)} database round trips per transfer; other processes took ${fmt(others / load.elapsed, 2)} of ${cores} cores`;
    recordFigure({ name: 'credit transfers/s vs pgbench', value: `${fmt(tPerS)}/s = ${fmt(ratio * 100)}%`, ceiling: `pgbench TPC-B ${fmt(tps)} TPS`, target: `≥ ${fmt(o.target * 100, 0)}%`, met: pass, why });
    if (!pass) {
      const pgShare = Number.isFinite(per.postgres) ? `PostgreSQL ${fmt((per.postgres / totalMs) * 100, 0)}%, ` : '';
      log(
        `  where the time goes (target missed): CPU per transfer ${ms(totalMs)} = ${pgShare}server ${fmt((per.server / totalMs) * 100, 0)}%, load generator ${fmt((per.loadGenerator / totalMs) * 100, 0)}%` +
          `; the target needs ${fmt(o.target * tps)}/s, at most ${ms((cores * 1000) / (o.target * tps))} of CPU per transfer on ${cores} idle cores` +
          `; other processes took ${fmt(others / load.elapsed, 2)} of ${cores} cores during the run`,
      );
    }
    if (errors > 0) log(`  server output (tail):\n${served.tail()}`);
    return res;
  } finally {
    http1?.close();
    await db?.close().catch(() => undefined);
    await served?.stop().catch(() => undefined);
    await dropDb(o.adminUrl, benchDb);
    await dropDb(o.adminUrl, pgbenchDb);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  creditTransferBench()
    .then((r) => process.exit(r.exitCode))
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
