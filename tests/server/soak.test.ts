/**
 * The soak: the real server as `npm start` runs it, with its scheduler and the OS random source, on
 * both engines at once (PGlite in a fresh DATA_DIR; a fresh PostgreSQL database the server migrates
 * as it starts). The two runs mostly wait on the clock, so they share one test file and its worker
 * (the file runs in the `server` project only). Two games on 5-second rounds for 40 rounds each,
 * past the automatic booster (every 20–30 rounds: the round engine once stopped settling there).
 * Players bet in every round but the planned empty ones; some rounds get a result with booster 2
 * from the console. Afterwards: every accepted bet a ticket settled exactly once, paying what the
 * game's rule pays for its round's result and booster; every wallet its start minus its stakes plus
 * its wins (from the API's answers and in the database); no round behind; the ledger invariant.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { COUNTS_EXACT, keptCountsAgainstRows } from './keptCountsCheck';
import { payoutFor, roundWindow, stakesOf, type RoundWindow } from '../../domain/games';
import { gameDeclaration } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import { openDatabase, type Database } from '../../server/db/client';
import { freePort } from '../e2e/server';
import { PG_URL, withDb } from './engine';
import { serverReady, startServer, stopServer } from './serverProcess';
import { NO_SETTLEMENT_FAULTS, settlementFaults } from './settlementChecks';
import { auditPlayers, engineStatus, fetchApi, forceResult, placeBet, randomDraws, setUpSoak, sleep, type AcceptedBet, type Api, type SoakWorld } from './soakPlay';

/** Fun Target and Fun Roullet: 10 and 38 options. */
const GAMES = ['MNOQqWWi', 'vwRORrGO'] as const;
const ROUND_SECONDS = 5;
/** Rounds of each game played from the admin's creation (the first one opened part-way, the engine opens it then). */
const ROUNDS = 40;
const PLAYERS = 8;
const PASSWORD = 'soak-root-pass';
/** No bet is sent later than this before a round's close (a slow answer is then still in its round). */
const BET_CUTOFF_MS = 1500;

type Plan = 'empty' | 'forced' | 'auto';
/**
 * The plan of a game's round by its index from the admin's first round: about one empty round in 7,
 * one in 4 forced with booster 2, the same on every engine and run. None is forced in rounds 18–30:
 * the automatic booster comes at the 20th–30th settled round, and a forced booster 2 there would take
 * its place (its source reads 'console'), leaving no round that shows the schedule fired.
 */
function planOf(index: number, gameIndex: number): Plan {
  if ((index + gameIndex) % 7 === 3) return 'empty';
  return (index <= 17 || index >= 31) && (index + gameIndex) % 4 === 1 ? 'forced' : 'auto';
}

type Engine = 'pglite' | 'postgres';

/** A fresh PostgreSQL database (the server migrates it as `npm start` does), or null, said why, when no server answers. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const name = `tierdesk_soak_${process.pid}_${randomInt(1_000_000)}`;
  const onServer = async (sql: string) => {
    const admin = new pg.Client(PG_URL);
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end().catch(() => undefined);
    }
  };
  try {
    await onServer(`CREATE DATABASE ${name}`);
  } catch (e) {
    console.warn(`[soak] PostgreSQL at ${PG_URL} is not reachable (${(e as Error).message}): the soak runs on the embedded engine only.`);
    return null;
  }
  return { url: withDb(PG_URL, name), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The whole soak on one engine: its own server process, world, rounds and checks. */
async function soakOn(engine: Engine, databaseUrl: string | null): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), `tierdesk-soak-${engine}-`));
  const env: Record<string, string> = { SUPERADMIN_PASSWORD: PASSWORD, SCHEDULER: 'on', LOGIN_RATE_LIMIT: '100000', BACKUP_DIR: join(dataDir, 'backups'), CLIENT_DIR: join(dataDir, 'no-client'), REDIS_URL: '' };
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, DATA_DIR: join(dataDir, 'data') });
  else Object.assign(env, { DATABASE_URL: '', DATA_DIR: join(dataDir, 'db') });
  const port = await freePort();
  const server = startServer({ ...env, PORT: String(port) });
  try {
    // Generous: on a loaded machine (load average 30 on 2 cores) a fresh embedded database's first start took 4 minutes.
    await serverReady(server, 360_000);
    const api: Api = fetchApi(`http://127.0.0.1:${port}`);
      const started = Date.now();
      const world: SoakWorld = await setUpSoak(api, { password: PASSWORD, games: GAMES, roundSeconds: ROUND_SECONDS, players: PLAYERS, playerPoints: 20_000, poolPoints: 50_000 });
      const firstDraw = roundWindow(world.adminAt, ROUND_SECONDS).drawNo;
      const lastDraw = firstDraw + ROUNDS - 1;

      const accepted: AcceptedBet[] = [];
      const refused = new Map<string, number>();
      let forced = 0;

      async function playRound(gameId: string, gameIndex: number, w: RoundWindow): Promise<void> {
        const plan = planOf(w.drawNo - firstDraw, gameIndex);
        if (plan === 'empty') return;
        // A forced result is queued as the round opens (queued later, it could meet the close and go to
        // the next round), and the first player stakes on it, so that its doubled win is paid to someone.
        const options = gameDeclaration(gameId)!.options;
        const result = plan === 'forced' ? options[randomInt(options.length)]!.key : null;
        if (result !== null) {
          await forceResult(api, world, gameId, result, 2);
          forced++;
        }
        const cutoff = w.closesAt.getTime() - BET_CUTOFF_MS;
        await Promise.all(
          world.players.map(async (p, i) => {
            await sleep(randomInt(1500));
            if (Date.now() > cutoff) return;
            const draws = randomDraws(gameId).filter((d) => d.drawno !== result);
            const a = await placeBet(api, p, gameId, i === 0 && result !== null ? [{ drawno: result, drawqty: 1 + randomInt(5) }, ...draws] : draws.length ? draws : randomDraws(gameId));
            if (a.ok) accepted.push(a.bet);
            else refused.set(`${a.status} ${a.message}`, (refused.get(`${a.status} ${a.message}`) ?? 0) + 1);
          }),
        );
      }

      for (;;) {
        const w = roundWindow(new Date(), ROUND_SECONDS);
        if (w.drawNo > lastDraw) break;
        await Promise.all(GAMES.map((g, i) => playRound(g, i, w)));
        await sleep(w.closesAt.getTime() + 100 - Date.now());
      }
      const lastClose = roundWindow(new Date(), ROUND_SECONDS).opensAt.getTime();

      // The engine settles on the next tick after a close, and calls a round behind 5 s after it: past
      // that, the last rounds get a few more seconds (a loaded machine's tick can be late), never more.
      await sleep(lastClose + 5_500 - Date.now());
      let status = await engineStatus(api, world);
      while ((status.roundsBehind > 0 || status.failing.length > 0) && Date.now() < lastClose + 20_000) {
        await sleep(500);
        status = await engineStatus(api, world);
      }
      const audit = await auditPlayers(api, world, accepted);
      const stoppedAt = Date.now();
      await stopServer(server);

      const db: Database = engine === 'postgres' ? await openDatabase({ databaseUrl: env.DATABASE_URL!, poolSize: 2 }) : await openDatabase({ dataDir: env.DATA_DIR! });
      try {
        const perGame = await db.query(
          `SELECT g.game_id AS code,
                  count(*) FILTER (WHERE r.status = 'settled')::int AS settled,
                  count(*) FILTER (WHERE r.status = 'settled' AND r.play_cents > 0)::int AS with_bets,
                  count(*) FILTER (WHERE r.status = 'settled' AND r.win_cents > 0)::int AS paying,
                  count(*) FILTER (WHERE r.decision->>'boosterSource' = 'schedule')::int AS auto_boosters,
                  min(r.draw_no) FILTER (WHERE r.decision->>'boosterSource' = 'schedule')::int AS first_auto_boost,
                  count(*) FILTER (WHERE r.decision->>'reason' = 'forced')::int AS forced,
                  count(*) FILTER (WHERE r.decision->>'reason' = 'forced' AND r.booster <> 2)::int AS forced_without_booster,
                  count(*) FILTER (WHERE r.status = 'open' AND r.closes_at < $2)::int AS behind
             FROM rounds r JOIN games g ON g.id = r.game_id WHERE r.admin_id = $1 GROUP BY g.game_id ORDER BY g.game_id`,
          [world.adminId, new Date(stoppedAt - 5000)],
        );
        const paidAfterBoost = await db.query(
          `SELECT g.game_id AS code, count(*)::int AS n FROM rounds r JOIN games g ON g.id = r.game_id
            WHERE r.admin_id = $1 AND r.win_cents > 0 AND r.draw_no > (SELECT min(x.draw_no) FROM rounds x WHERE x.admin_id = r.admin_id AND x.game_id = r.game_id AND x.decision->>'boosterSource' = 'schedule')
            GROUP BY g.game_id`,
          [world.adminId],
        );
        const behind = await db.query(`SELECT id, status, closes_at FROM rounds WHERE status = 'open' AND closes_at < $1 LIMIT 20`, [new Date(stoppedAt - 5000)]);
        const unconsumed = await db.query(`SELECT id, game_id, outcome FROM console_results WHERE round_id IS NULL`);
        // Each ticket's win is what the game's rule pays its lines for its round's result and booster.
        const rounds = new Map(
          (await db.query(`SELECT t.id::text AS id, r.result, r.booster FROM tickets t JOIN rounds r ON r.id = t.round_id WHERE t.id = ANY($1::bigint[])`, [accepted.map((b) => b.ticketId)])).map((r) => [
            String(r.id),
            { result: String(r.result), booster: Number(r.booster) },
          ]),
        );
        const wrongWins = accepted.flatMap((b) => {
          const round = rounds.get(b.ticketId);
          const game = gameDeclaration(b.gameId)!;
          if (!round) return [`ticket ${b.ticketId}: no round`];
          const stakes = stakesOf(b.draws.map((d) => ({ option: d.drawno, stakeCents: BigInt(d.drawqty) * game.unitPriceCents })));
          const due = payoutFor(game, stakes, round.result, round.booster);
          const paid = audit.tickets.get(b.ticketId)?.winCents;
          return paid === due ? [] : [`ticket ${b.ticketId} (${b.gameId} result ${round.result} ×${round.booster}): won ${paid}, due ${due}`];
        });
        const wallets = new Map(
          (await db.query(`SELECT id::text AS id, wallet_balance::text AS cents FROM accounts WHERE id = ANY($1::bigint[])`, [world.players.map((p) => p.id)])).map((r) => [String(r.id), BigInt(String(r.cents))]),
        );
        const walletFaults = audit.accounts.filter((a) => wallets.get(a.player.id) !== a.expectedCents).map((a) => `${a.player.username}: ${wallets.get(a.player.id)} in the database, ${a.expectedCents} due`);
        const [counts] = await db.query(`SELECT (SELECT count(*) FROM tickets)::int AS tickets, (SELECT count(*) FROM transactions WHERE kind = 'win')::int AS wins`);
        // The kept counts the screens' totals read, spread every few seconds by their own schedule.
        const kept = await keptCountsAgainstRows(db);
        const summary = {
          engine,
          seconds: Math.round((Date.now() - started) / 1000),
          accepted: accepted.length,
          refused: Object.fromEntries(refused),
          forcedQueued: forced,
          winMovements: Number(counts.wins),
          keptCounts: { spread: kept.spread, freshRows: kept.fresh },
          perGame,
          paidAfterBoost,
        };
        console.log(`[soak ${engine}] ${JSON.stringify(summary)}`);

        // Only a bet that met its round's close may be refused.
        expect([...refused.keys()].filter((k) => !k.startsWith('409 '))).toEqual([]);
        expect(status).toMatchObject({ roundsBehind: 0, failing: [] });
        expect(behind).toEqual([]);
        expect(audit.faults).toEqual([]);
        expect(walletFaults).toEqual([]);
        expect(wrongWins).toEqual([]);
        expect(Number(counts.tickets)).toBe(accepted.length);
        expect(await settlementFaults(db)).toEqual(NO_SETTLEMENT_FAULTS);
        expect(unconsumed).toEqual([]);
        expect(perGame.map((g) => String(g.code)).sort()).toEqual([...GAMES].sort());
        for (const g of perGame) {
          expect(Number(g.settled), `${g.code} rounds settled`).toBeGreaterThanOrEqual(40);
          expect(Number(g.with_bets), `${g.code} rounds with bets`).toBeGreaterThanOrEqual(25);
          expect(Number(g.auto_boosters), `${g.code} automatic boosters`).toBeGreaterThanOrEqual(1);
          expect(Number(g.forced), `${g.code} rounds forced from the console`).toBeGreaterThanOrEqual(2);
          expect(Number(g.forced_without_booster), `${g.code} forced results without booster 2`).toBe(0);
          expect(Number(g.behind)).toBe(0);
        }
        expect(perGame.reduce((s, g) => s + Number(g.forced), 0)).toBe(forced);
        // Winners are still paid after the first automatic booster.
        expect(paidAfterBoost.map((r) => String(r.code)).sort()).toEqual([...GAMES].sort());
        expect(await checkInvariant(db)).toMatchObject({ ok: true, mismatched: 0 });
        expect(kept, 'kept counts against the rows').toMatchObject(COUNTS_EXACT);
        // Only the scheduled flush spreads counts here (no move, no restore): it ran.
        expect(kept.spread).toBeGreaterThan(0);
      } finally {
        await db.close();
      }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe(`soak: the real server on both engines at once, two games on ${ROUND_SECONDS}-second rounds past the automatic booster`, () => {
  it('settles every round and ticket once, pays every win, keeps every wallet and the ledger', async () => {
    const postgres = await freshPostgres();
    const runs = await Promise.allSettled([soakOn('pglite', null), ...(postgres ? [soakOn('postgres', postgres.url)] : [])]);
    await postgres?.drop();
    const failed = runs.flatMap((r, i) => (r.status === 'rejected' ? [`${i === 0 ? 'pglite' : 'postgres'}: ${(r.reason as Error).message}`] : []));
    expect(failed).toEqual([]);
  }, 700_000);
});
