import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { gameDeclaration } from '../../resources.config';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/setup/seed';
import { checkInvariant } from '../../server/credit/ledger';
import { writeBets, type BetRequest } from '../../server/games/betBatch';
import { SETTLE_IDLE_TIMEOUT_MS } from '../../server/games/lease';
import { REDIS_URL, redisReachable } from './redis';
import { ENGINE } from './engine';
import { serverReady, startServer, type ServerRun } from './serverProcess';
import { cloneTemplate, createAs, createUnder, fund, loginAs, SUPERADMIN_PASSWORD, type Harness } from './harness';

/** Pool P: short rounds, bet on all along; each must settle within 2 s of its close. */
const FUN_TARGET = 'MNOQqWWi';
const P_SECONDS = 5;
/** Pool Q: the round whose long settlement an instance is frozen in. */
const FUN_TIMER = 'acqOpdff';
const Q_SECONDS = 20;
const FREEZE_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pgReady = ENGINE === 'postgres' && inject('pgTemplate') !== null;
const redisReady = pgReady ? await redisReachable() : false;
if (pgReady && !redisReady) console.warn(`Redis at ${REDIS_URL} is not reachable: the frozen-instance test skips.`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });

/**
 * Three `npm start` processes, their schedulers on, on one PostgreSQL database and one Redis. The one
 * settling a long round is frozen (SIGSTOP) for 30 s: the other two settle every round of another
 * pool within 2 s of its close, the frozen one's round once PostgreSQL ends its transaction, and
 * every bet meanwhile (on that pool too) answers 201, 503 or a closed round's 409 within a bound. Then it wakes: each round
 * was settled once, and the ledger adds up.
 */
describe.runIf(pgReady && redisReady)('an instance frozen while it settles', () => {
  let clone: Awaited<ReturnType<typeof cloneTemplate>>;
  let setup: { app: FastifyInstance; db: Database };
  const runs: { run: ServerRun; url: string; name: string }[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'tierdesk-frozen-'));

  beforeAll(async () => {
    clone = await cloneTemplate(`tierdesk_frozen_${process.pid}`);
    // The test's own connection, to set up accounts and watch the rounds; it runs no timers.
    const db = await openDatabase({ databaseUrl: clone.url, poolSize: 4 });
    await seed(db, { username: 'superadmin', password: SUPERADMIN_PASSWORD });
    await db.query(`UPDATE games SET time_seconds = CASE game_id WHEN $1 THEN ${P_SECONDS} ELSE ${Q_SECONDS} END WHERE game_id = ANY($2::text[])`, [FUN_TARGET, [FUN_TARGET, FUN_TIMER]]);
    const app = await buildApp({ db, config: { ...configFromEnv({}), clientDir: '/nonexistent', loginRateLimit: 10_000, schedulerEnabled: false } });
    setup = { app, db };
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const name = `frozen-test-${i}`;
      const run = startServer({
        PORT: String(port),
        DATABASE_URL: `${clone.url}?application_name=${name}`,
        REDIS_URL,
        SCHEDULER: 'on',
        SUPERADMIN_PASSWORD,
        DATA_DIR: dataDir,
        BACKUP_SIGNING_KEY: 'tierdesk-tests-backup-signing-key-0123456789',
        LOGIN_RATE_LIMIT: '10000',
      });
      runs.push({ run, url: `http://127.0.0.1:${port}`, name });
    }
    for (const r of runs) await serverReady(r.run, 240_000);
  }, 400_000);

  afterAll(async () => {
    for (const { run } of runs) {
      if (run.child.exitCode !== null) continue;
      run.child.kill('SIGCONT');
      run.child.kill('SIGTERM');
      await run.exited;
    }
    await setup?.app.close();
    await setup?.db.close();
    await clone?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles the other pools on time, ends the frozen holder’s lease, answers every bet, settles each round once', async () => {
    const { db } = setup;
    const h = { app: setup.app, db, config: configFromEnv({}), root: { token: '', id: '' }, close: async () => undefined } as Harness;
    h.root.token = await loginAs(h, 'superadmin', SUPERADMIN_PASSWORD);
    h.root.id = String((await db.query(`SELECT id FROM accounts WHERE username = 'superadmin'`))[0].id);
    const games = await db.query(`SELECT id, game_id FROM games WHERE game_id = ANY($1::text[])`, [[FUN_TARGET, FUN_TIMER]]);
    const dbIdOf = (code: string) => Number(games.find((g) => g.game_id === code)!.id);
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: games.map((g) => String(g.id)) });
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    const player = async (points: number) => {
      const p = await createAs(h, h.root.token, 'player', master._id);
      await fund(h, p._id, points, 'player');
      return { id: Number(p._id), token: await loginAs(h, p.username) };
    };
    // Q's players (whose wallets the frozen settlement holds) and P's (whose wallets it does not).
    const heavy: { id: number; token: string }[] = [];
    for (let i = 0; i < 5; i++) heavy.push(await player(6000));
    const light: { id: number; token: string }[] = [];
    for (let i = 0; i < 3; i++) light.push(await player(3000));

    // Q's round gets 2,000 tickets, each on every option (so each wins): its settlement pays 2,000 wins,
    // long enough on a fast machine to be caught in the middle.
    const q = gameDeclaration(FUN_TIMER)!;
    const options = q.options.map((o) => o.key);
    const wait = Q_SECONDS * 1000 - (Date.now() % (Q_SECONDS * 1000));
    if (wait < 8000) await sleep(wait + 50);
    const qClose = Math.ceil(Date.now() / (Q_SECONDS * 1000)) * Q_SECONDS * 1000;
    for (let batch = 0; batch < 4; batch++) {
      const bets: BetRequest[] = Array.from({ length: 500 }, (_, i) => ({
        playerId: heavy[i % heavy.length].id,
        adminId: Number(admin._id),
        gameDbId: dbIdOf(FUN_TIMER),
        timeSeconds: Q_SECONDS,
        gameName: q.gameName,
        unitCents: q.unitPriceCents,
        options,
        qtys: options.map(() => 1),
        stakeCents: q.unitPriceCents * BigInt(options.length),
        now: new Date(),
      }));
      expect((await writeBets(db, bets)).every((o) => o.ok)).toBe(true);
    }
    expect(Date.now(), 'the heavy bets went into the round before its close').toBeLessThan(qClose);

    // The instance holding Q's pool for a while past the close is mid-settlement: it is frozen there.
    await sleep(Math.max(0, qClose - Date.now()));
    let frozen: (typeof runs)[number] | undefined;
    for (const until = Date.now() + 15_000; !frozen && Date.now() < until; await sleep(20)) {
      const [holder] = await db.query(
        `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.relation = 'game_pools'::regclass AND l.mode = 'RowShareLock' AND a.application_name LIKE 'frozen-test-%'
            AND a.xact_start < now() - interval '400 milliseconds'`,
      );
      frozen = holder ? runs.find((r) => r.name === holder.name) : undefined;
      if (frozen) frozen.run.child.kill('SIGSTOP');
    }
    if (!frozen) throw new Error('no instance was seen settling the long round');
    const frozenAt = Date.now();
    const healthy = runs.filter((r) => r !== frozen);
    const [qRound] = await db.query(`SELECT id FROM rounds WHERE game_id = $1 AND closes_at = $2`, [dbIdOf(FUN_TIMER), new Date(qClose)]);
    await sleep(500);
    const [stillOpen] = await db.query(`SELECT status FROM rounds WHERE id = $1`, [qRound.id]);
    expect(stillOpen.status, 'the frozen instance holds the long round').toBe('open');

    // Meanwhile: bets on both pools through the healthy instances, and the rounds watched as they settle.
    const answers: { pool: string; status: number; code: string; ms: number }[] = [];
    const bettor = async (p: { token: string }, gameId: string, k: number) => {
      for (let n = 0; Date.now() < frozenAt + FREEZE_MS; n++) {
        const target = healthy[(n + k) % healthy.length];
        const t0 = Date.now();
        const res = await fetch(`${target.url}/api/app/createbet`, {
          method: 'POST',
          headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ gameId, draws: [{ drawno: String((n + k) % 10), drawqty: 1 }] }),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        answers.push({ pool: gameId, status: res.status, code: res.status === 201 ? '' : String(body.code), ms: Date.now() - t0 });
        await sleep(250);
      }
    };
    const settledSeen = new Map<string, { game: number; closesAt: number; seenAt: number }>();
    // Watched a little past the freeze, so that a round closing at its very end is seen settling too.
    const watch = async () => {
      while (Date.now() < frozenAt + FREEZE_MS + 3000) {
        const rows = await db.query(`SELECT id::text AS id, game_id, closes_at FROM rounds WHERE admin_id = $1 AND status = 'settled' AND closes_at > $2`, [Number(admin._id), new Date(frozenAt - 60_000)]);
        const seenAt = Date.now();
        for (const r of rows) if (!settledSeen.has(String(r.id))) settledSeen.set(String(r.id), { game: Number(r.game_id), closesAt: new Date(String(r.closes_at)).getTime(), seenAt });
        await sleep(100);
      }
    };
    await Promise.all([watch(), ...light.map((p, k) => bettor(p, FUN_TARGET, k)), ...heavy.slice(0, 2).map((p, k) => bettor(p, FUN_TIMER, k))]);

    // P's rounds that closed during the freeze (after the long round's close) settled within 2 s.
    const pRounds = await db.query(`SELECT id::text AS id, closes_at FROM rounds WHERE game_id = $1 AND closes_at > $2 AND closes_at <= $3 ORDER BY closes_at`, [
      dbIdOf(FUN_TARGET),
      new Date(frozenAt),
      new Date(frozenAt + FREEZE_MS),
    ]);
    expect(pRounds.length).toBeGreaterThanOrEqual(4);
    const lateness = pRounds.map((r) => {
      const seen = settledSeen.get(String(r.id));
      return seen ? seen.seenAt - new Date(String(r.closes_at)).getTime() : Infinity;
    });
    expect(Math.max(...lateness), `P's rounds settled after their close (ms): ${lateness.join(', ')}`).toBeLessThanOrEqual(2000);
    // The long round: free once PostgreSQL ended the frozen transaction, then settled by another.
    const q1 = settledSeen.get(String(qRound.id));
    expect(q1, 'the long round settled while its first holder was frozen').toBeDefined();
    expect(q1!.seenAt - frozenAt).toBeLessThan(SETTLE_IDLE_TIMEOUT_MS + 8000);
    // Every bet answered, none hung: 201; 503 while a lock stayed held; 409 for a bet whose round
    // closed while it was on its way (sent in the round's last milliseconds), as at any close.
    const outcomes = [...new Set(answers.map((a) => `${a.status} ${a.code}`.trim()))].sort();
    expect(outcomes.filter((o) => !['201', '503 busyTryAgain', '409 roundClosed'].includes(o)), `outcomes ${outcomes.join(', ')}`).toEqual([]);
    const slowest = Math.max(...answers.map((a) => a.ms));
    expect(slowest, 'the slowest bet (ms)').toBeLessThan(10_000);
    expect(answers.filter((a) => a.pool === FUN_TARGET && a.status === 201).length).toBeGreaterThan(10);

    // It wakes: its transaction was ended; it goes on serving.
    frozen.run.child.kill('SIGCONT');
    const health = await fetch(`${frozen.url}/api/health`, { signal: AbortSignal.timeout(20_000) });
    expect(health.status).toBe(200);
    for (const until = Date.now() + 20_000; Date.now() < until; await sleep(250)) {
      const [r] = await db.query(`SELECT count(*)::int AS n FROM rounds WHERE status = 'open' AND closes_at < now() - interval '1 second'`);
      if (Number(r.n) === 0) break;
    }
    const [late] = await db.query(`SELECT count(*)::int AS n FROM rounds WHERE status = 'open' AND closes_at < now() - interval '1 second'`);
    expect(Number(late.n), 'rounds left unsettled').toBe(0);
    // Settled once: one win row per winning ticket, and the ledger's wins are the tickets' and the rounds'.
    const [sums] = await db.query(`
      SELECT (SELECT coalesce(sum(amount), 0) FROM transactions WHERE kind = 'win')::text AS ledger,
             (SELECT coalesce(sum(win), 0) FROM tickets)::text AS tickets,
             (SELECT coalesce(sum(win_cents), 0) FROM rounds WHERE status = 'settled')::text AS rounds,
             (SELECT count(*) FROM transactions WHERE kind = 'win')::int AS win_rows,
             (SELECT count(*) FROM tickets WHERE win > 0)::int AS winning_tickets,
             (SELECT count(*) FROM tickets WHERE settled_at IS NULL AND round_id IN (SELECT id FROM rounds WHERE status = 'settled'))::int AS unsettled`);
    expect(sums.ledger).toBe(sums.tickets);
    expect(sums.ledger).toBe(sums.rounds);
    expect(Number(sums.win_rows)).toBe(Number(sums.winning_tickets));
    expect(Number(sums.unsettled)).toBe(0);
    expect(await checkInvariant(db)).toMatchObject({ ok: true, mismatched: 0 });
    const by503 = answers.filter((a) => a.status === 503).length;
    const by409 = answers.filter((a) => a.status === 409).length;
    console.log(
      `frozen ${frozen.name} at ${frozenAt - qClose} ms after the long round's close; long round settled ${q1!.seenAt - frozenAt} ms into the freeze; ` +
        `${pRounds.length} rounds of P settled at most ${Math.max(...lateness)} ms after their close (${lateness.join(', ')}); ` +
        `${answers.length} bets answered (${by503} 503, ${by409} 409), slowest ${slowest} ms`,
    );
  }, 240_000);
});
