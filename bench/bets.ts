/**
 * Bets per second through the HTTP API on PostgreSQL: 200 players of one admin betting on one game
 * (every bet moves points into the same pool: the hot row), beside pgbench TPC-B TPS of the same
 * server in the same run (a bet is the same shape of work: debit, credit, insert). And the console
 * update latency: bet accepted → the first `responseData` pushed to an operator's socket whose
 * figures include it (its round's collection reached the count of bets accepted so far), p50/p99.
 * Targets: bets/s ≥ 100 % of pgbench; console p99 ≤ 150 ms.
 *
 * Two runs: one server instance, then two instances on the same PostgreSQL and one Redis (the
 * scale-out path), the players spread over both and the console on the first, so half the bets reach
 * it through the other instance's push and the Redis adapter. BENCH_BET_INSTANCES=1 or =2 runs one.
 */
import pg from 'pg';
import { io } from 'socket.io-client';
import { tierOf } from '../resources.config';
import { accountBody } from '../tests/fixtures/accountBody';
import { checkInvariant } from '../server/credit/ledger';
import { openDatabase, type Database } from '../server/db/client';
import { recordFigure } from './figures';
import { watchConsole } from './consoleWatch';
import { client, optionsFromEnv, pgbenchTps, startChild, type Served } from './credit-transfer';
import { REDIS_URL, redisReachable } from '../tests/server/redis';

const PLAYERS = Number(process.env.BENCH_BET_PLAYERS ?? 200);
const SECONDS = Number(process.env.BENCH_BET_SECONDS ?? 10);
const GAME = 'MNOQqWWi';
const PASSWORD = 'bench-bets-pass';
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN);
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

export async function betsBench(): Promise<{ exitCode: number }> {
  const o = optionsFromEnv();
  const admin = new pg.Client(o.adminUrl);
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${o.adminUrl} is not reachable: the bets bench is skipped.`);
    return { exitCode: 0 };
  }
  await admin.end();
  let code = 0;
  for (const n of (process.env.BENCH_BET_INSTANCES ?? '1,2').split(',').map(Number)) {
    if (n > 1 && !(await redisReachable())) {
      console.log(`Redis at ${REDIS_URL} is not reachable: the run across ${n} instances is skipped.`);
      continue;
    }
    console.log(`--- ${n === 1 ? 'one instance' : `${n} instances, one PostgreSQL and one Redis`} ---`);
    code = Math.max(code, (await betsRun(n)).exitCode);
  }
  return { exitCode: code };
}

async function betsRun(instances: number): Promise<{ exitCode: number }> {
  const o = optionsFromEnv();
  const admin = new pg.Client(o.adminUrl);
  await admin.connect();
  const name = `tierdesk_bench_bets_${process.pid}_${instances}`;
  const pgb = `tierdesk_bench_betspg_${process.pid}_${instances}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.query(`CREATE DATABASE ${pgb}`);
  const url = new URL(o.adminUrl);
  url.pathname = `/${name}`;
  const servers: Served[] = [];
  let db: Database | undefined;
  try {
    // The servers run as `npm start` does, each in its own process (migrate, seed, scheduler on):
    // the load generator's 200 loops must not share their event loop, or the figures are partly
    // theirs. One after the other: the first migrates and seeds, the next find it done.
    const env: Record<string, string> = { LOGIN_RATE_LIMIT: '1000000', ...(instances > 1 ? { REDIS_URL } : {}) };
    for (let i = 0; i < instances; i++) servers.push(await startChild({ ...o, logLevel: 'warn' }, url.toString(), PASSWORD, env));
    db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    const base = servers[0].base;
    const clients = servers.map((s) => client(s.base, Math.ceil(PLAYERS / instances) + 10));
    const { request } = clients[0];
    const must = async (r: Promise<{ status: number; json: Record<string, unknown> }>, what: string) => {
      const x = await r;
      if (x.status >= 300) throw new Error(`${what}: ${x.status} ${JSON.stringify(x.json)}`);
      return x.json;
    };
    const root = await must(request('POST', '/api/auth/login', undefined, { username: 'superadmin', password: PASSWORD }), 'login');
    const rootToken = String(root.token);
    const rootId = String((root.user as { _id: string })._id);
    const game = (await db.query(`SELECT id FROM games WHERE game_id = $1`, [GAME]))[0];
    const create = async (role: 'admin' | 'superareamanager' | 'areamanager' | 'master' | 'player', parent: string, extra: Record<string, unknown> = {}) =>
      (await must(request('POST', `/api${tierOf(role).api}/create`, rootToken, { ...accountBody(role, { password: PASSWORD, refId: parent }), ...extra }), `create ${role}`)).data as { _id: string; username: string };
    const ad = await create('admin', rootId, { games: [String(game.id)] });
    const sam = await create('superareamanager', ad._id);
    const am = await create('areamanager', sam._id);
    const master = await create('master', am._id);
    const players: { _id: string; username: string; token?: string; via?: ReturnType<typeof client>['request'] }[] = [];
    for (let i = 0; i < PLAYERS; i += 10) players.push(...(await Promise.all(Array.from({ length: Math.min(10, PLAYERS - i) }, () => create('player', master._id)))));
    await must(request('POST', '/api/superadmins/credit-adjust', rootToken, { password: PASSWORD, adjustAmount: 1000 * PLAYERS, transactionType: 'credit', toUserId: rootId }), 'generate');
    for (const p of players) await must(request('POST', '/api/player/credit-transfer', rootToken, { userId: rootId, password: PASSWORD, transferAmount: 1000, toUserId: p._id }), 'fund');
    // Each player bets through one instance, in turn; it logs in there too.
    players.forEach((p, i) => (p.via = clients[i % instances].request));
    for (let i = 0; i < players.length; i += 10)
      await Promise.all(players.slice(i, i + 10).map(async (p) => (p.token = String((await must(p.via!('POST', '/api/auth/login', undefined, { username: p.username, password: PASSWORD }), 'login')).token))));
    const adminToken = String((await must(request('POST', '/api/auth/login', undefined, { username: ad.username, password: PASSWORD }), 'admin login')).token);

    // The operator's console asks once; the server pushes every change (coalesced per 100 ms).
    const socket = io(base, { path: '/socket.io', auth: { token: adminToken }, transports: ['websocket'] });
    await new Promise<void>((res) => socket.once('connect', () => res()));
    socket.emit('gameData', { adminId: ad._id, gameId: GAME });
    await new Promise((res) => socket.once('responseData', res));
    const watch = watchConsole(socket);
    const { latencies } = watch;

    let accepted = 0;
    let refused = 0;
    const statuses: Record<string, number> = {};
    const deadline = Date.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      players.map(async (p) => {
        while (Date.now() < deadline) {
          const r = await p.via!('POST', '/api/app/createbet', p.token, { gameId: GAME, draws: [{ drawno: String(Math.floor(Math.random() * 10)), drawqty: 1 }] });
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          if (r.status === 201) {
            accepted++;
            const round = Number((r.json.data as { drawno: number }).drawno);
            watch.accepted(round);
          } else refused++;
        }
      }),
    );
    const secs = (performance.now() - started) / 1000;
    await new Promise((res) => setTimeout(res, 1000));
    socket.close();
    for (const c of clients) c.close();
    if (Object.keys(statuses).some((k) => Number(k) >= 500)) for (const s of servers) console.log(`server output (tail):\n${s.tail()}`);
    for (const s of servers.splice(0)) await s.stop();
    const inv = await checkInvariant(db);
    // A batch is one transaction: its ledger rows share the transaction's now(), so they group by it.
    const [batches] = await db.query(
      `SELECT count(*)::int AS n, coalesce(avg(c), 0)::float AS mean, coalesce(percentile_disc(0.5) WITHIN GROUP (ORDER BY c), 0)::int AS median, coalesce(max(c), 0)::int AS biggest
         FROM (SELECT count(*) AS c FROM transactions WHERE kind = 'bet' GROUP BY created_at) b`,
    );
    const tps = await pgbenchTps({ ...o, concurrency: 16 }, pgb);
    const rate = accepted / secs;
    const p99 = pct(latencies, 99);
    const where = instances === 1 ? 'one instance' : `${instances} instances (players spread over them, console on the first)`;
    console.log(`${PLAYERS} players of one admin on ${GAME} for ${SECONDS} s, ${where}: ${accepted} bets accepted (${rate.toFixed(0)}/s), ${refused} refused ${JSON.stringify(statuses)}`);
    console.log(`pgbench TPC-B, 16 clients, same server: ${tps.toFixed(0)} TPS → bets/s = ${((rate / tps) * 100).toFixed(0)} % of it (target ≥ 100 %): ${verdict(rate >= tps)}`);
    console.log(`console update latency (bet accepted → pushed responseData that counts it): p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms over ${latencies.length} bets (target p99 ≤ 150 ms): ${verdict(p99 <= 150)}; ${watch.unseen()} never seen`);
    console.log(`bets per batch: mean ${Number(batches.mean).toFixed(1)}, median ${batches.median}, largest ${batches.biggest}, over ${batches.n} batches`);
    const batchWhy = `one pool's batches are serial: mean ${Number(batches.mean).toFixed(1)} bets per batch over ${batches.n} batches (bench/README.md, bets)`;
    recordFigure({ name: `bets/s, ${where}`, value: `${rate.toFixed(0)}/s = ${((rate / tps) * 100).toFixed(0)} %`, ceiling: `pgbench TPC-B ${tps.toFixed(0)} TPS`, target: '≥ 100 %', met: rate >= tps, why: batchWhy });
    recordFigure({ name: `bet → console push, ${where}`, value: `p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`, target: 'p99 ≤ 150 ms', met: p99 <= 150, why: 'waits for its batch to commit, then for the room\'s 100 ms window (bench/README.md, bets)' });
    console.log(`ledger invariant after the run: ${inv.ok ? 'holds' : 'BROKEN'}`);
    return { exitCode: inv.ok ? 0 : 1 };
  } finally {
    for (const s of servers) await s.stop();
    await db?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${pgb} WITH (FORCE)`);
    await admin.end();
  }
}
