/**
 * The socket flood (`npm run bench -- socket-flood`): does one socket flooding console events cost
 * another player's bets anything? The server runs as `npm start` runs it (a child process, scheduler
 * on); a player bets by HTTP every 20 ms; first without a flood (the machine's own figure), then while
 * a client in a process of its own (tests/fixtures/socketFlood.ts) emits 20,000 events on one socket:
 * a player's gameData, an admin's gameData, an admin's timerData. On PostgreSQL and on the embedded
 * engine. The test (tests/server/socket-flood.test.ts) proves the flood is dropped and no bet stalls
 * beside other test files; the figure with a target, bets' p99 ≤ 100 ms during the flood, is this one.
 *
 *   BENCH_FLOOD_ENGINES   postgres,pglite (default both)
 *   BENCH_FLOOD_EVENTS    events per flood (default 20,000)
 *   BENCH_FLOOD_QUIET_MS  how long the bets are timed without a flood before each kind's floods (default 3,000)
 *   BENCH_FLOOD_REPEAT    floods of each kind, their bets timed together (default 6)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { API_PATHS } from '../domain/apiPaths';
import { freePort } from '../tests/e2e/server';
import { serverReady, startServer, stopServer } from '../tests/server/serverProcess';
import { fetchApi, must, placeBet, setUpSoak, sleep, type SoakPlayer } from '../tests/server/soakPlay';
import { dropDb, optionsFromEnv, recreate, withDb } from './credit-transfer';
import { recordFigure } from './figures';

type Engine = 'postgres' | 'pglite';
const ENGINES = (process.env.BENCH_FLOOD_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim()) as Engine[];
const EVENTS = Number(process.env.BENCH_FLOOD_EVENTS ?? 20_000);
const QUIET_MS = Number(process.env.BENCH_FLOOD_QUIET_MS ?? 3000);
const BET_EVERY_MS = 20;
/** Floods of each kind: one flood is dropped within half a second, too few bets for a p99 alone. */
const FLOODS = Number(process.env.BENCH_FLOOD_REPEAT ?? 6);
/**
 * Rounds of 5 minutes: the measurement falls between two closes, so that no settlement of a round
 * full of the bets timed here (it holds the pool's wallet while it pays) is counted as the flood's.
 */
const ROUND_SECONDS = 300;
const TARGET_P99_MS = 100;
const GAME = 'MNOQqWWi';
const PASSWORD = 'bench-flood-pass';

interface FloodReport {
  emitted: number;
  emitMs: number;
  answers: Record<string, number>;
  errors: { code?: string }[];
  disconnect: string | null;
}

const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((q / 100) * xs.length) - 1)] ?? NaN;

/** A flooder connected and waiting; `go()` floods and resolves with what it saw. */
async function flooder(url: string, token: string, event: string, payload: unknown): Promise<() => Promise<FloodReport>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/socketFlood.ts', url, token, String(EVENTS), event, JSON.stringify(payload)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the flooder exited (${code})`)));
    });
  const first = await next();
  if (first !== 'ready') throw new Error(`the flooder did not connect: ${first}`);
  return async () => {
    const report = next();
    child.stdin.write('go\n');
    return JSON.parse(await report) as FloodReport;
  };
}

/** One bet every BET_EVERY_MS while `during` runs and 700 ms after: the answers' statuses and times. */
async function betsWhile<T>(api: ReturnType<typeof fetchApi>, bettor: SoakPlayer, during: () => Promise<T>): Promise<{ result: T; ms: number[]; refused: number }> {
  const ms: number[] = [];
  let refused = 0;
  const inFlight: Promise<void>[] = [];
  const timer = setInterval(() => {
    inFlight.push(
      placeBet(api, bettor, GAME, [{ drawno: '3', drawqty: 1 }]).then((b) => {
        ms.push(b.ms);
        if (!b.ok) refused++;
      }),
    );
  }, BET_EVERY_MS);
  try {
    await sleep(300);
    const result = await during();
    await sleep(700);
    return { result, ms, refused };
  } finally {
    clearInterval(timer);
    await Promise.all(inFlight);
  }
}

async function floodOn(engine: Engine): Promise<boolean> {
  const o = optionsFromEnv();
  const dataDir = mkdtempSync(join(tmpdir(), 'tierdesk-bench-flood-'));
  const dbName = `tierdesk_bench_flood_${process.pid}`;
  const env: Record<string, string> = { SUPERADMIN_PASSWORD: PASSWORD, SCHEDULER: 'on', LOGIN_RATE_LIMIT: '100000000', REDIS_URL: '', BACKUP_DIR: join(dataDir, 'backups'), CLIENT_DIR: join(dataDir, 'no-client') };
  if (engine === 'postgres') {
    await recreate(o.adminUrl, dbName);
    Object.assign(env, { DATABASE_URL: withDb(o.adminUrl, dbName), DATA_DIR: join(dataDir, 'data') });
  } else Object.assign(env, { DATABASE_URL: '', DATA_DIR: join(dataDir, 'db') });
  const port = await freePort();
  const server = startServer({ ...env, PORT: String(port) });
  let allMet = true;
  try {
    await serverReady(server, 900_000);
    const url = `http://127.0.0.1:${port}`;
    const api = fetchApi(url);
    const world = await setUpSoak(api, { password: PASSWORD, games: [GAME], roundSeconds: ROUND_SECONDS, players: 2, playerPoints: 1_000_000, poolPoints: 0 });
    const [bettor, floodingPlayer] = world.players as [SoakPlayer, SoakPlayer];
    const admin = await must(api('POST', API_PATHS.login, undefined, { username: world.adminUsername, password: PASSWORD }), 'admin login');
    // The bet's path compiled and its round open before anything is timed.
    for (let i = 0; i < 50; i++) await placeBet(api, bettor, GAME, [{ drawno: '3', drawqty: 1 }]);
    const kinds = [
      { who: 'a player', token: floodingPlayer.token, event: 'gameData' },
      { who: 'an admin', token: String(admin.token), event: 'gameData' },
      { who: 'an admin', token: String(admin.token), event: 'timerData' },
    ];
    for (const k of kinds) {
      const quiet = await betsWhile(api, bettor, () => sleep(QUIET_MS));
      const flooded = { ms: [] as number[], refused: 0 };
      const reports: FloodReport[] = [];
      for (let i = 0; i < FLOODS; i++) {
        const go = await flooder(url, k.token, k.event, { adminId: world.adminId, gameId: GAME });
        const one = await betsWhile(api, bettor, go);
        flooded.ms.push(...one.ms);
        flooded.refused += one.refused;
        reports.push(one.result);
        await sleep(1500);
      }
      const cut = reports.filter((f) => f.disconnect === 'io server disconnect').length;
      console.log(
        `${engine}: ${k.who}'s ${k.event} × ${EVENTS}, ${FLOODS} floods (emitted in ${reports.map((f) => f.emitMs).join('/')} ms, ${cut} disconnected by the server, answered ${JSON.stringify(reports[0]?.answers)}): ` +
          `bets quiet ${quiet.ms.length}, p50 ${p(quiet.ms, 50).toFixed(1)} / p99 ${p(quiet.ms, 99).toFixed(1)} ms; flooded ${flooded.ms.length}, p50 ${p(flooded.ms, 50).toFixed(1)} / p99 ${p(flooded.ms, 99).toFixed(1)} / max ${Math.max(...flooded.ms).toFixed(1)} ms`,
      );
      const met = p(flooded.ms, 99) <= TARGET_P99_MS && flooded.refused + quiet.refused === 0 && cut === FLOODS;
      allMet &&= met;
      recordFigure({
        name: `${engine}: bets' p99 while ${k.who} floods ${k.event}`,
        value: `${p(flooded.ms, 99).toFixed(0)} ms over ${flooded.ms.length} bets (quiet ${p(quiet.ms, 99).toFixed(0)} ms), ${flooded.refused + quiet.refused} refused`,
        target: `≤ ${TARGET_P99_MS} ms, every bet 201, every flooder disconnected`,
        met,
        why: met ? undefined : `quiet p99 ${p(quiet.ms, 99).toFixed(0)} ms on this machine now; ${cut} of ${FLOODS} flooders disconnected`,
      });
    }
  } finally {
    await stopServer(server);
    if (engine === 'postgres') await dropDb(o.adminUrl, dbName);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return allMet;
}

export async function socketFloodBench(): Promise<{ exitCode: number }> {
  let ok = true;
  for (const engine of ENGINES) ok = (await floodOn(engine)) && ok;
  return { exitCode: ok ? 0 : 1 };
}
