import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The project root (tests/e2e/ → ../..). */
export const ROOT = resolve(import.meta.dirname, '..', '..');

export const SUPERADMIN = { username: 'superadmin', password: 'Root-pass-123' } as const;

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed, for failure reports. */
  output(): string;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.unref();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => ok(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the real server the way `npm start` does (`tsx server/main.ts`) on a free port with a
 * fresh PGlite data directory, and waits for GET /api/health. The client must be built (dist/).
 */
export async function startServer(opts: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tierdesk-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    detached: true, // its own process group: stop() ends it and anything it started
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'db'),
      SUPERADMIN_USERNAME: SUPERADMIN.username,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      SKIP_CLIENT_BUILD: '1',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      ...opts.env,
    },
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited === undefined && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      for (let i = 0; i < 50 && exited === undefined; i++) await sleep(100);
      if (exited === undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`The server exited (${exited}) before it was ready:\n${log}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok && ((await res.json()) as { success?: boolean }).success) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not ready within the time limit:\n${log}`);
    }
    await sleep(200);
  }
  return { baseUrl, port, dataDir, output: () => log, stop };
}
