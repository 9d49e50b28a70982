/**
 * PostgreSQL only (project server-pg): the real server (`node --import tsx server/main.ts`) takes
 * 200 bets at once, then a stream of bets from every player while it is killed with SIGKILL three
 * times and restarted. Afterwards every acknowledged bet is a ticket with its debit, every round is
 * settled once (at most one win per ticket, the round's figures are its tickets'), and the ledger
 * invariant holds: bets in parallel, then kill -9, then the ledger checked.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pointsToCents } from '../../domain/money';
import type { AccountRecord } from '../../resources.config';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { checkInvariant, move } from '../../server/credit/ledger';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/setup/seed';
import { freePort, ROOT } from '../e2e/server';
import { ENGINE, PG_URL, withDb } from './engine';
import { call, cloneTemplate, createAs, createUnder, generate, SUPERADMIN_PASSWORD, type Harness } from './harness';
import { NO_SETTLEMENT_FAULTS, settlementFaults } from './settlementChecks';

const FUN_TARGET = 'MNOQqWWi';
const OPTIONS = Array.from({ length: 10 }, (_, i) => String(i));
const PLAYERS = 30;
const FUND_POINTS = 5000;
const PARALLEL_BETS = 200;
const KILLS = 3;
/** The bet stream lasts at least this long, so rounds of every phase (before, between and after the kills) are settled. */
const MIN_STREAM_MS = 15_000;
/** The shortest round Time Master accepts (domain/gameValidation.ts TIME_MIN_SECONDS). */
const ROUND_SECONDS = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pgReady = ENGINE === 'postgres' && inject('pgTemplate') !== null;

/** The real server in its own process group, so SIGKILL takes it and anything it started. */
interface Child {
  proc: ChildProcess;
  exited: Promise<void>;
  alive(): boolean;
}

type BetOutcome =
  | { kind: 'ack'; ticketId: string; stakeCents: bigint; sentCents: bigint }
  | { kind: 'answered'; status: number; message: string }
  | { kind: 'unreachable' }
  | { kind: 'in-doubt' };

describe.runIf(pgReady)('bets through kill -9 of the real server (PostgreSQL)', () => {
  const name = `tierdesk_crash_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbUrl = withDb(PG_URL, name);
  let clone: Awaited<ReturnType<typeof cloneTemplate>> | undefined;
  let dataDir = '';
  let db: Database;
  let port: number;
  let baseUrl: string;
  let child: Child | null = null;
  let log = '';
  const players: { id: string; username: string; token: string }[] = [];

  async function startChild(): Promise<Child> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: dbUrl,
        REDIS_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dataDir, 'data'),
        BACKUP_DIR: join(dataDir, 'backups'),
        SUPERADMIN_USERNAME: 'superadmin',
        SUPERADMIN_PASSWORD,
        SKIP_CLIENT_BUILD: '1',
        CLIENT_DIR: join(dataDir, 'no-client'),
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '100000',
      },
    });
    let done = false;
    const exited = new Promise<void>((resolve) => proc.on('exit', () => ((done = true), resolve())));
    proc.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const c: Child = { proc, exited, alive: () => !done };
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (!c.alive()) throw new Error(`the server exited before it was ready:\n${log.slice(-4000)}`);
      try {
        const res = await fetch(`${baseUrl}/api/health`);
        if (res.ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`the server was not ready within 60 s:\n${log.slice(-4000)}`);
      await sleep(100);
    }
    return c;
  }

  async function killChild(signal: NodeJS.Signals): Promise<void> {
    const c = child;
    child = null;
    if (!c?.alive() || !c.proc.pid) return;
    try {
      process.kill(-c.proc.pid, signal);
    } catch {
      /* already gone */
    }
    await Promise.race([c.exited, sleep(10_000)]);
    if (c.alive()) {
      process.kill(-c.proc.pid, 'SIGKILL');
      await c.exited;
    }
  }

  async function login(username: string): Promise<string> {
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'secret-pass' }),
    });
    const json = (await res.json()) as { token?: string };
    if (res.status !== 200 || !json.token) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(json)}`);
    return json.token;
  }

  async function bet(token: string): Promise<BetOutcome> {
    const picks = new Map<string, number>();
    for (let i = 0, n = 1 + randomInt(3); i < n; i++) picks.set(OPTIONS[randomInt(OPTIONS.length)], 1 + randomInt(5));
    const draws = [...picks].map(([drawno, drawqty]) => ({ drawno, drawqty }));
    const sentCents = draws.reduce((s, d) => s + BigInt(d.drawqty) * 100n, 0n);
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/api/app/createbet`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ gameId: FUN_TARGET, draws }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (e) {
      // Refused before anything was sent: surely not written. Anything else (a reset, a closed
      // socket, a timeout) may have committed without its answer.
      const code = (e as { cause?: { code?: string } }).cause?.code;
      return code === 'ECONNREFUSED' ? { kind: 'unreachable' } : { kind: 'in-doubt' };
    }
    let json: { message?: string; data?: { ticketId?: string; playpoints?: number } } = {};
    try {
      json = (await res.json()) as typeof json;
    } catch {
      // The process died between the head and the body of the answer.
      return { kind: 'in-doubt' };
    }
    if (res.status === 201 && json.data?.ticketId) {
      return { kind: 'ack', ticketId: String(json.data.ticketId), stakeCents: pointsToCents(json.data.playpoints) ?? -1n, sentCents };
    }
    return { kind: 'answered', status: res.status, message: String(json.message ?? '') };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tierdesk-crash-'));
    clone = await cloneTemplate(name);
    db = await openDatabase({ databaseUrl: dbUrl, poolSize: 5 });
    await seed(db, { username: 'superadmin', password: SUPERADMIN_PASSWORD });

    // Setup through the API of an in-process app on the same database (no scheduler), closed before the real server starts.
    const config = { ...configFromEnv({}), clientDir: '/nonexistent', dataDir: join(dataDir, 'setup'), backupDir: join(dataDir, 'backups'), loginRateLimit: 10_000, schedulerEnabled: false };
    const app = await buildApp({ db, config });
    await app.ready();
    const h: Harness = { app, db, config, root: { token: '', id: '' }, close: () => app.close() };
    try {
      const rootLogin = await call(h, 'POST', '/api/auth/login', { body: { username: 'superadmin', password: SUPERADMIN_PASSWORD } });
      h.root = { token: rootLogin.json.token as string, id: (rootLogin.json.user as AccountRecord)._id };
      const t = h.root.token;

      // Fun Target's rounds at the shortest length Time Master allows, so several close during the run.
      const time = await call(h, 'POST', '/api/time', { token: t, body: { timecount: ROUND_SECONDS } });
      expect([201, 409]).toContain(time.status);
      const timeId = (await db.query(`SELECT id::text AS id FROM game_times WHERE timecount = $1`, [ROUND_SECONDS]))[0].id as string;
      const game = (await call(h, 'GET', `/api/game/${FUN_TARGET}`, { token: t })).json.data as Record<string, unknown>;
      const edited = await call(h, 'PUT', `/api/game/${FUN_TARGET}`, {
        token: t,
        body: {
          gameName: game.gameName,
          nodigit: game.nodigit,
          gameDescription: game.gameDescription,
          publisher: game.publisher,
          releaseDate: String(game.releaseDate).slice(0, 10),
          gameStatus: game.status,
          timeId,
        },
      });
      expect(edited.status, JSON.stringify(edited.json)).toBe(200);
      expect((edited.json.data as { time: number }).time).toBe(ROUND_SECONDS);

      const gameIds = (await db.query(`SELECT id::text AS id FROM games ORDER BY id`)).map((r) => String(r.id));
      const adminAcc = await createAs(h, t, 'admin', h.root.id, { games: gameIds });
      const sam = await createAs(h, t, 'superareamanager', adminAcc._id);
      const am = await createAs(h, t, 'areamanager', sam._id);
      const master = await createUnder(h, t, 'master', am._id);
      for (let i = 0; i < PLAYERS; i += 6) {
        const batch = await Promise.all(Array.from({ length: Math.min(6, PLAYERS - i) }, () => createAs(h, t, 'player', master._id)));
        for (const p of batch) players.push({ id: p._id, username: p.username, token: '' });
      }
      // Points generated once through the API, then handed to each player by the ledger itself
      // (a transfer per player through the API would check the superadmin's password 30 times).
      await generate(h, PLAYERS * FUND_POINTS);
      for (const p of players) {
        await move(db, { from: Number(h.root.id), to: Number(p.id), cents: BigInt(FUND_POINTS) * 100n, kind: 'transfer', actor: Number(h.root.id), message: 'crash-bets funding' });
      }
    } finally {
      await app.close();
    }

    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = await startChild();
    for (const p of players) p.token = await login(p.username);
  }, 120_000);

  afterAll(async () => {
    await killChild('SIGKILL');
    await db?.close();
    await clone?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('acknowledged bets are tickets with their debit, every round is settled once, the ledger holds', async () => {
    const acked: Extract<BetOutcome, { kind: 'ack' }>[] = [];
    const statuses = new Map<string, number>();
    let unreachable = 0;
    let inDoubt = 0;
    const record = (o: BetOutcome) => {
      if (o.kind === 'ack') acked.push(o);
      else if (o.kind === 'unreachable') unreachable++;
      else if (o.kind === 'in-doubt') inDoubt++;
      else statuses.set(`${o.status} ${o.message}`, (statuses.get(`${o.status} ${o.message}`) ?? 0) + 1);
    };

    // 200 bets at once, spread over the players.
    const parallel = await Promise.all(Array.from({ length: PARALLEL_BETS }, (_, i) => bet(players[i % players.length].token)));
    parallel.forEach(record);
    const parallelAcked = parallel.filter((o) => o.kind === 'ack').length;
    // Only a bet that met its round's close may be refused (409 "This round is closed").
    expect(parallel.filter((o) => o.kind !== 'ack' && !(o.kind === 'answered' && o.status === 409)), JSON.stringify([...statuses])).toEqual([]);

    // Then every player bets in a loop while the server is killed and restarted.
    let stop = false;
    const stream = async (p: (typeof players)[number]) => {
      while (!stop) {
        const o = await bet(p.token);
        record(o);
        if (o.kind === 'answered' && o.status === 401) {
          // A session lost with the process: log in again (sessions live in the database, so this should not happen).
          try {
            p.token = await login(p.username);
          } catch {
            await sleep(200);
          }
        } else if (o.kind === 'unreachable' || o.kind === 'in-doubt') await sleep(150);
        else await sleep(10 + randomInt(40));
      }
    };
    const streamStart = Date.now();
    const workers = players.map(stream);
    let restarts = 0;
    const killedAt: string[] = [];
    try {
      for (let k = 0; k < KILLS; k++) {
        await sleep(2500 + randomInt(4000));
        killedAt.push(`${acked.length} acked`);
        await killChild('SIGKILL');
        child = await startChild();
        restarts++;
      }
      // Bets go on after the last restart, and the stream spans at least five rounds whatever the draws were.
      await sleep(Math.max(2000 + randomInt(2000), streamStart + MIN_STREAM_MS - Date.now()));
    } finally {
      stop = true;
      await Promise.all(workers);
    }

    // Every round that has closed is settled by the restarted engine (also those that closed while it was down).
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [w] = await db.query(
        `SELECT (SELECT count(*) FROM rounds WHERE status = 'open' AND closes_at < now() - interval '3 seconds')::int AS late,
                (SELECT count(DISTINCT r.id) FROM tickets t JOIN rounds r ON r.id = t.round_id WHERE r.status <> 'settled')::int AS pending`,
      );
      if (Number(w.late) === 0 && Number(w.pending) === 0) break;
      if (Date.now() > deadline) throw new Error(`rounds still unsettled 30 s after the last bet: ${JSON.stringify(w)}\n${log.slice(-4000)}`);
      await sleep(500);
    }
    await killChild('SIGTERM');

    const [counts] = await db.query(
      `SELECT (SELECT count(*) FROM tickets)::int AS tickets,
              (SELECT count(*) FROM rounds WHERE status = 'settled')::int AS settled,
              (SELECT count(DISTINCT round_id) FROM tickets)::int AS rounds_with_bets,
              (SELECT count(*) FROM transactions WHERE kind = 'win')::int AS wins,
              (SELECT count(*) FROM transactions WHERE kind = 'bet')::int AS bets`,
    );
    const tickets = Number(counts.tickets);
    const summary = {
      parallelAcked,
      betsAcknowledged: acked.length,
      tickets,
      ticketsWithoutAnswer: tickets - acked.length,
      answersLostInDoubt: inDoubt,
      refusedWhileDown: unreachable,
      otherAnswers: Object.fromEntries(statuses),
      roundsSettled: Number(counts.settled),
      roundsWithBets: Number(counts.rounds_with_bets),
      betTransactions: Number(counts.bets),
      winTransactions: Number(counts.wins),
      restarts,
      killedAt,
    };
    console.log(`[crash-bets] ${JSON.stringify(summary)}`);

    expect(restarts).toBe(KILLS);
    expect(parallelAcked).toBeGreaterThan(PARALLEL_BETS * 0.9);
    // No answer of the server was an error of its own.
    expect([...statuses.keys()].filter((k) => !/^409 /.test(k))).toEqual([]);

    // Every acknowledged bet is a ticket with the stake the answer said, which is what was sent.
    const ids = acked.map((a) => a.ticketId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const a of acked) expect(a.stakeCents).toBe(a.sentCents);
    const found = new Map(
      (await db.query(`SELECT id::text AS id, stake::text AS stake FROM tickets WHERE id = ANY($1::bigint[])`, [ids])).map((r) => [String(r.id), BigInt(String(r.stake))]),
    );
    const lost = acked.filter((a) => found.get(a.ticketId) !== a.stakeCents);
    expect(lost.map((a) => a.ticketId), 'acknowledged bets missing or with another stake').toEqual([]);
    // A ticket nobody was told of can only be a bet whose answer died with the process.
    expect(tickets).toBeGreaterThanOrEqual(acked.length);
    expect(tickets - acked.length).toBeLessThanOrEqual(inDoubt);

    // No ticket without its debit, no debit without its ticket; every round settled once: its tickets
    // carry settled_at, at most one win movement each, the ticket's win is that movement, and the
    // round's play and win are its tickets' sums.
    expect(await settlementFaults(db)).toEqual(NO_SETTLEMENT_FAULTS);
    expect(Number(counts.bets)).toBe(tickets);
    expect(Number(counts.rounds_with_bets)).toBeGreaterThanOrEqual(MIN_STREAM_MS / 1000 / ROUND_SECONDS);

    expect(await checkInvariant(db)).toMatchObject({ ok: true, mismatched: 0 });
  }, 150_000);
});
