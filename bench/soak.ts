/**
 * The long soak (`npm run bench -- soak`): the real server as `npm start` runs it (scheduler on, OS
 * random source) with every game on 5-second rounds and 200 players betting, for BENCH_SOAK_MINUTES,
 * on PostgreSQL and on the embedded engine, one after the other. Built and played through the API
 * as in the soak test (tests/server/soakPlay.ts). Each player bets on a game of its choice, then
 * waits about BENCH_SOAK_THINK_MS.
 *
 * Figures per engine:
 *   - rounds settled during the run;
 *   - settlement lag after close: a round's close → its result on an operator's console (the first
 *     pushed `responseData` whose results strip holds it), p50, p99, max, over every game;
 *   - bet answer (POST /api/app/createbet, sent → answered), p99;
 *   - event-loop delay of the server, p99 and max (perf_hooks, in the server: bench/serverProbe.mjs);
 *   - RSS and heap after warm-up and at the end, growth ≤ 10 % (heap: live objects after a full
 *     collection, of the main thread; PGlite runs in a worker thread, in RSS);
 *   - database size per 1,000 rounds: its growth from warm-up to end over the rounds played between
 *     (PostgreSQL: pg_database_size; PGlite: the data directory's files).
 *   - rounds behind 5 s after the last close, and how long the engine took to catch up.
 * Checks (the exit status), once caught up (at most 5 min): no round behind, every ticket settled once (the settlement checks of the
 * soak test), every accepted bet a ticket, every wallet its start minus stakes plus wins, the ledger.
 *
 *   BENCH_SOAK_MINUTES    betting time per engine (default 30, at most 1440 = 24 h)
 *   BENCH_SOAK_ENGINES    postgres,pglite (default both, in that order)
 *   BENCH_SOAK_PLAYERS    players (default 200)
 *   BENCH_SOAK_THINK_MS   a player's mean pause between two bets (default 1000)
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { checkInvariant } from '../server/credit/ledger';
import { openDatabase } from '../server/db/client';
import { GAMES } from '../resources.config';
import { freePort } from '../tests/e2e/server';
import { serverReady, startServer, stopServer, type ServerRun } from '../tests/server/serverProcess';
import { settlementFaults } from '../tests/server/settlementChecks';
import { API_PATHS } from '../domain/apiPaths';
import { auditPlayers, engineStatus, fetchApi, must, placeBet, setUpSoak, sleep, type AcceptedBet, type Api, type SoakWorld } from '../tests/server/soakPlay';
import { dropDb, optionsFromEnv, recreate, withDb } from './credit-transfer';
import { recordFigure } from './figures';

type Engine = 'postgres' | 'pglite';
/** What bench/serverProbe.mjs answers. */
interface ProbeFigures {
  rss: number;
  heapUsed: number;
  eldP99Ms: number;
  eldMaxMs: number;
}
const ROUND_SECONDS = 5;
const MINUTES = Math.min(1440, Number(process.env.BENCH_SOAK_MINUTES ?? 30));
const ENGINES = (process.env.BENCH_SOAK_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim()) as Engine[];
const PLAYERS = Number(process.env.BENCH_SOAK_PLAYERS ?? 200);
const THINK_MS = Number(process.env.BENCH_SOAK_THINK_MS ?? 1000);
const PASSWORD = 'bench-soak-pass';
/** The figures of "after warm-up" are taken this far into the betting: a fifth of it, 30 s to 5 min. */
const WARMUP_MS = Math.min(5 * 60_000, Math.max(30_000, MINUTES * 60_000 * 0.2));
const GROWTH_LIMIT = 0.1;
/** How long the checks wait for the rounds still behind at the end of the betting. */
const CATCH_UP_MS = 5 * 60_000;
/** Above this many minutes the players' own ticket lists are not read back page by page (the database checks remain). */
const AUDIT_MAX_MINUTES = 60;
const PROBE = resolve(fileURLToPath(new URL('./serverProbe.mjs', import.meta.url)));

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN);
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '—');
const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
const growth = (a: number, b: number) => (b - a) / a;
const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;

function probe(run: ServerRun, m: 'probe' | 'reset'): Promise<ProbeFigures | null> {
  if (m === 'reset') {
    run.child.send(m);
    return Promise.resolve(null);
  }
  return new Promise((ok, ko) => {
    const t = setTimeout(() => ko(new Error('the server probe did not answer in 30 s')), 30_000);
    run.child.once('message', (f) => {
      clearTimeout(t);
      ok(f as ProbeFigures);
    });
    run.child.send(m);
  });
}

/** Bytes of every file under a directory. */
function dirBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    n += e.isDirectory() ? dirBytes(p) : e.isFile() ? statSync(p).size : 0;
  }
  return n;
}

/**
 * The lag from each round's close to its result on the console: one operator socket per game, each
 * push's newest settled round compared with the one before.
 */
async function watchSettlements(base: string, world: SoakWorld): Promise<{ lags: number[]; close: () => void }> {
  const lags: number[] = [];
  const sockets: Socket[] = [];
  for (const gameId of world.games) {
    // The token is read at each (re)connection: a run longer than a session's life logs the superadmin in again.
    const s = io(base, { path: '/socket.io', auth: (cb) => cb({ token: world.rootToken }), transports: ['websocket'] });
    sockets.push(s);
    let newest: number | null = null;
    await new Promise<void>((ok, ko) => {
      s.once('responseError', (e: unknown) => ko(new Error(`console of ${gameId}: ${JSON.stringify(e)}`)));
      s.once('connect_error', ko);
      s.on('responseData', (m: { data?: { lastData: { data: { roundNo: number }[] } } }) => {
        const at = Date.now();
        const n = m.data?.lastData.data[0]?.roundNo ?? -1;
        // The first answer only tells where the strip is; later ones time each newly settled round.
        if (newest !== null && n > newest) lags.push(at - (n + 1) * ROUND_SECONDS * 1000);
        if (newest === null || n > newest) newest = n;
        ok();
      });
      s.on('connect', () => s.emit('gameData', { adminId: world.adminId, gameId }));
    });
    // The server ends a socket whose session ended; the next connection carries the new token.
    s.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') setTimeout(() => s.connect(), 2000);
    });
  }
  return { lags, close: () => sockets.forEach((s) => s.close()) };
}

/** A fresh session for an account of the run (sessions end after 30 idle minutes and 12 hours in any case). */
async function relogin(api: Api, username: string): Promise<string> {
  return String((await must(api('POST', API_PATHS.login, undefined, { username, password: PASSWORD }), `login ${username}`)).token);
}

interface EngineFigures {
  engine: Engine;
  minutes: number;
  roundsSettled: number;
  /** Rounds the engine could not settle within ROUND_VOID_AFTER_SECONDS of their close, refunded instead. */
  roundsVoided: number;
  lag: number[];
  betAnswers: number[];
  accepted: number;
  statuses: Record<string, number>;
  warm: ProbeFigures;
  end: ProbeFigures;
  dbBytesPer1000Rounds: number;
  behindAtEnd: number;
  catchUpMs: number;
  checks: string[];
}

async function soakOn(engine: Engine): Promise<EngineFigures> {
  const o = optionsFromEnv();
  const dataDir = mkdtempSync(join(tmpdir(), 'tierdesk-bench-soak-'));
  const dbName = `tierdesk_bench_soak_${process.pid}`;
  const dbUrl = withDb(o.adminUrl, dbName);
  const env: Record<string, string> = { SUPERADMIN_PASSWORD: PASSWORD, SCHEDULER: 'on', LOGIN_RATE_LIMIT: '100000000', REDIS_URL: '', BACKUP_DIR: join(dataDir, 'backups'), CLIENT_DIR: join(dataDir, 'no-client') };
  if (engine === 'postgres') {
    await recreate(o.adminUrl, dbName);
    Object.assign(env, { DATABASE_URL: dbUrl, DATA_DIR: join(dataDir, 'data') });
  } else Object.assign(env, { DATABASE_URL: '', DATA_DIR: join(dataDir, 'db') });
  const port = await freePort();
  let server: ServerRun | undefined = startServer({ ...env, PORT: String(port) }, { nodeArgs: ['--expose-gc', '--import', PROBE], ipc: true });
  const dbBytes = async (): Promise<number> => {
    if (engine === 'pglite') return dirBytes(env.DATA_DIR!);
    const c = new pg.Client(dbUrl);
    await c.connect();
    try {
      return Number((await c.query(`SELECT pg_database_size(current_database()) AS n`)).rows[0].n);
    } finally {
      await c.end();
    }
  };
  try {
    // A fresh embedded database migrates first: over 5 min at a load average of 35 on 2 cores.
    await serverReady(server, 900_000);
    const base = `http://127.0.0.1:${port}`;
    const api: Api = fetchApi(base);
    const world = await setUpSoak(api, { password: PASSWORD, games: GAMES.map((g) => g.gameId), roundSeconds: ROUND_SECONDS, players: PLAYERS, playerPoints: 1_000_000, poolPoints: 1_000_000 });
    const watch = await watchSettlements(base, world);
    console.log(`${engine}: ${PLAYERS} players on ${world.games.length} games of ${ROUND_SECONDS}-s rounds for ${MINUTES} min (warm-up ${WARMUP_MS / 1000} s), server pid ${server.child.pid}`);

    const accepted: AcceptedBet[] = [];
    const statuses: Record<string, number> = {};
    const answers: number[] = [];
    const started = Date.now();
    const deadline = started + MINUTES * 60_000;
    let warmedUp = false;
    let warm: ProbeFigures | undefined;
    let warmBytes = 0;
    let warmAt = 0;
    let relogins = 0;
    const players = world.players.map(async (p) => {
      // Spread over the first think time, so the 200 do not all bet in the same millisecond of every second.
      await sleep(randomInt(THINK_MS));
      while (Date.now() < deadline) {
        const gameId = world.games[randomInt(world.games.length)]!;
        const a = await placeBet(api, p, gameId);
        if (!a.ok && a.status === 401) {
          p.token = await relogin(api, p.username);
          relogins++;
          continue;
        }
        statuses[a.ok ? 201 : a.status] = (statuses[a.ok ? 201 : a.status] ?? 0) + 1;
        if (a.ok) accepted.push(a.bet);
        if (warmedUp) answers.push(a.ms);
        await sleep(THINK_MS / 2 + randomInt(THINK_MS));
      }
    });
    const warmup = (async () => {
      await sleep(started + WARMUP_MS - Date.now());
      warm = (await probe(server!, 'probe'))!;
      await probe(server!, 'reset');
      warmBytes = await dbBytes();
      warmAt = Date.now();
      warmedUp = true;
      console.log(`${engine}: after warm-up RSS ${mib(warm.rss)}, heap ${mib(warm.heapUsed)}, database ${mib(warmBytes)}`);
    })();
    // A line a minute, so a long run shows it is alive.
    // The superadmin's dashboard reads the engine's state every minute, as an operator's would: that keeps its session, or renews it.
    const ticker = setInterval(() => {
      console.log(`${engine}: +${((Date.now() - started) / 60_000).toFixed(0)} min, ${accepted.length} bets accepted, ${watch.lags.length} rounds on the consoles`);
      engineStatus(api, world).catch(async () => {
        world.rootToken = await relogin(api, 'superadmin');
        relogins++;
      });
    }, 60_000);
    await Promise.all([...players, warmup]);
    clearInterval(ticker);
    if (relogins) console.log(`${engine}: ${relogins} sessions renewed during the run (30-minute idle and 12-hour limits)`);

    // The last round closes, is settled on the next tick and pushed: then nothing may be behind.
    await sleep(Math.ceil(Date.now() / (ROUND_SECONDS * 1000)) * ROUND_SECONDS * 1000 + 5_500 - Date.now());
    const end = (await probe(server, 'probe'))!;
    const endBytes = await dbBytes();
    // The database grows with the rounds played (each game opens one every 5 s, settled or not yet).
    const roundsBetween = (world.games.length * (Date.now() - warmAt)) / (ROUND_SECONDS * 1000);
    // Rounds behind 5 s after the last close is a figure of the engine keeping up; the checks below
    // wait for it to catch up (at most CATCH_UP_MS), since a ticket still open is no settlement fault.
    const behindAtEnd = (await engineStatus(api, world)).roundsBehind;
    const caughtUpFrom = Date.now();
    let engineNow = await engineStatus(api, world);
    while ((engineNow.roundsBehind > 0 || engineNow.failing.length) && Date.now() < caughtUpFrom + CATCH_UP_MS) {
      await sleep(1000);
      engineNow = await engineStatus(api, world);
    }
    const catchUpMs = Date.now() - caughtUpFrom;
    watch.close();
    const audit = MINUTES <= AUDIT_MAX_MINUTES ? await auditPlayers(api, world, accepted) : null;
    const stoppedAt = Date.now();
    await stopServer(server);
    server = undefined;

    const checks: string[] = [];
    if (engineNow.roundsBehind !== 0 || engineNow.failing.length) checks.push(`engine: ${JSON.stringify(engineNow)}`);
    if (audit) checks.push(...audit.faults);
    if (Object.keys(statuses).some((s) => s !== '201' && s !== '409')) checks.push(`answers other than 201 and 409: ${JSON.stringify(statuses)}`);
    const db = engine === 'postgres' ? await openDatabase({ databaseUrl: dbUrl, poolSize: 2 }) : await openDatabase({ dataDir: env.DATA_DIR! });
    let roundsSettled: number;
    let roundsVoided: number;
    try {
      const faults = await settlementFaults(db);
      for (const [k, rows] of Object.entries(faults)) if (rows.length) checks.push(`${k}: ${JSON.stringify(rows.slice(0, 5))}`);
      const [x] = await db.query(
        `SELECT (SELECT count(*) FROM tickets)::int AS tickets,
                (SELECT count(*) FROM rounds WHERE status = 'open' AND closes_at < $1)::int AS behind,
                (SELECT count(*) FROM rounds WHERE admin_id = $2 AND status = 'settled' AND closes_at > $3)::int AS settled,
                (SELECT count(*) FROM rounds WHERE admin_id = $2 AND status = 'void')::int AS voided`,
        [new Date(stoppedAt - 3000), world.adminId, new Date(started)],
      );
      roundsSettled = Number(x!.settled);
      roundsVoided = Number(x!.voided);
      if (Number(x!.tickets) !== accepted.length) checks.push(`${x!.tickets} tickets for ${accepted.length} accepted bets`);
      if (Number(x!.behind) !== 0) checks.push(`${x!.behind} rounds behind`);
      // Each wallet against the tickets in the database (the API's lists are read only on shorter runs).
      const wallets = await db.query(
        `SELECT a.id::text AS id, a.wallet_balance::text AS wallet, coalesce(sum(t.stake), 0)::text AS stakes, coalesce(sum(t.win), 0)::text AS wins
           FROM accounts a LEFT JOIN tickets t ON t.player_id = a.id WHERE a.id = ANY($1::bigint[]) GROUP BY a.id, a.wallet_balance`,
        [world.players.map((p) => p.id)],
      );
      const start = new Map(world.players.map((p) => [p.id, p.startCents]));
      for (const w of wallets) {
        const due = start.get(String(w.id))! - BigInt(String(w.stakes)) + BigInt(String(w.wins));
        if (BigInt(String(w.wallet)) !== due) checks.push(`player ${w.id}: wallet ${w.wallet}, due ${due}`);
      }
      const inv = await checkInvariant(db);
      if (!inv.ok) checks.push(`ledger invariant: ${JSON.stringify(inv, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
    } finally {
      await db.close();
    }
    return {
      engine,
      minutes: MINUTES,
      roundsSettled,
      roundsVoided,
      lag: watch.lags,
      betAnswers: answers,
      accepted: accepted.length,
      statuses,
      warm: warm!,
      end,
      dbBytesPer1000Rounds: roundsBetween > 0 ? ((endBytes - warmBytes) / roundsBetween) * 1000 : NaN,
      behindAtEnd,
      catchUpMs,
      checks,
    };
  } finally {
    if (server) await stopServer(server);
    if (engine === 'postgres') await dropDb(o.adminUrl, dbName);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(runs: EngineFigures[]): void {
  const rows: [string, ...string[]][] = [
    ['rounds settled (7 games)', ...runs.map((r) => String(r.roundsSettled))],
    ['rounds voided (not settled 5 min after close)', ...runs.map((r) => String(r.roundsVoided))],
    ['bets accepted', ...runs.map((r) => `${r.accepted} (${(r.accepted / (r.minutes * 60)).toFixed(0)}/s), answers ${JSON.stringify(r.statuses)}`)],
    ['settlement lag after close (to the console): p50 / p99 / max', ...runs.map((r) => `${ms(pct(r.lag, 50))} / ${ms(pct(r.lag, 99))} / ${ms(r.lag.length ? Math.max(...r.lag) : NaN)}`)],
    ['rounds behind 5 s after the last close (caught up in)', ...runs.map((r) => `${r.behindAtEnd} (${(r.catchUpMs / 1000).toFixed(0)} s)`)],
    ['bet answer p99 (after warm-up)', ...runs.map((r) => `${ms(pct(r.betAnswers, 99))} (p50 ${ms(pct(r.betAnswers, 50))})`)],
    ['event-loop delay p99 / max (after warm-up)', ...runs.map((r) => `${ms(r.end.eldP99Ms)} / ${ms(r.end.eldMaxMs)}`)],
    ['RSS after warm-up → end', ...runs.map((r) => `${mib(r.warm.rss)} → ${mib(r.end.rss)} (${signed(growth(r.warm.rss, r.end.rss))})`)],
    ['heap after warm-up → end', ...runs.map((r) => `${mib(r.warm.heapUsed)} → ${mib(r.end.heapUsed)} (${signed(growth(r.warm.heapUsed, r.end.heapUsed))})`)],
    ['database size per 1,000 rounds', ...runs.map((r) => mib(r.dbBytesPer1000Rounds))],
    ['checks', ...runs.map((r) => (r.checks.length ? `FAILED (${r.checks.length})` : 'all hold'))],
  ];
  const head: [string, ...string[]] = ['figure', ...runs.map((r) => `${r.engine}, ${r.minutes} min`)];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${rows.map(line).join('\n')}`);
}

export async function soakBench(): Promise<{ exitCode: number }> {
  const runs: EngineFigures[] = [];
  for (const engine of ENGINES) {
    if (engine === 'postgres') {
      const c = new pg.Client(optionsFromEnv().adminUrl);
      try {
        await c.connect();
        await c.end();
      } catch {
        console.log(`PostgreSQL at ${optionsFromEnv().adminUrl} is not reachable: the soak on PostgreSQL is skipped.`);
        continue;
      }
    }
    const r = await soakOn(engine);
    runs.push(r);
    for (const c of r.checks) console.log(`${engine}: CHECK FAILED: ${c}`);
    for (const [what, a, b] of [['RSS', r.warm.rss, r.end.rss], ['heap', r.warm.heapUsed, r.end.heapUsed]] as const) {
      const g = growth(a, b);
      recordFigure({ name: `soak ${r.minutes} min on ${engine}: ${what} growth after warm-up`, value: `${mib(a)} → ${mib(b)} (${signed(g)})`, target: `≤ ${GROWTH_LIMIT * 100} %`, met: g <= GROWTH_LIMIT });
    }
  }
  printTable(runs);
  return { exitCode: runs.some((r) => r.checks.length) ? 1 : 0 };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  soakBench().then((r) => process.exit(r.exitCode));
}
