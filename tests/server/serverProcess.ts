import { spawn, type ChildProcess } from 'node:child_process';


/** A real `server/main.ts` process (what `npm start` runs), its output and its exit. */
export interface ServerRun {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

/**
 * `nodeArgs` come after tsx's loader, so a bench's probe given there (`--import` of a .ts file)
 * loads through it; `ipc` opens the channel such a probe answers on.
 */
export function startServer(env: Record<string, string>, opts: { nodeArgs?: string[]; ipc?: boolean } = {}): ServerRun {
  let out = '';
  // As `npm start` runs it: node with tsx's loader (the tsx CLI would stand between the signal and the server).
  const child = spawn(process.execPath, ['--import', 'tsx', ...(opts.nodeArgs ?? []), 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', SCHEDULER: 'off', ...env },
    stdio: opts.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  return { child, out: () => out, exited };
}

/** The port once the server says it is ready. */
export async function serverReady(run: ServerRun, ms = 90_000): Promise<number> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const m = /ready on http:\/\/localhost:(\d+)/.exec(run.out());
    if (m) return Number(m[1]);
    if (run.child.exitCode !== null) throw new Error(`server exited: ${run.out()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready: ${run.out()}`);
}

/** SIGTERM, then SIGKILL if the server is not gone within `graceMs`; resolves with its exit code. */
export async function stopServer(run: ServerRun, graceMs = 10_000): Promise<number | null> {
  if (run.child.exitCode !== null || run.child.signalCode !== null) return run.exited;
  run.child.kill('SIGTERM');
  const kill = setTimeout(() => run.child.kill('SIGKILL'), graceMs);
  try {
    return await run.exited;
  } finally {
    clearTimeout(kill);
  }
}
