import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameDeclaration } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import type { Database } from '../../server/db/client';
import { placeBet } from '../../server/games/bets';
import { openCurrentRounds, settleRound } from '../../server/games/settle';
import { ENGINE } from './engine';
import { createAs, createChain, engineAvailable, fund, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const FUN_TIMER = 'acqOpdff';
/** Mid-minute: each 60-second game is in one known round. */
const T0 = new Date(Date.UTC(2026, 10, 24, 10, 0, 20));
const CLOSE = new Date(Date.UTC(2026, 10, 24, 10, 1, 0));

/**
 * A settler that stops after its last statement and before its commit (SIGSTOP, a stalled VM: the
 * idle lease ends it 5 s later) holds its round, its pool and its winners, never what every player of
 * the winners' parent shares (the parent's figures, parent_days), nor what the pool's next round
 * needs to open: another player of that master, in another game, bets meanwhile without waiting, and
 * the next rounds open. Only on PostgreSQL, where others run beside it.
 */
describe.runIf(ENGINE === 'postgres' && engineAvailable())('a settler stopped before its commit', () => {
  let h: Harness;
  let admin: { _id: string };
  let master: { _id: string };

  const pathOf = async (id: string) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(id)]))[0].path);
  const gameDbId = async (gameId: string) => Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [gameId]))[0].id);
  const newPlayer = async () => {
    const p = await createAs(h, h.root.token, 'player', master._id);
    await fund(h, p._id, 100, 'player');
    return { id: Number(p._id), path: await pathOf(p._id) };
  };

  beforeAll(async () => {
    h = await startHarness();
    const gameIds = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    master = (await createChain(h, admin._id)).master;
    await fund(h, admin._id, 10_000, 'admin');
  });
  afterAll(() => h?.close());

  it('leaves the parent’s figures and the next round free: another of its players bets, the next rounds open, and the figures add up after', async () => {
    await h.app.scheduler.tick('rounds', T0);
    const winner = await newPlayer();
    const other = await newPlayer();
    const bet = await placeBet(h.db, winner, FUN_TARGET, [{ option: '7', qty: 10 }], T0);
    await h.db.query(`INSERT INTO console_results (admin_id, game_id, outcome, booster, created_by, created_at) VALUES ($1, $2, '7', 1, $1, $3)`, [
      Number(admin._id),
      await gameDbId(FUN_TARGET),
      T0,
    ]);

    // The settler's transaction stops once its work is done, before the commit, until released.
    let stopped!: () => void;
    const atStop = new Promise<void>((r) => (stopped = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const stalling: Database = {
      ...h.db,
      transaction: (fn) =>
        h.db.transaction(async (tx) => {
          const out = await fn(tx);
          stopped();
          await released;
          return out;
        }),
    };
    const settling = settleRound(stalling, Number(bet.roundId), CLOSE);
    await atStop;

    const option = gameDeclaration(FUN_TIMER)!.options[0]!.key;
    const t0 = Date.now();
    const answer = await Promise.race([
      placeBet(h.db, other, FUN_TIMER, [{ option, qty: 1 }], T0).then(
        () => 'placed',
        (e: unknown) => `failed: ${e instanceof Error ? e.message : String(e)}`,
      ),
      new Promise<string>((r) => setTimeout(() => r('still waiting'), 2500)),
    ]);
    const waited = Date.now() - t0;
    // The pool's next round opens meanwhile (its insert checks the pool's key, which the settler holds).
    const t1 = Date.now();
    const opening = await Promise.race([
      openCurrentRounds(h.db, CLOSE).then(
        () => 'opened',
        (e: unknown) => `failed: ${e instanceof Error ? e.message : String(e)}`,
      ),
      new Promise<string>((r) => setTimeout(() => r('still waiting'), 2500)),
    ]);
    const openWaited = Date.now() - t1;
    release();
    const s = await settling;
    expect(answer, 'the other player’s bet while the settler is stopped').toBe('placed');
    expect(waited).toBeLessThan(1000);
    expect(opening, 'the next rounds’ opening while the settler is stopped').toBe('opened');
    expect(openWaited).toBeLessThan(1000);
    const [next] = await h.db.query(`SELECT status FROM rounds WHERE admin_id = $1 AND game_id = $2 AND opens_at = $3`, [Number(admin._id), await gameDbId(FUN_TARGET), CLOSE]);
    expect(next?.status).toBe('open');
    expect(s?.result).toBe('7');
    expect(s?.winCents).toBeGreaterThan(0n);

    // The parent's figures hold both: the win and the other bet, as its players' own rows do.
    const [figures] = await h.db.query(
      `SELECT (SELECT coalesce(sum(play), 0) FROM parent_days WHERE account_id = $1)::text AS parent_play,
              (SELECT coalesce(sum(win), 0) FROM parent_days WHERE account_id = $1)::text AS parent_win,
              (SELECT coalesce(sum(d.play), 0) FROM player_days d JOIN accounts a ON a.id = d.player_id WHERE a.parent_id = $1)::text AS players_play,
              (SELECT coalesce(sum(d.win), 0) FROM player_days d JOIN accounts a ON a.id = d.player_id WHERE a.parent_id = $1)::text AS players_win`,
      [Number(master._id)],
    );
    expect(figures.parent_win).toBe(String(s!.winCents));
    expect(figures.parent_play).toBe(figures.players_play);
    expect(figures.parent_win).toBe(figures.players_win);
    expect(await checkInvariant(h.db)).toMatchObject({ ok: true, mismatched: 0 });
  });
});
