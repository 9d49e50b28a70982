import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE } from './engine';

let port = 19300 + (process.pid % 500);

interface Run {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

function start(dataDir: string): Run {
  let out = '';
  // As `npm start` runs it (the tsx CLI would SIGKILL a server slow to acknowledge SIGTERM: exit 143).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(++port), HOST: '127.0.0.1', SKIP_CLIENT_BUILD: '1', SUPERADMIN_PASSWORD: 'lock-test-pass', LOG_LEVEL: 'warn', SCHEDULER: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  return { child, out: () => out, exited };
}

async function ready(run: Run, ms = 90_000): Promise<number> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const m = /ready on http:\/\/localhost:(\d+)/.exec(run.out());
    if (m) return Number(m[1]);
    if (run.child.exitCode !== null) throw new Error(`server exited: ${run.out()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready: ${run.out()}`);
}

describe.runIf(ENGINE === 'pglite')('the embedded data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-lock-'));
  const runs: Run[] = [];
  afterAll(async () => {
    for (const r of runs) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('belongs to one server: a second exits at once with a clear message and touches nothing', async () => {
    const first = start(dir);
    runs.push(first);
    const firstPort = await ready(first);
    const second = start(dir);
    runs.push(second);
    expect(await second.exited).toBe(1);
    expect(second.out()).toContain('Another Tierdesk server');
    expect(second.out()).not.toMatch(/Superadmin|ready on/);
    const health = await fetch(`http://127.0.0.1:${firstPort}/api/health`);
    expect(health.status).toBe(200);
    // Stopped cleanly, the first releases the directory, and a new server opens the same data.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const third = start(dir);
    runs.push(third);
    await ready(third);
    expect(third.out()).not.toContain('Superadmin');
    third.child.kill('SIGKILL');
    await third.exited;
  }, 240_000);

  it('takes over the claim of a server that died without releasing it', async () => {
    writeFileSync(join(dir, 'tierdesk.lock'), '999999');
    const run = start(dir);
    runs.push(run);
    await ready(run);
    run.child.kill('SIGTERM');
    await run.exited;
  }, 120_000);
});
