import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE } from './engine';
import { serverReady, startServer, type ServerRun } from './serverProcess';

let port = 19300 + (process.pid % 500);

const start = (dataDir: string): ServerRun => startServer({ DATA_DIR: dataDir, PORT: String(++port), SUPERADMIN_PASSWORD: 'lock-test-pass' });
const ready = (run: ServerRun) => serverReady(run);

describe.runIf(ENGINE === 'pglite')('the embedded data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-lock-'));
  const runs: ServerRun[] = [];
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
