/**
 * The embedded engine under load: the server started as `npm start` starts it without
 * DATABASE_URL (PGlite in a fresh DATA_DIR, scheduler on), 200 players of one admin betting on one
 * game through the HTTP API for BENCH_SECONDS, an operator's console socket and a countdown socket.
 *
 * Figures, each beside its target:
 *   - bet answer time (POST /api/app/createbet, sent → answered), p50 ≤ 200 ms (p99 shown);
 *   - console refresh: bet answered → the first `responseData` pushed to the operator's socket whose
 *     round collection counts it, p50/p99 (shown; no ceiling is set for PGlite);
 *   - countdown: the interval between two `timer` pushes on a socket, every 1 s ± 100 ms (p50, p99,
 *     largest deviation from 1 s, share of intervals within ± 100 ms).
 * Checks after the run (on the data directory, the server stopped): the ledger invariant, and one
 * ticket per acknowledged bet. A failed check sets the exit status; a missed target is printed MISSED.
 *
 *   BENCH_SECONDS          betting time (default 60)
 *   BENCH_PLAYERS          players (default 200)
 *   BENCH_NODE_ARGS        extra node flags for the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
 *   BENCH_SERVER_ROOT      checkout whose server to start (default this one: before/after on one machine)
 *   BENCH_KEEP_DATA=1      keep the data directory (its path is printed)
 *   BENCH_SERVER_LOG       file that receives everything the server prints
 */
import { recordFigure } from './figures';
import { watchConsole } from './consoleWatch';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { GAMES, tierOf } from '../resources.config';
import { accountBody } from '../tests/fixtures/accountBody';
import { checkInvariant } from '../server/credit/ledger';
import { openDatabase } from '../server/db/client';
import { client } from './credit-transfer';

const ROOT = resolve(process.env.BENCH_SERVER_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const GAME = 'MNOQqWWi';
const PASSWORD = 'bench-pglite-pass';
/** Points each player gets: enough that no bet of the run is refused for balance. */
const FUNDS = 5000;
const TARGET_BET_P50_MS = 200;
const TICK_MS = 1000;
const TICK_SLACK_MS = 100;

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN);
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '—');
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

const freePort = () =>
  new Promise<number>((res) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => res(p));
    });
  });

async function startServer(dataDir: string): Promise<{ base: string; stop: () => Promise<void>; tail: () => string }> {
  const port = await freePort();
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SKIP_CLIENT_BUILD: '1', SUPERADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '100000000' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child: ChildProcess = spawn(process.execPath, [...extra, '--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const log = process.env.BENCH_SERVER_LOG ? createWriteStream(process.env.BENCH_SERVER_LOG) : null;
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
    log?.write(b);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const until = Date.now() + 120_000;
  while (!out.includes('Tierdesk is ready on')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    tail: () => out.slice(-4000),
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(t);
          ok();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The countdown probe's thread (CommonJS, run from a string: a worker cannot load TypeScript by itself). */
const TICK_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { io } = require('socket.io-client');
const s = io(workerData.base, { path: '/socket.io', auth: { token: workerData.token }, transports: ['websocket'] });
const times = [];
const past = [];
let on = false;
s.on('timer', () => { if (on) { times.push(performance.now()); past.push(Date.now() % 1000); } });
s.once('connect', () => s.emit('timerData', { adminId: workerData.adminId, gameId: workerData.gameId }));
// Ready once the answer to timerData is in: that answer is no tick (counted as one, it came a few ms before the first).
s.once('timer', () => parentPort.postMessage('ready'));
parentPort.on('message', (m) => {
  if (m === 'start') on = true;
  else { on = false; s.close(); parentPort.postMessage({ times, past }); }
});
`;

const connect = async (base: string, token: string): Promise<Socket> => {
  const s = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
  await new Promise<void>((res, rej) => {
    s.once('connect', () => res());
    s.once('connect_error', rej);
  });
  return s;
};

export async function pgliteLoadBench(): Promise<{ exitCode: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tierdesk-pglite-load-'));
  let served: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    served = await startServer(dataDir);
    const { request, close } = client(served.base, PLAYERS + 10);
    const must = async (r: Promise<{ status: number; json: Record<string, unknown> }>, what: string) => {
      const x = await r;
      if (x.status >= 300) throw new Error(`${what}: ${x.status} ${JSON.stringify(x.json)}`);
      return x.json;
    };
    const root = await must(request('POST', '/api/auth/login', undefined, { username: 'superadmin', password: PASSWORD }), 'login');
    const rootToken = String(root.token);
    const rootId = String((root.user as { _id: string })._id);
    const games = (await must(request('GET', '/api/game?page=1&perPage=100', rootToken), 'games')).data as { id: string | number; gameId: string }[];
    const game = games.find((g) => g.gameId === GAME);
    if (!game) throw new Error(`game ${GAME} is not in the catalogue`);
    const create = async (role: 'admin' | 'superareamanager' | 'areamanager' | 'master' | 'player', parent: string, extra: Record<string, unknown> = {}) =>
      (await must(request('POST', `/api${tierOf(role).api}/create`, rootToken, { ...accountBody(role, { password: PASSWORD, refId: parent }), ...extra }), `create ${role}`)).data as {
        _id: string;
        username: string;
      };
    const ad = await create('admin', rootId, { games: [String(game.id)] });
    const sam = await create('superareamanager', ad._id);
    const am = await create('areamanager', sam._id);
    const master = await create('master', am._id);
    const players: { _id: string; username: string; token?: string }[] = [];
    for (let i = 0; i < PLAYERS; i += 10) players.push(...(await Promise.all(Array.from({ length: Math.min(10, PLAYERS - i) }, () => create('player', master._id)))));
    await must(request('POST', '/api/superadmins/credit-adjust', rootToken, { password: PASSWORD, adjustAmount: FUNDS * PLAYERS, transactionType: 'credit', toUserId: rootId }), 'generate');
    for (const p of players) await must(request('POST', '/api/player/credit-transfer', rootToken, { userId: rootId, password: PASSWORD, transferAmount: FUNDS, toUserId: p._id }), 'fund');
    for (let i = 0; i < players.length; i += 10)
      await Promise.all(
        players.slice(i, i + 10).map(async (p) => (p.token = String((await must(request('POST', '/api/auth/login', undefined, { username: p.username, password: PASSWORD }), 'login')).token))),
      );
    const adminToken = String((await must(request('POST', '/api/auth/login', undefined, { username: ad.username, password: PASSWORD }), 'admin login')).token);

    // The operator's console: asks once, then receives every change (bet accepted → a push that counts it).
    const consoleSocket = await connect(served.base, adminToken);
    consoleSocket.emit('gameData', { adminId: ad._id, gameId: GAME });
    await new Promise((res) => consoleSocket.once('responseData', res));
    const watch = watchConsole(consoleSocket);
    const refresh = watch.latencies;

    // The countdown: a socket subscribed to the game's timer, on a thread of its own so that the 200
    // loops' answers on this thread do not delay its arrivals; every push's arrival time is kept.
    const probe = new Worker(TICK_PROBE, { eval: true, workerData: { base: served.base, token: adminToken, adminId: ad._id, gameId: GAME } });
    await new Promise<void>((res, rej) => {
      probe.once('message', () => res());
      probe.once('error', rej);
    });
    let accepted = 0;
    const statuses: Record<string, number> = {};
    const answer: number[] = [];
    const deadline = Date.now() + SECONDS * 1000;
    probe.postMessage('start');
    const started = performance.now();
    const startedAt = Date.now();
    await Promise.all(
      players.map(async (p) => {
        while (Date.now() < deadline) {
          const t = performance.now();
          const r = await request('POST', '/api/app/createbet', p.token, { gameId: GAME, draws: [{ drawno: String(Math.floor(Math.random() * 10)), drawqty: 1 }] });
          const at = performance.now();
          answer.push(at - t);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          if (r.status === 201) {
            accepted++;
            const round = Number((r.json.data as { drawno: number }).drawno);
            watch.accepted(round, at);
          }
        }
      }),
    );
    const secs = (performance.now() - started) / 1000;
    const { times: tickTimes, past: tickPast } = await new Promise<{ times: number[]; past: number[] }>((res) => {
      probe.once('message', res);
      probe.postMessage('stop');
    });
    await probe.terminate();
    await new Promise((res) => setTimeout(res, 1500));
    consoleSocket.close();
    close();
    const failed = Object.keys(statuses).some((k) => Number(k) >= 500 || Number(k) === 0);
    if (failed) console.log(`server output (tail):\n${served.tail()}`);
    await served.stop();
    served = undefined;

    const db = await openDatabase({ dataDir });
    let inv: Awaited<ReturnType<typeof checkInvariant>>;
    let tickets: number;
    try {
      inv = await checkInvariant(db);
      tickets = Number((await db.query(`SELECT count(*)::int AS n FROM tickets`))[0].n);
    } finally {
      await db.close();
    }

    const intervals = tickTimes.slice(1).map((t, i) => t - tickTimes[i]);
    const deviations = intervals.map((x) => Math.abs(x - TICK_MS));
    const within = deviations.filter((d) => d <= TICK_SLACK_MS).length;
    const betP50 = pct(answer, 50);
    const tickP50 = pct(intervals, 50);
    const maxDev = deviations.length ? Math.max(...deviations) : NaN;
    // Where the stalls were: each interval off by more than the slack, with when it ended (seconds into the betting).
    const off = intervals.flatMap((x, i) => (Math.abs(x - TICK_MS) > TICK_SLACK_MS ? [`${ms(x)} at +${((tickTimes[i + 1]! - started) / 1000).toFixed(1)} s`] : []));
    console.log(`server: ${ROOT}; PGlite in ${dataDir}; ${PLAYERS} players of one admin on ${GAME} for ${SECONDS} s`);
    console.log(`bets: ${accepted} accepted (${(accepted / secs).toFixed(0)}/s), answers ${JSON.stringify(statuses)}`);
    console.log(`bet answer time: p50 ${ms(betP50)}, p99 ${ms(pct(answer, 99))} (target p50 ≤ ${TARGET_BET_P50_MS} ms): ${verdict(betP50 <= TARGET_BET_P50_MS)}`);
    console.log(`console refresh (bet answered → pushed responseData that counts it): p50 ${ms(pct(refresh, 50))}, p99 ${ms(pct(refresh, 99))} over ${refresh.length} bets; ${watch.unseen()} never seen (no ceiling set for PGlite; PostgreSQL's is p99 ≤ 150 ms)`);
    console.log(
      `countdown: ${intervals.length} intervals, p50 ${ms(tickP50)}, p99 ${ms(pct(intervals, 99))}, largest deviation from 1 s ${ms(maxDev)}, ${intervals.length ? ((within / intervals.length) * 100).toFixed(1) : '—'} % within ± ${TICK_SLACK_MS} ms (target every 1 s ± ${TICK_SLACK_MS} ms): ${verdict(intervals.length > 0 && maxDev <= TICK_SLACK_MS)}`,
    );
    // The server pushes each tick just past a whole second of the wall clock (the scheduler's onTheClock): how far past it each arrived.
    console.log(
      `countdown: arrival past the whole second p50 ${ms(pct(tickPast, 50))}, p99 ${ms(pct(tickPast, 99))}, largest ${ms(tickPast.length ? Math.max(...tickPast) : NaN)}, ${tickPast.filter((x) => x <= TICK_SLACK_MS).length} of ${tickPast.length} within ${TICK_SLACK_MS} ms` +
        `${off.length ? `; intervals off by more than ${TICK_SLACK_MS} ms: ${off.join(', ')}` : ''}`,
    );
    // The game's rounds close on the clock (its default length: the bench changes none): when the betting crossed a close.
    const roundMs = (GAMES.find((g) => g.gameId === GAME)?.time ?? 60) * 1000;
    const closes: string[] = [];
    for (let t = Math.ceil(startedAt / roundMs) * roundMs; t < startedAt + secs * 1000; t += roundMs) closes.push(`+${((t - startedAt) / 1000).toFixed(1)} s`);
    console.log(`countdown: rounds of ${roundMs / 1000} s closed at ${closes.join(', ') || 'no time of the betting'}`);
    recordFigure({ name: 'PGlite, 200 players: bet answer', value: `p50 ${ms(betP50)}, p99 ${ms(pct(answer, 99))}`, target: `p50 ≤ ${TARGET_BET_P50_MS} ms`, met: betP50 <= TARGET_BET_P50_MS, why: 'one embedded connection runs every statement in turn (bench/README.md, pglite-load)' });
    recordFigure({ name: 'PGlite, 200 players: console refresh', value: `p50 ${ms(pct(refresh, 50))}, p99 ${ms(pct(refresh, 99))}`, target: 'none for PGlite (PostgreSQL: p99 ≤ 150 ms)', met: true });
    recordFigure({ name: 'PGlite, 200 players: countdown ticks', value: `p50 ${ms(tickP50)}, largest deviation ${ms(maxDev)}`, target: `1 s ± ${TICK_SLACK_MS} ms`, met: intervals.length > 0 && maxDev <= TICK_SLACK_MS, why: 'ticks run on the HTTP thread; outliers come with machine load' });
    console.log(`ledger invariant after the run: ${inv.ok ? 'holds' : 'BROKEN'}; tickets ${tickets} for ${accepted} acknowledged bets: ${tickets === accepted ? 'equal' : 'DIFFERENT'}`);
    return { exitCode: inv.ok && tickets === accepted && !failed ? 0 : 1 };
  } finally {
    await served?.stop();
    if (process.env.BENCH_KEEP_DATA === '1') console.log(`data directory kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  pgliteLoadBench().then((r) => process.exit(r.exitCode));
}
