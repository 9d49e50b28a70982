/**
 * What the kept counts cost the write path: pgbench runs the statements a credit transfer writes
 * (one ledger row and one activity row, one transaction) and a bet batch writes (64 players' ledger
 * rows, one statement) against the product's schema, with the count triggers on as shipped and off,
 * one client at a time (the latency is the cost, no waiting on another), alternating on and off. Then
 * one td_counts_flush() of what the runs left fresh. A figure, no target: the cost is read beside the
 * credit-transfer and bets benches' own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../server/db/client';
import { admin, dropDb, fmt, loadavg, optionsFromEnv, pgClientArgs, recreate, withDb } from './credit-transfer';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_COUNTS_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_COUNTS_ROUNDS ?? 2);
const BATCH = 64;

const TRIGGERS = [
  ['transactions', 'transactions_counts_insert'],
  ['activity_logs', 'activity_logs_counts_insert'],
] as const;

export async function keptCountsBench(): Promise<{ exitCode: number }> {
  const o = optionsFromEnv();
  const name = `tierdesk_bench_counts_${process.pid}`;
  const url = withDb(o.adminUrl, name);
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-counts-'));
  await recreate(o.adminUrl, name);
  try {
    const db = await openDatabase({ databaseUrl: url, poolSize: 2 });
    await db.migrate();
    // root → admin → super area manager → area manager → master → BATCH players: a full-depth path.
    let parent: number | null = null;
    const chain: number[] = [];
    for (const role of ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master']) {
      const made: { id: unknown }[] = await db.query(`INSERT INTO accounts (username, role, parent_id, path, password_hash) VALUES ($1, $2, $3, '/', 'x') RETURNING id`, [`c_${role}`, role, parent]);
      parent = Number(made[0]!.id);
      chain.push(parent);
      await db.query(`UPDATE accounts SET path = $1 WHERE id = $2`, [`/${chain.join('/')}/`, parent]);
    }
    const players = await db.query(
      `INSERT INTO accounts (username, role, parent_id, path, password_hash) SELECT 'c_p' || g, 'player', $1, '/', 'x' FROM generate_series(1, ${BATCH}) g RETURNING id`,
      [parent],
    );
    await db.query(`UPDATE accounts SET path = $1 || id || '/' WHERE role = 'player'`, [`/${chain.join('/')}/`]);
    const [master, pool] = [chain[4]!, chain[1]!];
    const ids = players.map((p) => Number(p.id));
    const scripts = {
      transfer: `BEGIN;
INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, message) VALUES (${master}, ${ids[0]}, 1, 'transfer', ${master}, 'bench');
INSERT INTO activity_logs (account_id, username, subject, request_url, method, ip_address) VALUES (${master}, 'c_master', 'Credit transfer', '/api/x', 'POST', '10.0.0.1');
END;
`,
      [`bet batch (${BATCH} rows)`]: `INSERT INTO transactions (from_id, to_id, amount, kind, actor_id, message) SELECT p, ${pool}, 1, 'bet', p, 'bench' FROM unnest(ARRAY[${ids.join(',')}]::bigint[]) p;
`,
    };
    const { env, conn } = pgClientArgs(o.adminUrl);
    const latency = async (file: string) => {
      const { stdout } = await run(o.pgbench, ['-n', '-M', 'prepared', '-c', '1', '-T', String(SECONDS), '-f', file, ...conn, name], { env });
      const m = /latency average = ([\d.]+) ms/.exec(stdout);
      if (!m) throw new Error(`pgbench printed no latency:\n${stdout}`);
      return Number(m[1]);
    };
    const triggers = (on: boolean) => admin(url, (c) => c.query(TRIGGERS.map(([t, g]) => `ALTER TABLE ${t} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${g};`).join(' ')));
    console.log(`kept counts: pgbench, 1 client, ${SECONDS} s a run, ${ROUNDS} rounds of (counted, not counted); load average before: ${loadavg()}`);
    console.log(`  ${'statements'.padEnd(22)} | counted ms | not counted ms | cost of counting`);
    for (const [label, sql] of Object.entries(scripts)) {
      const file = join(dir, `${label.split(' ')[0]}.sql`);
      writeFileSync(file, sql);
      const on: number[] = [];
      const off: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        on.push(await latency(file));
        await triggers(false);
        off.push(await latency(file));
        await triggers(true);
      }
      const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
      console.log(`  ${label.padEnd(22)} | ${on.map((x) => fmt(x, 3)).join(' ').padEnd(10)} | ${off.map((x) => fmt(x, 3)).join(' ').padEnd(14)} | ${fmt(mean(on) - mean(off), 3)} ms`);
    }
    // What the counted runs left fresh (a pair of accounts and an hour is one row, however many writes), spread once.
    const [fresh] = await db.query(`SELECT (SELECT count(*) FROM ledger_fresh)::int AS l, (SELECT count(*) FROM activity_fresh)::int AS a`);
    const t = performance.now();
    await db.query(`SELECT td_counts_flush()`);
    console.log(`  one flush of ${Number(fresh!.l) + Number(fresh!.a)} fresh rows: ${fmt(performance.now() - t)} ms; load average after: ${loadavg()}`);
    await db.close();
    return { exitCode: 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await dropDb(o.adminUrl, name);
  }
}
