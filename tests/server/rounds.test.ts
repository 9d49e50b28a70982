import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replayDecision, roundWindow, sourceFromUnit, type DecisionRecord } from '../../domain/games';
import { gameDeclaration } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import { placeBet } from '../../server/games/bets';
import { engineTick, settleDue, settleRound } from '../../server/games/settle';
import { balanceCents, createAs, createUnder, engineAvailable, fund, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const ANDHAR = 'qZicXikM';
/** A fixed clock, mid-minute, so every 60-second game is in one known round. */
const T0 = new Date(Date.UTC(2026, 10, 23, 10, 0, 20));
const after = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);

describe.runIf(engineAvailable())('rounds: bets, settlement, decision records', () => {
  let h: Harness;
  let admin: { _id: string };
  let players: { _id: string; path: string }[];

  const pathOf = async (id: string) => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(id)]))[0].path);

  beforeAll(async () => {
    h = await startHarness();
    const gameIds = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    players = [];
    for (let i = 0; i < 3; i++) {
      const p = await createAs(h, h.root.token, 'player', master._id);
      await fund(h, p._id, 1000, 'player');
      players.push({ _id: p._id, path: await pathOf(p._id) });
    }
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  const player = (i: number) => ({ id: Number(players[i]._id), path: players[i].path });
  const setPercentage = (gameId: string, pct: number) =>
    h.db.query(`UPDATE game_pools SET win_percentage = $2 WHERE admin_id = $1 AND game_id = (SELECT id FROM games WHERE game_id = $3)`, [Number(admin._id), pct, gameId]);

  it('debits the stake into the pool and writes the ticket in one go', async () => {
    const before = await balanceCents(h, players[0]._id);
    const bet = await placeBet(h.db, player(0), FUN_TARGET, [{ option: '3', qty: 5 }, { option: '3', qty: 2 }, { option: '4', qty: 1 }], T0);
    expect(bet.stakeCents).toBe(800n);
    expect(bet.balanceCents).toBe(before - 800n);
    expect(await balanceCents(h, players[0]._id)).toBe(before - 800n);
    const lines = await h.db.query(`SELECT option, qty, stake::text AS stake FROM ticket_lines WHERE ticket_id = $1 ORDER BY option`, [Number(bet.ticketId)]);
    expect(lines).toEqual([{ option: '3', qty: 7, stake: '700' }, { option: '4', qty: 1, stake: '100' }]);
    expect(bet.drawNo).toBe(roundWindow(T0, 60).drawNo);
  });

  it('refuses bad options, quantities, games and balances and writes nothing', async () => {
    const tickets = async () => Number((await h.db.query(`SELECT count(*)::int AS n FROM tickets`))[0].n);
    const n = await tickets();
    const balance = await balanceCents(h, players[1]._id);
    await expect(placeBet(h.db, player(1), FUN_TARGET, [{ option: '10', qty: 1 }], T0)).rejects.toMatchObject({ statusCode: 400 });
    await expect(placeBet(h.db, player(1), FUN_TARGET, [{ option: '1', qty: 0 }], T0)).rejects.toMatchObject({ statusCode: 400 });
    await expect(placeBet(h.db, player(1), FUN_TARGET, [{ option: '1', qty: 1.5 }], T0)).rejects.toMatchObject({ statusCode: 400 });
    await expect(placeBet(h.db, player(1), FUN_TARGET, [], T0)).rejects.toMatchObject({ statusCode: 400 });
    await expect(placeBet(h.db, player(1), 'nope', [{ option: '1', qty: 1 }], T0)).rejects.toMatchObject({ statusCode: 400 });
    await expect(placeBet(h.db, player(1), FUN_TARGET, [{ option: '1', qty: 2000 }], T0)).rejects.toMatchObject({ statusCode: 409 });
    expect(await tickets()).toBe(n);
    expect(await balanceCents(h, players[1]._id)).toBe(balance);
  });

  it('settles once: the automatic choice within budget, wins paid from the pool, decision replayable', async () => {
    await setPercentage(FUN_TARGET, 50);
    await placeBet(h.db, player(1), FUN_TARGET, [{ option: '5', qty: 10 }], T0);
    await placeBet(h.db, player(2), FUN_TARGET, [{ option: '6', qty: 1 }], T0);
    const round = (await h.db.query(`SELECT id FROM rounds WHERE draw_no = $1 AND game_id = (SELECT id FROM games WHERE game_id = $2)`, [roundWindow(T0, 60).drawNo, FUN_TARGET]))[0];
    // Not due yet: nothing happens.
    expect(await settleRound(h.db, Number(round.id), T0)).toBeNull();
    const balances = await Promise.all(players.map((p) => balanceCents(h, p._id)));
    // Pool: 8 + 10 + 1 = 19 points, budget 9.5 points: every outcome but 3 (the first test's bet, it
    // pays 63) and 5 (90) is within it, and the draw among those eight takes the fifth, 6 (it pays 9).
    const sixth = sourceFromUnit(() => 4.5 / 8);
    const [s1, s2] = await Promise.all([settleRound(h.db, Number(round.id), after(T0, 60), sixth), settleRound(h.db, Number(round.id), after(T0, 60), sixth)]);
    const s = s1 ?? s2;
    expect([s1, s2].filter(Boolean)).toHaveLength(1);
    expect(s).toMatchObject({ result: '6', playCents: 1900n, winCents: 900n * BigInt(s!.booster) });
    expect(s!.decision).toMatchObject({ poolBeforeCents: '1900', budgetCents: '950', reason: 'within-budget', chosen: '6', ties: ['0', '1', '2', '4', '6', '7', '8', '9'], draw: 4 });
    expect(await balanceCents(h, players[2]._id)).toBe(balances[2] + 900n * BigInt(s!.booster));
    expect(await balanceCents(h, players[1]._id)).toBe(balances[1]);
    const stored = (await h.db.query(`SELECT status, result, decision FROM rounds WHERE id = $1`, [Number(round.id)]))[0];
    expect(stored.status).toBe('settled');
    const record = (typeof stored.decision === 'string' ? JSON.parse(stored.decision) : stored.decision) as DecisionRecord;
    const stakes = new Map((await h.db.query(`SELECT l.option, sum(l.stake)::text AS s FROM ticket_lines l JOIN tickets t ON t.id = l.ticket_id WHERE t.round_id = $1 GROUP BY 1`, [Number(round.id)])).map((r) => [String(r.option), BigInt(String(r.s))]));
    expect(replayDecision(gameDeclaration(FUN_TARGET)!, stakes, record)).toEqual([]);
    const daily = (await h.db.query(`SELECT play::text AS play, win::text AS win FROM daily_play WHERE player_id = $1`, [Number(players[2]._id)]))[0];
    expect(daily).toEqual({ play: '100', win: String(900n * BigInt(s!.booster)) });
  });

  it('refuses a bet on a closed round', async () => {
    const w = roundWindow(T0, 60);
    await expect(placeBet(h.db, player(0), FUN_TARGET, [{ option: '1', qty: 1 }], new Date(w.closesAt.getTime() - 1))).rejects.toMatchObject({ statusCode: 409 });
  });

  it('lets a queued console result win, and pays Andhar Bahar card, suit and side', async () => {
    const t = after(T0, 600);
    await setPercentage(ANDHAR, 100);
    await placeBet(h.db, player(0), ANDHAR, [{ option: 'card:12', qty: 1 }, { option: 'suit:heart', qty: 1 }, { option: 'side:bahar', qty: 1 }], t);
    const gameDbId = Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [ANDHAR]))[0].id);
    await h.db.query(`INSERT INTO console_results (admin_id, game_id, outcome, booster, created_by, created_at) VALUES ($1, $2, '12:heart', 1, $1, $3)`, [Number(admin._id), gameDbId, t]);
    // The pool must cover the forced result: the admin tops it up as Add Balance would.
    const pool = Number((await h.db.query(`SELECT account_id FROM game_pools WHERE admin_id = $1 AND game_id = $2`, [Number(admin._id), gameDbId]))[0].account_id);
    await fund(h, admin._id, 100, 'admin');
    await h.db.transaction(async (tx) => {
      const { move } = await import('../../server/credit/ledger');
      await move(tx, { from: Number(admin._id), to: pool, cents: 10_000n, kind: 'pool', actor: Number(admin._id), message: 'Add Balance' });
    });
    const before = await balanceCents(h, players[0]._id);
    const settled = await settleDue(h.db, after(t, 60));
    const mine = settled.find((s) => s.decision.gameId === ANDHAR);
    expect(mine?.decision).toMatchObject({ reason: 'forced', chosen: '12:heart' });
    expect(await balanceCents(h, players[0]._id)).toBe(before + BigInt(mine!.booster) * (1200n + 395n + 195n));
  });

  it('opens the current round of every running game and settles rounds that closed while down', async () => {
    const t = after(T0, 3600);
    const first = await engineTick(h.db, t);
    expect(first.open).toBe(7);
    const open = await h.db.query(`SELECT count(*)::int AS n FROM rounds WHERE status = 'open' AND opens_at <= $1 AND closes_at > $1`, [t]);
    expect(Number(open[0].n)).toBe(7);
    // Ten minutes later (the server was down): every round due is settled, the new ones open.
    const later = await engineTick(h.db, after(t, 600));
    expect(later.settled.length).toBeGreaterThanOrEqual(7);
    const stale = await h.db.query(`SELECT count(*)::int AS n FROM rounds WHERE status = 'open' AND closes_at <= $1`, [after(t, 600)]);
    expect(Number(stale[0].n)).toBe(0);
  });

  it("settles the automatic booster's round with the production source, and draws the next gap", async () => {
    // The booster's gap draw once asked the OS generator for a range it refuses, and every round from
    // the first automatic booster on failed. This settles with the engine's own source (no seed).
    const t = after(T0, 5400);
    const gameDbId = Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [FUN_TARGET]))[0].id);
    await h.db.query(`UPDATE game_pools SET rounds_since_boost = next_boost_gap - 1 WHERE admin_id = $1 AND game_id = $2`, [Number(admin._id), gameDbId]);
    await placeBet(h.db, player(0), FUN_TARGET, [{ option: '2', qty: 1 }], t);
    const round = (await h.db.query(`SELECT id FROM rounds WHERE draw_no = $1 AND game_id = $2`, [roundWindow(t, 60).drawNo, gameDbId]))[0];
    const s = await settleRound(h.db, Number(round.id), after(t, 60));
    expect(s?.decision).toMatchObject({ booster: 2, boosterSource: 'schedule' });
    const [pool] = await h.db.query(`SELECT rounds_since_boost, next_boost_gap FROM game_pools WHERE admin_id = $1 AND game_id = $2`, [Number(admin._id), gameDbId]);
    expect(Number(pool.rounds_since_boost)).toBe(0);
    expect(Number(pool.next_boost_gap)).toBeGreaterThanOrEqual(20);
    expect(Number(pool.next_boost_gap)).toBeLessThanOrEqual(30);
  });

  it('pays a forced result the pool cannot cover: the pool goes below zero, the ledger still adds up', async () => {
    const t = after(T0, 7200);
    await setPercentage(FUN_TARGET, 90);
    const gameDbId = Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [FUN_TARGET]))[0].id);
    const pool = Number((await h.db.query(`SELECT account_id FROM game_pools WHERE admin_id = $1 AND game_id = $2`, [Number(admin._id), gameDbId]))[0].account_id);
    // Empty the pool first (Reset Balance takes it all), so the round's stakes are all it holds.
    const { moveBalance } = await import('../../server/games/console.service');
    await moveBalance(h.db, Number(admin._id), Number(admin._id), FUN_TARGET, { type: 'remove', cents: null });
    expect(await balanceCents(h, String(pool))).toBe(0n);
    await placeBet(h.db, player(2), FUN_TARGET, [{ option: '8', qty: 10 }], t);
    await h.db.query(`INSERT INTO console_results (admin_id, game_id, outcome, booster, created_by, created_at) VALUES ($1, $2, '8', 2, $1, $3)`, [Number(admin._id), gameDbId, t]);
    const before = await balanceCents(h, players[2]._id);
    const settled = await settleDue(h.db, after(t, 60));
    expect(settled.find((s) => s.gameId === FUN_TARGET && s.playCents === 1_000n)?.decision).toMatchObject({ reason: 'forced', chosen: '8', booster: 2 });
    expect(await balanceCents(h, players[2]._id)).toBe(before + 18_000n);
    expect(await balanceCents(h, String(pool))).toBe(1_000n - 18_000n);
  });
});
