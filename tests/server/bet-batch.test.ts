import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameDeclaration } from '../../resources.config';
import { dayKey } from '../../domain/periods';
import { checkInvariant } from '../../server/credit/ledger';
import { writeBets, type BetRequest } from '../../server/games/betBatch';
import { placeBet } from '../../server/games/bets';
import { settleDue, settleRound } from '../../server/games/settle';
import { balanceCents, createAs, createUnder, engineAvailable, fund, startHarness, type Harness } from './harness';

const FUN_TARGET = gameDeclaration('MNOQqWWi')!;
/** Mid-minute, in the server's time zone (days are local days). */
const T0 = new Date(2026, 10, 23, 10, 0, 20);

/**
 * Bets written in batches (server/games/betBatch.ts): each bet's own outcome in a mixed batch, a
 * round closing or a day ending inside one batch, and the ledger after 10,000 batched bets.
 */
describe.runIf(engineAvailable())('bets in batches', () => {
  let h: Harness;
  let adminId: number;
  let gameDbId: number;
  const players: { id: number; path: string }[] = [];

  beforeAll(async () => {
    h = await startHarness();
    const gameIds = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    adminId = Number(admin._id);
    gameDbId = Number((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [FUN_TARGET.gameId]))[0].id);
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    for (let i = 0; i < 8; i++) {
      const p = await createAs(h, h.root.token, 'player', master._id);
      const [row] = await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(p._id)]);
      players.push({ id: Number(p._id), path: String(row.path) });
    }
  }, 300_000);
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  const bet = (player: number, option: string, qty: number, now: Date): BetRequest => ({
    playerId: players[player].id,
    adminId,
    gameDbId,
    timeSeconds: 60,
    gameName: FUN_TARGET.gameName,
    unitCents: 100n,
    options: [option],
    qtys: [qty],
    stakeCents: BigInt(qty) * 100n,
    now,
  });
  const tickets = async (playerIdx: number) => Number((await h.db.query(`SELECT count(*)::int AS n FROM tickets WHERE player_id = $1`, [players[playerIdx].id]))[0].n);
  const pool = async () => BigInt(String((await h.db.query(`SELECT a.wallet_balance::text AS b FROM game_pools p JOIN accounts a ON a.id = p.account_id WHERE p.admin_id = $1 AND p.game_id = $2`, [adminId, gameDbId]))[0]?.b ?? '0'));

  it('answers each bet of a mixed batch with its own outcome; a refused bet moves nothing', async () => {
    await fund(h, String(players[0].id), 10, 'player');
    await fund(h, String(players[1].id), 5, 'player');
    const poolBefore = await pool();
    // Player 0 holds 10 points: 4 + 4 go, the next 4 does not, the 2 after it still does.
    const out = await writeBets(h.db, [bet(0, '1', 4, T0), bet(0, '2', 4, T0), bet(1, '3', 5, T0), bet(0, '4', 4, T0), bet(0, '5', 2, T0), bet(1, '6', 1, T0)]);
    expect(out.map((o) => (o.ok ? 'ok' : o.error.statusCode))).toEqual(['ok', 'ok', 'ok', 409, 'ok', 409]);
    expect(out.map((o) => (o.ok ? o.balanceCents : null))).toEqual([600n, 200n, 0n, null, 0n, null]);
    expect(out[3].ok ? '' : out[3].error.message).toMatch(/balance/i);
    expect(await balanceCents(h, players[0].id)).toBe(0n);
    expect(await balanceCents(h, players[1].id)).toBe(0n);
    expect(await pool()).toBe(poolBefore + 1500n);
    expect(await tickets(0)).toBe(3);
    expect(await tickets(1)).toBe(1);
    // Every accepted bet is one ledger row with the balances after it, in order.
    const rows = await h.db.query(`SELECT amount::text AS a, from_balance_after::text AS f FROM transactions WHERE kind = 'bet' AND from_id = $1 ORDER BY id`, [players[0].id]);
    expect(rows).toEqual([{ a: '400', f: '600' }, { a: '400', f: '200' }, { a: '200', f: '0' }]);
    const [day] = await h.db.query(`SELECT play::text AS play FROM daily_play WHERE player_id = $1 AND day = $2`, [players[0].id, dayKey(T0)]);
    expect(day.play).toBe('1000');
  });

  it('refuses the bets of a batch that came after their round closed, and takes the others', async () => {
    await fund(h, String(players[2].id), 10, 'player');
    const t = new Date(T0.getTime() + 3_600_000);
    const closes = new Date(Math.ceil(t.getTime() / 60_000) * 60_000);
    // The first bet opens the round; its close is then reached by the second bet's clock.
    await writeBets(h.db, [bet(2, '1', 1, t)]);
    const [r] = await h.db.query(`SELECT id FROM rounds WHERE admin_id = $1 AND game_id = $2 AND closes_at = $3`, [adminId, gameDbId, closes]);
    await settleDue(h.db, closes);
    const before = await balanceCents(h, players[2].id); // the settled bet may have won
    const out = await writeBets(h.db, [bet(2, '2', 1, new Date(closes.getTime() - 1)), bet(2, '3', 1, new Date(closes.getTime() + 1))]);
    expect(out[0].ok ? 'ok' : out[0].error.message).toBe('This round is closed. Bet on the next one.');
    expect(out[1].ok).toBe(true);
    expect(out[1].ok && out[1].roundId).not.toBe(String(r.id));
    expect(await balanceCents(h, players[2].id)).toBe(before - 100n);
    expect(await tickets(2)).toBe(2);
  });

  it('puts a batch across midnight in two rounds and two days', async () => {
    await fund(h, String(players[3].id), 10, 'player');
    const before = new Date(2026, 10, 24, 23, 59, 59, 500);
    const after = new Date(2026, 10, 25, 0, 0, 0, 500);
    const out = await writeBets(h.db, [bet(3, '1', 2, before), bet(3, '2', 3, after)]);
    expect(out.every((o) => o.ok)).toBe(true);
    expect(out[0].ok && out[1].ok && out[0].roundId !== out[1].roundId).toBe(true);
    const days = await h.db.query(`SELECT day::text AS day, play::text AS play FROM daily_play WHERE player_id = $1 ORDER BY day`, [players[3].id]);
    expect(days.map((d) => [String(d.day).slice(0, 10), d.play])).toEqual([
      [dayKey(before), '200'],
      [dayKey(after), '300'],
    ]);
    const pd = await h.db.query(`SELECT day::text AS day, play::text AS play FROM player_days WHERE player_id = $1 ORDER BY day`, [players[3].id]);
    expect(pd.map((d) => [String(d.day).slice(0, 10), d.play])).toEqual([
      [dayKey(before), '200'],
      [dayKey(after), '300'],
    ]);
  });

  it('keeps the ledger exact over 10,000 bets placed 100 at a time, and gathers them into batches', async () => {
    for (const i of [4, 5, 6, 7]) await fund(h, String(players[i].id), 20_000, 'player');
    const t = new Date(T0.getTime() + 7_200_000);
    let acknowledged = 0;
    const ticketsBefore = Number((await h.db.query(`SELECT count(*)::int AS n FROM tickets`))[0].n);
    const txBefore = Number((await h.db.query(`SELECT count(*)::int AS n FROM transactions WHERE kind = 'bet'`))[0].n);
    const lastTx = Number((await h.db.query(`SELECT coalesce(max(id), 0)::bigint AS n FROM transactions`))[0].n);
    for (let wave = 0; wave < 100; wave++) {
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, (_, k) => placeBet(h.db, players[4 + (k % 4)], FUN_TARGET.gameId, [{ option: String(k % 10), qty: 1 + (k % 3) }], new Date(t.getTime() + wave * 100))),
      );
      for (const r of results) {
        if (r.status === 'fulfilled') acknowledged++;
        else expect((r.reason as { statusCode?: number }).statusCode, String(r.reason)).toBe(409);
      }
    }
    expect(acknowledged).toBe(10_000);
    expect(Number((await h.db.query(`SELECT count(*)::int AS n FROM tickets`))[0].n) - ticketsBefore).toBe(acknowledged);
    expect(Number((await h.db.query(`SELECT count(*)::int AS n FROM transactions WHERE kind = 'bet'`))[0].n) - txBefore).toBe(acknowledged);
    // One transaction's rows share its now(): far fewer transactions than bets were written.
    const [commits] = await h.db.query(`SELECT count(DISTINCT created_at)::int AS n FROM transactions WHERE kind = 'bet' AND id > $1`, [lastTx]);
    expect(Number(commits.n)).toBeLessThan(acknowledged / 4);
    console.log(`10,000 bets, 100 at a time: ${commits.n} transactions (${(acknowledged / Number(commits.n)).toFixed(1)} bets per batch)`);
    // Stakes and the day figures agree with the ledger.
    const [sums] = await h.db.query(`
      SELECT (SELECT sum(amount) FROM transactions WHERE kind = 'bet')::text AS ledger,
             (SELECT sum(stake) FROM tickets)::text AS tickets,
             (SELECT sum(stake) FROM ticket_lines)::text AS lines,
             (SELECT sum(play) FROM daily_play)::text AS days,
             (SELECT sum(play) FROM admin_game_days)::text AS admin_days`);
    expect(new Set([sums.ledger, sums.tickets, sums.lines, sums.days, sums.admin_days]).size).toBe(1);
    // Settled: the round's lines are read in pages of 5,000 (a cursor), and every one of them counts.
    const rounds = (await h.db.query(`SELECT DISTINCT round_id FROM tickets WHERE id > $1`, [ticketsBefore])).map((r) => Number(r.round_id));
    const [{ biggest }] = await h.db.query(`SELECT max(n)::int AS biggest FROM (SELECT count(*) AS n FROM tickets t JOIN ticket_lines l ON l.ticket_id = t.id WHERE t.round_id = ANY ($1::bigint[]) GROUP BY t.round_id) x`, [rounds]);
    expect(Number(biggest)).toBeGreaterThan(5000);
    // These rounds only: settleDue would also settle the earlier tests' rounds, whose wins are not counted here.
    for (const id of rounds) await settleRound(h.db, id, new Date(t.getTime() + 3_600_000));
    const [paid] = await h.db.query(
      `SELECT count(*) FILTER (WHERE r.status <> 'settled' OR t.settled_at IS NULL)::int AS unsettled,
              count(*) FILTER (WHERE (t.win > 0) <> EXISTS (SELECT 1 FROM ticket_lines l WHERE l.ticket_id = t.id AND l.option = r.result))::int AS wrong,
              coalesce(sum(t.win), 0)::text AS wins,
              (SELECT coalesce(sum(amount), 0) FROM transactions x WHERE x.kind = 'win' AND x.id > $2)::text AS ledger
         FROM tickets t JOIN rounds r ON r.id = t.round_id WHERE t.round_id = ANY ($1::bigint[])`,
      [rounds, lastTx],
    );
    expect(paid).toMatchObject({ unsettled: 0, wrong: 0 });
    expect(paid.wins).toBe(paid.ledger);
    expect(BigInt(String(paid.wins))).toBeGreaterThan(0n);
  }, 300_000);
});
