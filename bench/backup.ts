/**
 * Backup and restore on PostgreSQL at a large installation's size: BENCH_BACKUP_ACCOUNTS (10,000) accounts
 * in a valid tree and BENCH_BACKUP_LEDGER_ROWS (1,000,000) ledger rows that keep the ledger
 * invariant, written straight into a scratch database with set-based SQL. Measures the product's
 * own functions, called in this process as the routes call them (server/operations/backup.ts):
 * exportBackup (time, folder size), openArchive (the stream downloadbackup sends: time, size),
 * importBackup (time), then the invariant and a per-table comparison of the rows before and after.
 * Beside them, in the same run and on the same database: `pg_dump -Fc` (time, file size) and
 * `pg_restore` into a fresh database (time, and the same comparison). Exit status non-zero when a
 * restore does not give back the same rows or the invariant fails. See bench/README.md.
 */
import { recordFigure } from './figures';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { TIERS, tierOf, type Role } from '../resources.config';
import { checkInvariant } from '../server/credit/ledger';
import { openDatabase, type Database } from '../server/db/client';
import { seed } from '../server/setup/seed';
import { openArchive, exportBackup, importBackup, listBackups, tablesInOrder } from '../server/operations/backup';
import { admin, dropDb, fmt, loadavg, optionsFromEnv, pgClientArgs, recreate, statOf, withDb } from './credit-transfer';

/** The bench signs and checks its backups with a key of its own (the server's lives in its data directory). */
const benchKey = randomBytes(32);

const run = promisify(execFile);

export interface BackupBenchOptions {
  /** A PostgreSQL URL whose user may create and drop databases (as the other benches). */
  adminUrl: string;
  /** Accounts written under the seeded superadmin (admins, super area managers, area managers, masters, players). */
  accounts: number;
  /** Ledger rows in all: one generation, one funding transfer per account, the rest random transfers and take-backs. */
  ledgerRows: number;
  pgDump: string;
  pgRestore: string;
  /** Where the temporary BACKUP_DIR and the pg_dump file go. */
  tmpDir: string;
  /** Restores of each kind, alternating which goes first; their means are compared. */
  restoreRuns: number;
  /**
   * A kept installation to copy (CREATE DATABASE … TEMPLATE) instead of writing the tree and ledger:
   * the screens bench's year of data (BENCH_BACKUP_FROM=tierdesk_bench_screens).
   */
  from?: string | undefined;
}

/** The targets: the product's backup and restore take at most this many times pg_dump's and pg_restore's time, same data, same run. */
const RESTORE_TARGET = 1.5;
/** …and the process serving them stays under this resident size (the files are streamed, never read whole). */
const RSS_TARGET_MB = 500;

export function backupOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BackupBenchOptions {
  const num = (k: string, d: number) => (env[k] !== undefined && env[k] !== '' ? Number(env[k]) : d);
  return {
    adminUrl: optionsFromEnv(env).adminUrl,
    accounts: num('BENCH_BACKUP_ACCOUNTS', 10_000),
    ledgerRows: num('BENCH_BACKUP_LEDGER_ROWS', 1_000_000),
    pgDump: env.BENCH_PG_DUMP ?? 'pg_dump',
    pgRestore: env.BENCH_PG_RESTORE ?? 'pg_restore',
    tmpDir: env.BENCH_BACKUP_TMP ?? os.tmpdir(),
    restoreRuns: Math.max(1, num('BENCH_BACKUP_RESTORE_RUNS', 2)),
    from: env.BENCH_BACKUP_FROM || undefined,
  };
}

const PASSWORD = 'bench-backup-pass';
/** Largest amount of one random movement, in cents (100.00 points). */
const MAX_CENTS = 10_000;
const MB = 1_000_000;

// ——— The data: a tree and a ledger, set-based ———

/** The chain below the root with how many of each tier every parent gets; players are spread over the masters. */
const SHAPE: { role: Role; per: number; commission: string }[] = [
  { role: 'superareamanager', per: 2, commission: '5' },
  { role: 'areamanager', per: 5, commission: '3' },
  { role: 'master', per: 5, commission: '2' },
];
const STAFF_PER_ADMIN = 1 + 2 + 2 * 5 + 2 * 5 * 5; // 63

/** Writes the tree under the root: ⌈accounts/1000⌉ admins, each 2 → 5 → 5 staff, and the rest players spread over the masters. */
export async function buildTree(c: pg.Client, rootId: number, accounts: number): Promise<{ admins: number; players: number }> {
  const admins = Math.max(1, Math.round(accounts / 1000));
  const players = accounts - admins * STAFF_PER_ADMIN;
  if (players < admins * 50) throw new Error(`BENCH_BACKUP_ACCOUNTS=${accounts} is too few for ${admins} admin(s) with their staff and one player per master`);
  // Each tier: inserted under its parents with a provisional name, then named and pathed as insertAccount does
  // (prefix + id padded to 4 digits, path = parent's path + id + '/'), with the profile fields an operator fills in.
  // insertAccount's lpad(id, 4) cuts ids of 5 digits to their first 4 (10005 → '1000'): here they keep every digit.
  const finish = (role: Role) =>
    c.query(
      `UPDATE accounts SET username = $2 || lpad(id::text, greatest(4, length(id::text)), '0'), path = path || id || '/', email = lower($2) || id || '@bench.test', phone = '+91' || lpad(id::text, 10, '0')
        WHERE role = $1`,
      [role, tierOf(role).usernamePrefix],
    );
  const cols = `username, role, parent_id, path, password_hash, first_name, last_name, country, state, city, address, commission, created_at`;
  const profile = (g: string, commission: string) =>
    `'Bench', 'User ' || ${g}, 'India', 'Maharashtra', 'Mumbai', ${g} || ' Marine Drive', ${commission}::numeric, now() - interval '120 days'`;
  await c.query(
    `INSERT INTO accounts (${cols})
     SELECT 'tmp_admin_' || g, 'admin', r.id, r.path, r.password_hash, ${profile('g', '$3')}
       FROM accounts r CROSS JOIN generate_series(1, $2::int) g WHERE r.id = $1`,
    [rootId, admins, '10'],
  );
  await finish('admin');
  let parentRole: Role = 'admin';
  for (const s of SHAPE) {
    await c.query(
      `INSERT INTO accounts (${cols})
       SELECT 'tmp_' || $1 || '_' || p.id || '_' || g, $1, p.id, p.path, p.password_hash, ${profile('g', '$4')}
         FROM accounts p CROSS JOIN generate_series(1, $2::int) g WHERE p.role = $3`,
      [s.role, s.per, parentRole, s.commission],
    );
    await finish(s.role);
    parentRole = s.role;
  }
  await c.query(
    `WITH m AS (SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, path, password_hash FROM accounts WHERE role = 'master')
     INSERT INTO accounts (${cols})
     SELECT 'tmp_player_' || g, 'player', m.id, m.path, m.password_hash, ${profile('g', '$2')}
       FROM generate_series(0, $1::int - 1) g JOIN m ON m.k = g % (SELECT count(*) FROM m)`,
    [players, '0'],
  );
  await finish('player');
  await c.query(`INSERT INTO account_games (account_id, game_id) SELECT a.id, g.id FROM accounts a CROSS JOIN games g WHERE a.role = 'admin'`);
  return { admins, players };
}

/**
 * The ledger, as the product would have written it: one generation into the root, one funding
 * transfer down every edge of the tree (parents before children), then random transfers (parent →
 * child, with an idempotency key as the client sends) and take-backs (child → parent) of 0.01–100.00
 * points, spread evenly over the edges, over the last 90 days; the balance-after columns are the
 * running sums. Each account is funded with budget × (2 × subtree size − 1): enough to fund its
 * children and to pay every random movement it takes part in, in any order, so no balance is ever
 * negative. Then one UPDATE sets each balance to its ledger sum.
 */
export async function buildLedger(c: pg.Client, rootId: number, rows: number): Promise<void> {
  const chain = TIERS.filter((t) => t.kind === 'chain' && t.parent !== null).map((t) => t.role);
  await c.query(
    `CREATE TEMP TABLE edge AS
       SELECT row_number() OVER (ORDER BY length(path) - length(replace(path, '/', '')), id) - 1 AS k, id AS child, parent_id AS parent, username
         FROM accounts WHERE parent_id IS NOT NULL AND role = ANY($1)`,
    [chain],
  );
  const edges = Number((await c.query(`SELECT count(*) AS n FROM edge`)).rows[0].n);
  const random = rows - 1 - edges;
  if (random < 0) throw new Error(`BENCH_BACKUP_LEDGER_ROWS=${rows} is fewer than one row per account (${edges + 1})`);
  const budget = Math.ceil(random / edges) * MAX_CENTS;
  await c.query(`CREATE TEMP TABLE subtree AS SELECT x::bigint AS id, count(*) AS size FROM accounts, unnest(string_to_array(trim(both '/' from path), '/')) x GROUP BY 1`);
  const money = (cents: string) => `to_char((${cents}) / 100.0, 'FM999999999999990.00')`;
  await c.query(
    `CREATE TEMP TABLE moves AS
     SELECT 0::bigint AS n, NULL::bigint AS from_id, $1::bigint AS to_id, $2::bigint * (2 * s.size - 1) AS amount, 'generated'::text AS kind, $1::bigint AS actor_id,
            'Generated ' || ${money('$2::bigint * (2 * s.size - 1)')} AS message, NULL::text AS idempotency_key
       FROM subtree s WHERE s.id = $1
     UNION ALL
     SELECT 1 + e.k, e.parent, e.child, $2::bigint * (2 * s.size - 1), 'transfer', e.parent,
            'Transfer of ' || ${money('$2::bigint * (2 * s.size - 1)')} || ' to ' || e.username, md5('fund' || e.k)::uuid::text
       FROM edge e JOIN subtree s ON s.id = e.child
     UNION ALL
     SELECT 1 + $3::bigint + g, CASE WHEN r.down THEN e.parent ELSE e.child END, CASE WHEN r.down THEN e.child ELSE e.parent END, r.cents,
            CASE WHEN r.down THEN 'transfer' ELSE 'adjust' END, e.parent,
            CASE WHEN r.down THEN 'Transfer of ' || ${money('r.cents')} || ' to ' || e.username ELSE 'Took back ' || ${money('r.cents')} || ' from ' || e.username END,
            CASE WHEN r.down THEN gen_random_uuid()::text END
       FROM generate_series(0, $4::bigint - 1) g
       CROSS JOIN LATERAL (SELECT random() < 0.7 AS down, 1 + floor(random() * ${MAX_CENTS})::bigint AS cents WHERE g >= 0) r
       JOIN edge e ON e.k = g % $3`,
    [rootId, budget, edges, random],
  );
  // Running balances of both sides, then the rows in order (ids follow n), dated over 90 days.
  await c.query(
    `WITH side AS (SELECT n, from_id AS acc, -amount AS d FROM moves WHERE from_id IS NOT NULL
                   UNION ALL SELECT n, to_id, amount FROM moves WHERE to_id IS NOT NULL),
          bal AS (SELECT n, acc, sum(d) OVER (PARTITION BY acc ORDER BY n) AS after FROM side)
     INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, message, from_balance_after, to_balance_after, idempotency_key, created_at)
     SELECT m.from_id, m.to_id, m.amount, m.kind, m.actor_id, m.message, f.after, t.after, m.idempotency_key,
            now() - interval '90 days' * (1 - m.n::float8 / $1)
       FROM moves m LEFT JOIN bal f ON f.n = m.n AND f.acc = m.from_id LEFT JOIN bal t ON t.n = m.n AND t.acc = m.to_id
      ORDER BY m.n`,
    [rows],
  );
  await c.query(
    `UPDATE accounts a SET wallet_balance = s.balance
       FROM (SELECT acc, sum(d) AS balance FROM (SELECT from_id AS acc, -amount AS d FROM transactions WHERE from_id IS NOT NULL
                                                  UNION ALL SELECT to_id, amount FROM transactions WHERE to_id IS NOT NULL) x GROUP BY acc) s
      WHERE a.id = s.acc`,
  );
  await c.query(`DROP TABLE moves, edge, subtree`);
}

// ——— Measuring ———

/** Row count and an order-independent digest of every row's text, per table: equal digests, same rows. */
async function fingerprint(q: { query: (text: string) => Promise<{ rows: Record<string, unknown>[] }> }, tables: string[]): Promise<Map<string, { rows: number; digest: string }>> {
  const out = new Map<string, { rows: number; digest: string }>();
  for (const t of tables) {
    const r = (await q.query(`SELECT count(*)::int AS n, coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text AS d FROM "${t}" x`)).rows[0];
    out.set(t, { rows: Number(r.n), digest: String(r.d) });
  }
  return out;
}

function compare(before: Map<string, { rows: number; digest: string }>, after: Map<string, { rows: number; digest: string }>): string[] {
  const bad: string[] = [];
  for (const [t, b] of before) {
    const a = after.get(t);
    if (!a) bad.push(`${t}: missing`);
    else if (a.rows !== b.rows) bad.push(`${t}: ${b.rows} rows before, ${a.rows} after`);
    else if (a.digest !== b.digest) bad.push(`${t}: ${b.rows} rows, but not the same rows`);
  }
  for (const t of after.keys()) if (!before.has(t)) bad.push(`${t}: not there before`);
  return bad;
}

/** CPU-seconds of the children this process has waited for (pg_dump, pg_restore): /proc/self/stat cutime + cstime. */
function childrenCpu(): number {
  try {
    const s = readFileSync('/proc/self/stat', 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * CPU-seconds used by the PostgreSQL backends of some databases while an operation runs (local server
 * only): polls pg_stat_activity every 200 ms and reads each backend's /proc/<pid>/stat, so backends
 * that come and go (pg_dump's, pg_restore's) count too, up to their last sample.
 */
async function backendCpu(adminUrl: string, dbs: string[]): Promise<{ stop: () => Promise<number> }> {
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(adminUrl).hostname)) return { stop: async () => NaN };
  const c = new pg.Client(adminUrl);
  await c.connect();
  const seen = new Map<number, { first: number; last: number }>();
  const sample = async (initial: boolean) => {
    const pids = (await c.query(`SELECT pid FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid()`, [dbs])).rows.map((r) => Number(r.pid));
    for (const p of pids) {
      const cpu = statOf(p)?.cpu;
      if (cpu === undefined) continue;
      const s = seen.get(p);
      if (s) s.last = cpu;
      else seen.set(p, { first: initial ? cpu : 0, last: cpu });
    }
  };
  await sample(true);
  let busy: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    busy = busy.then(() => sample(false)).catch(() => undefined);
  }, 200);
  return {
    async stop() {
      clearInterval(timer);
      await busy;
      await sample(false).catch(() => undefined);
      await c.end();
      let s = 0;
      for (const v of seen.values()) s += v.last - v.first;
      return s;
    },
  };
}

interface Timed<T> {
  /** Undefined when the operation failed (error says why). */
  value: T | undefined;
  error?: string;
  seconds: number;
  /** CPU-seconds: this process (the product's code), the database backends, child programs. */
  cpu: { node: number; postgres: number; programs: number };
  /** This process's largest resident size while it ran, in MB (sampled every 50 ms). */
  rssMb: number;
  /** This process's resident size when it started, in MB: what the bench itself held (its fingerprints, the heap it left). */
  rssStartMb: number;
}

/** Runs an operation, timed, with the CPU of each party; a failure is recorded, not thrown (the other operations still run). */
async function timed<T>(adminUrl: string, dbs: string[], fn: () => Promise<T>): Promise<Timed<T>> {
  const pgCpu = await backendCpu(adminUrl, dbs);
  const self0 = process.cpuUsage();
  const kids0 = childrenCpu();
  let rss = process.memoryUsage.rss();
  const rssStart = rss;
  const rssTimer = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage.rss());
  }, 50);
  const t0 = performance.now();
  let value: T | undefined;
  let error: string | undefined;
  try {
    value = await fn();
  } catch (e) {
    error = ((e as Error).message ?? String(e)).split('\n')[0];
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(rssTimer);
  rss = Math.max(rss, process.memoryUsage.rss());
  const self = process.cpuUsage(self0);
  const postgres = await pgCpu.stop();
  return { value, ...(error !== undefined ? { error } : {}), seconds, cpu: { node: (self.user + self.system) / 1e6, postgres, programs: childrenCpu() - kids0 }, rssMb: rss / MB, rssStartMb: rssStart / MB };
}

/** Several timed runs as one: their mean time and CPU (null when there were none). */
function total<T>(xs: Timed<T>[]): Timed<T> | null {
  if (!xs.length) return null;
  const mean = (f: (x: Timed<T>) => number) => xs.reduce((s, x) => s + f(x), 0) / xs.length;
  return {
    value: xs[xs.length - 1]!.value,
    seconds: mean((x) => x.seconds),
    rssMb: Math.max(...xs.map((x) => x.rssMb)),
    rssStartMb: xs[0]!.rssStartMb,
    cpu: { node: mean((x) => x.cpu.node), postgres: mean((x) => x.cpu.postgres), programs: mean((x) => x.cpu.programs) },
  };
}

/** Bytes of a stream, read to the end as an HTTP client would (nothing written to disk). */
async function drain(stream: NodeJS.ReadableStream): Promise<number> {
  let bytes = 0;
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  return bytes;
}

export interface BackupBenchResult {
  exitCode: number;
}

export async function backupBench(o: BackupBenchOptions = backupOptionsFromEnv(), log: (s: string) => void = console.log): Promise<BackupBenchResult> {
  const name = `tierdesk_bench_backup_${process.pid}`;
  const restored = `tierdesk_bench_backup_${process.pid}_pgrestore`;
  try {
    await admin(o.adminUrl, (c) => c.query('SELECT 1'));
  } catch {
    log(`PostgreSQL at ${o.adminUrl} is not reachable: the backup bench is skipped.`);
    return { exitCode: 0 };
  }
  const version = await admin(o.adminUrl, async (c) => String((await c.query('SHOW server_version')).rows[0].server_version));
  log(`backup: PostgreSQL ${version} at ${new URL(o.adminUrl).host}, ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}`);
  log(`  load average before: ${loadavg()} (other processes on the machine lower every figure)`);
  const url = withDb(o.adminUrl, name);
  let db: Database | null = null;
  let direct: pg.Client | null = null;
  let tmp: string | null = null;
  try {
    tmp = await mkdtemp(join(o.tmpDir, 'tierdesk-bench-backup-'));
    const backupDir = join(tmp, 'backups');
    let t = performance.now();
    if (o.from) {
      log(`  copying ${o.from} (CREATE DATABASE … TEMPLATE)…`);
      await dropDb(o.adminUrl, name);
      await admin(o.adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${o.from}`));
    } else await recreate(o.adminUrl, name);
    const copySeconds = (performance.now() - t) / 1000;
    db = await openDatabase({ databaseUrl: url, poolSize: 2 });
    await db.migrate();
    if (!o.from) await seed(db, { username: 'superadmin', password: PASSWORD });
    direct = new pg.Client(url);
    await direct.connect();
    const rootId = Number((await direct.query(`SELECT id FROM accounts WHERE role = 'superadmin'`)).rows[0].id);

    // 1. The data (or the kept installation as it is).
    t = performance.now();
    const tree = o.from
      ? { admins: Number((await direct.query(`SELECT count(*) AS n FROM accounts WHERE role = 'admin'`)).rows[0].n), players: Number((await direct.query(`SELECT count(*) AS n FROM accounts WHERE role = 'player'`)).rows[0].n) }
      : await buildTree(direct, rootId, o.accounts);
    const treeSeconds = (o.from ? copySeconds : 0) + (performance.now() - t) / 1000;
    t = performance.now();
    if (!o.from) await buildLedger(direct, rootId, o.ledgerRows);
    const ledgerSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    // A copy keeps its template's statistics and visibility: only written data needs them made.
    if (!o.from) await direct.query('VACUUM (ANALYZE)');
    const vacuumSeconds = (performance.now() - t) / 1000;
    await direct.end();
    direct = null;
    const inv0 = await checkInvariant(db);
    const tables = await tablesInOrder(db);
    const before = await fingerprint({ query: async (q) => ({ rows: await db!.query(q) }) }, tables);
    const [{ size }] = await db.query<{ size: string }>(`SELECT pg_database_size(current_database())::text AS size`);
    const n = (tb: string) => before.get(tb)?.rows ?? 0;
    log(
      `  setup: ${n('accounts')} accounts (${tree.admins} admins, ${tree.players} players), ${n('transactions')} ledger rows in ${fmt(treeSeconds + ledgerSeconds + vacuumSeconds)} s ` +
        `(tree ${fmt(treeSeconds)} s, ledger ${fmt(ledgerSeconds)} s, VACUUM ANALYZE ${fmt(vacuumSeconds)} s); database ${fmt(Number(size) / MB)} MB`,
    );
    log(`  ledger invariant before: ${inv0.ok ? 'ok' : 'FAILED'} (Σ balances ${inv0.balances} = Σ generated − Σ burned ${inv0.created}; ${inv0.mismatched} accounts off their ledger)`);
    if (!inv0.ok) throw new Error('the generated ledger does not keep the invariant: the setup is wrong, nothing was measured');


    // 2. The product: export, the download archive; pg_dump of the same database in the same state; the restores.
    log(`  product backup (exportBackup) into ${backupDir}…`);
    const exp = await timed(o.adminUrl, [name], () => exportBackup(db!, { dir: backupDir, key: benchKey }));
    const folder = exp.value?.folder;
    const folderBytes = folder ? (await listBackups(backupDir)).find((b) => b.folder === folder)!.size : NaN;
    const transactionsFile = folder ? (await stat(join(backupDir, folder, 'transactions.json'))).size : NaN;
    let arc: Timed<number> | null = null;
    if (folder) {
      log(`  product archive (openArchive, what downloadbackup streams)…`);
      arc = await timed(o.adminUrl, [name], async () => drain((await openArchive({ dir: backupDir, key: benchKey }, folder)).stream));
    }

    const dumpFile = join(tmp, `${name}.dump`);
    const { env, conn } = pgClientArgs(o.adminUrl);
    log(`  pg_dump -Fc…`);
    const dump = await timed(o.adminUrl, [name], () => run(o.pgDump, ['-Fc', ...conn, '-f', dumpFile, name], { env, maxBuffer: 64 * MB }));
    const dumpBytes = dump.error ? NaN : (await stat(dumpFile)).size;

    // The restores, BENCH_BACKUP_RESTORE_RUNS times each, alternating which goes first (the machine's
    // other load and PostgreSQL's own checkpoints then fall on both sides alike), each after a CHECKPOINT.
    const imps: Timed<{ rows: number }>[] = [];
    const ress: Timed<unknown>[] = [];
    const steps: { step: string; seconds: number }[][] = [];
    let inv1 = null as Awaited<ReturnType<typeof checkInvariant>> | null;
    let productDiff: string[] = ['no backup to restore'];
    let pgDiff: string[] = ['no dump to restore'];
    const checkpoint = () => admin(o.adminUrl, (c) => c.query('CHECKPOINT')).catch(() => undefined);
    const productRestore = async () => {
      if (!folder) return;
      await checkpoint();
      const mine: { step: string; seconds: number }[] = [];
      log(`  product restore (importBackup), run ${imps.length + 1}…`);
      imps.push(await timed(o.adminUrl, [name], () => importBackup(db!, { dir: backupDir, key: benchKey }, folder, (step, seconds) => mine.push({ step, seconds }))));
      steps.push(mine);
      // After a restore, or after a failed one (which must have changed nothing), the same rows as before.
      inv1 = await checkInvariant(db!);
      productDiff = compare(before, await fingerprint({ query: async (q) => ({ rows: await db!.query(q) }) }, tables));
    };
    const pgRestore = async () => {
      if (dump.error) return;
      await recreate(o.adminUrl, restored);
      await checkpoint();
      log(`  pg_restore into a fresh database, run ${ress.length + 1}…`);
      ress.push(await timed(o.adminUrl, [restored], () => run(o.pgRestore, [...conn, '-d', restored, dumpFile], { env, maxBuffer: 64 * MB })));
      pgDiff = await admin(withDb(o.adminUrl, restored), async (c) => compare(before, await fingerprint(c, tables)));
    };
    for (let i = 0; i < o.restoreRuns; i++) {
      if (i % 2 === 0) {
        await productRestore();
        await pgRestore();
      } else {
        await pgRestore();
        await productRestore();
      }
    }
    const imp = imps.find((x) => x.error) ?? total(imps);
    const res = ress.find((x) => x.error) ?? total(ress);
    log(`  load average after: ${loadavg()}`);

    // The table.
    const perRun = o.restoreRuns > 1 ? `, mean of ${o.restoreRuns}` : '';
    const failed = (x: Timed<unknown> | null) => (x === null ? 'not run' : x.error ? `FAILED after ${fmt(x.seconds)} s: ${x.error}` : null);
    const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${fmt(a / b, 2)}×` : '—');
    const row = (a: string, x: Timed<unknown> | null, mb: number, r: string) =>
      `  ${a.padEnd(44)}${(x && !x.error ? fmt(x.seconds) : '—').padStart(9)}${(Number.isFinite(mb) ? fmt(mb / MB) : '').padStart(10)}${(x ? fmt(x.rssMb, 0) : '').padStart(8)}  ${failed(x) ?? r}`;
    const cpu = (label: string, x: Timed<unknown> | null) =>
      x ? `${label} node ${fmt(x.cpu.node)} s, postgres ${fmt(x.cpu.postgres)} s${x.cpu.programs > 0.05 ? `, program ${fmt(x.cpu.programs)} s` : ''}` : `${label} not run`;
    log('');
    log(`  ${'operation'.padEnd(44)}${'seconds'.padStart(9)}${'MB'.padStart(10)}${'RSS MB'.padStart(8)}  product / pg_dump`);
    log(row('product backup (exportBackup → folder)', exp, folderBytes, `${ratio(exp.seconds, dump.seconds)} time, ${ratio(folderBytes, dumpBytes)} size of pg_dump -Fc`));
    log(
      row('product archive (downloadbackup .tar.gz)', arc, arc?.value ?? NaN, `${ratio(arc?.value ?? NaN, dumpBytes)} size of pg_dump -Fc; backup + archive ${ratio(exp.seconds + (arc?.seconds ?? NaN), dump.seconds)} time`),
    );
    const runs = (xs: Timed<unknown>[]) => (xs.length > 1 ? ` (runs: ${xs.map((x) => fmt(x.seconds)).join(' s, ')} s)` : '');
    log(row(`product restore (importBackup)${perRun}`, imp, NaN, `${ratio(imp?.seconds ?? NaN, res?.seconds ?? NaN)} time of pg_restore${runs(imps)}`));
    log(row('pg_dump -Fc', dump, dumpBytes, ''));
    log(row(`pg_restore (into a fresh database)${perRun}`, res, NaN, runs(ress).trim()));
    log('');
    const restoreRatio = imp && res && !imp.error && !res.error ? imp.seconds / res.seconds : NaN;
    const backupRatio = !exp.error && !dump.error ? exp.seconds / dump.seconds : NaN;
    const peakRss = Math.max(exp.rssMb, arc?.rssMb ?? 0, imp?.rssMb ?? 0);
    log(`  backup: ${fmt(exp.seconds)} s beside pg_dump's ${fmt(dump.seconds)} s: ${ratio(exp.seconds, dump.seconds)}, target ≤ ${RESTORE_TARGET}× — ${backupRatio <= RESTORE_TARGET ? 'met' : 'MISSED'}`);
    log(`  the product's largest resident size (backup, archive, restore): ${fmt(peakRss, 0)} MB, target ≤ ${RSS_TARGET_MB} MB — ${peakRss <= RSS_TARGET_MB ? 'met' : 'MISSED'}`);
    const grew = (x: Timed<unknown> | null) => (x ? `${fmt(x.rssStartMb, 0)} → ${fmt(x.rssMb, 0)} MB` : 'not run');
    log(`  resident size at the start → peak of each (the start is the bench's own): backup ${grew(exp)}, archive ${grew(arc)}, restore ${grew(imp)}`);
    recordFigure({ name: `backup of ${n('transactions')} ledger rows vs pg_dump`, value: `${fmt(exp.seconds)} s = ${ratio(exp.seconds, dump.seconds)}`, ceiling: `pg_dump ${fmt(dump.seconds)} s`, target: `≤ ${RESTORE_TARGET}×`, met: backupRatio <= RESTORE_TARGET, why: 'Node reads every row, writes it as JSON and hashes each file' });
    recordFigure({ name: `backup/restore resident size at ${n('transactions')} ledger rows`, value: `${fmt(peakRss, 0)} MB`, ceiling: `${RSS_TARGET_MB} MB`, target: `≤ ${RSS_TARGET_MB} MB`, met: peakRss <= RSS_TARGET_MB, why: 'rows are streamed in batches; a peak means a table read whole' });
    log(
      `  restore of ${n('transactions')} ledger rows: ${fmt(imp?.seconds ?? NaN)} s beside pg_restore's ${fmt(res?.seconds ?? NaN)} s (its ceiling × ${RESTORE_TARGET} = ${fmt((res?.seconds ?? NaN) * RESTORE_TARGET)} s): ` +
        `${ratio(imp?.seconds ?? NaN, res?.seconds ?? NaN)}, target ≤ ${RESTORE_TARGET}× — ${restoreRatio <= RESTORE_TARGET ? 'met' : 'MISSED'}`,
    );
    // Where the restore's time goes: its steps, summed over the runs.
    const bySteps = new Map<string, number>();
    for (const run of steps) for (const x of run) bySteps.set(x.step, (bySteps.get(x.step) ?? 0) + x.seconds);
    const stepText = [...bySteps].map(([k, v]) => `${k} ${fmt(v / steps.length)} s`).join('; ');
    if (bySteps.size) log(`  product restore by step${perRun}: ${stepText}`);
    recordFigure({
      name: `restore of ${n('transactions')} ledger rows vs pg_restore`,
      value: `${fmt(imp?.seconds ?? NaN)} s = ${ratio(imp?.seconds ?? NaN, res?.seconds ?? NaN)}`,
      ceiling: `pg_restore ${fmt(res?.seconds ?? NaN)} s`,
      target: `≤ ${RESTORE_TARGET}×`,
      met: restoreRatio <= RESTORE_TARGET,
      why: `by step: ${stepText}; Node reads and hashes each file and turns its rows into COPY text from their bytes on the HTTP thread`,
    });
    log('');
    log(`  CPU: ${[cpu('backup', exp), cpu('archive', arc), cpu('restore', imp), cpu('pg_dump', dump), cpu('pg_restore', res)].join('; ')}`);
    if (exp.value) {
      const m = exp.value.manifest;
      log(`  transactions.json ${fmt(transactionsFile / MB)} MB of the folder's ${fmt(folderBytes / MB)} MB; ${m.tables.length} tables, ${m.tables.reduce((s, x) => s + x.rows, 0)} rows; database ${fmt(Number(size) / MB)} MB`);
    }
    if (inv1)
      log(
        `  after the product restore${imp?.error ? ' (failed: must have changed nothing)' : ''}: ledger invariant ${inv1.ok ? 'ok' : 'FAILED'}, ${tables.length} tables ` +
          `${productDiff.length ? `DIFFER: ${productDiff.join('; ')}` : 'row for row the same (count and digest of every row)'}`,
      );
    if (res) log(`  after pg_restore: ${pgDiff.length ? `DIFFER: ${pgDiff.join('; ')}` : 'row for row the same'}`);
    const ok = !exp.error && !arc?.error && imp !== null && !imp.error && imps.length > 0 && inv1?.ok === true && productDiff.length === 0 && !dump.error && !res?.error && pgDiff.length === 0;
    return { exitCode: ok ? 0 : 1 };
  } finally {
    await direct?.end().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await dropDb(o.adminUrl, name);
    await dropDb(o.adminUrl, restored);
    if (tmp) await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  backupBench()
    .then((r) => process.exit(r.exitCode))
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
