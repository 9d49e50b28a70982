/**
 * `/api/health` latency while 100 clients log in and read their accounts, on each engine: the HTTP
 * thread must stay responsive whatever the database does. The server runs as `npm start` does
 * (`tsx server/main.ts`, its own process); the load and the probe run here.
 *
 *   BENCH_HEALTH_SECONDS   load time per engine (default 10)
 *   BENCH_HEALTH_CLIENTS   concurrent clients (default 100)
 *   BENCH_SERVER_ROOT      checkout whose server to start (default this one; point it at an older
 *                          checkout to measure before/after on the same machine)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { accountBody } from '../tests/fixtures/accountBody';

const ROOT = resolve(process.env.BENCH_SERVER_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const SECONDS = Number(process.env.BENCH_HEALTH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_HEALTH_CLIENTS ?? 100);
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'bench-health-pass';

const freePort = () =>
  new Promise<number>((res) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => res(p));
    });
  });

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function startServer(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SKIP_CLIENT_BUILD: '1', SUPERADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '100000000', SCHEDULER: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  const until = Date.now() + 120_000;
  while (!/ready on/.test(out)) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function json(url: string, init: RequestInit = {}) {
  const r = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  return { status: r.status, body: (await r.json().catch(() => ({}))) as Record<string, unknown> };
}

interface Figures {
  engine: string;
  healthP50: number;
  healthP99: number;
  healthN: number;
  loginP50: number;
  loginP99: number;
  requestsPerSecond: number;
  errors: number;
}

/** One admin per client, so every client logs in as itself (parallel logins of one name are throttled by design). */
async function makeUsers(url: string, token: string): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < CLIENTS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, CLIENTS - i) }, async () => {
        const r = await json(`${url}/api/admins/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify(accountBody('admin', { password: PASSWORD })) });
        if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
        return String((r.body.data as { username: string }).username);
      }),
    );
    names.push(...batch);
  }
  return names;
}

async function measure(engine: string, url: string): Promise<Figures> {
  const root = await json(`${url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username: 'superadmin', password: PASSWORD }) });
  const token = String(root.body.token);
  const users = await makeUsers(url, token);
  const deadline = Date.now() + SECONDS * 1000;
  const health: number[] = [];
  const logins: number[] = [];
  let requests = 0;
  let errors = 0;
  const probe = (async () => {
    while (Date.now() < deadline) {
      const t = performance.now();
      const r = await fetch(`${url}/api/health`);
      await r.arrayBuffer();
      health.push(performance.now() - t);
      await new Promise((res) => setTimeout(res, 20));
    }
  })();
  const client = async (username: string) => {
    while (Date.now() < deadline) {
      const t = performance.now();
      const l = await json(`${url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username, password: PASSWORD }) });
      logins.push(performance.now() - t);
      requests++;
      if (l.status !== 200) errors++;
      const auth = { authorization: `Bearer ${String(l.body.token ?? token)}` };
      for (const path of ['/api/auth/session', '/api/admins/all?page=1&perPage=25', '/api/counts/usercount', '/api/credit/loadcredit']) {
        const r = await json(`${url}${path}`, { headers: auth });
        requests++;
        if (r.status >= 400) errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all([probe, ...users.map(client)]);
  const secs = (performance.now() - started) / 1000;
  return {
    engine,
    healthP50: pct(health, 50),
    healthP99: pct(health, 99),
    healthN: health.length,
    loginP50: pct(logins, 50),
    loginP99: pct(logins, 99),
    requestsPerSecond: requests / secs,
    errors,
  };
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client(PG_ADMIN);
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

export async function healthUnderLoadBench(): Promise<{ exitCode: number }> {
  const results: Figures[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-health-'));
  try {
    const s = await startServer({ DATA_DIR: dir });
    try {
      results.push(await measure('PGlite (embedded)', s.url));
    } finally {
      await s.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (await pgReachable()) {
    const name = `tierdesk_bench_health_${process.pid}`;
    const admin = new pg.Client(PG_ADMIN);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(PG_ADMIN);
      url.pathname = `/${name}`;
      const s = await startServer({ DATABASE_URL: url.toString() });
      try {
        results.push(await measure('PostgreSQL', s.url));
      } finally {
        await s.stop();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log(`PostgreSQL at ${PG_ADMIN} is not reachable: its row is skipped.`);
  }
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
  console.log(`server: ${ROOT}; ${CLIENTS} clients (one account each) for ${SECONDS} s per engine: login, session, list, counts, wallet in a loop`);
  console.log('engine              | health p50 ms | health p99 ms | probes | login p50 ms | login p99 ms | req/s | errors');
  for (const r of results)
    console.log(`${r.engine.padEnd(19)} | ${f(r.healthP50).padStart(13)} | ${f(r.healthP99).padStart(13)} | ${String(r.healthN).padStart(6)} | ${f(r.loginP50).padStart(12)} | ${f(r.loginP99).padStart(12)} | ${f(r.requestsPerSecond).padStart(5)} | ${r.errors}`);
  return { exitCode: results.some((r) => r.errors > 0) ? 1 : 0 };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  healthUnderLoadBench().then((r) => process.exit(r.exitCode));
}
