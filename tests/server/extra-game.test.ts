import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as GameTable from '../../resources/games';
import { RAINBOW, withRainbowSeven } from '../fixtures/extraGame';

// The registry's games table with one more game; engine, console, catalogue and seed read it.
vi.mock('../../resources/games', async (importOriginal) => {
  const actual = await importOriginal<typeof GameTable>();
  return { ...actual, GAMES: withRainbowSeven(actual.GAMES) };
});

const { checkInvariant } = await import('../../server/credit/ledger');
const { settleDue } = await import('../../server/games/settle');
const { seed } = await import('../../server/setup/seed');
const { balanceCents, call, engineAvailable, playingChain, startHarness, SUPERADMIN_PASSWORD } = await import('./harness');
type Harness = Awaited<ReturnType<typeof startHarness>>;
const ID = RAINBOW.gameId;

describe.runIf(engineAvailable())('a registry with one more game (Rainbow Seven, declared in resources/games.ts only)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  it('a database without the game gets it at start; the operator’s edits and deletions stay', async () => {
    await h.db.query(`DELETE FROM games WHERE game_id = $1`, [ID]);
    // What the operator changed through Game Master and Time Master, and a game it deleted.
    await h.db.query(`UPDATE games SET game_name = 'Target!', time_seconds = 90, logo = 'x.png' WHERE game_id = 'MNOQqWWi'`);
    await h.db.query(`UPDATE games SET deleted_at = now() WHERE game_id = 'qZicXibb'`);
    const before = Number((await h.db.query(`SELECT count(*)::int AS n FROM games`))[0].n);

    await seed(h.db, { username: 'superadmin', password: SUPERADMIN_PASSWORD });

    const [row] = await h.db.query(`SELECT game_name, nodigit, time_seconds, status, deleted_at FROM games WHERE game_id = $1`, [ID]);
    expect(row).toMatchObject({ game_name: 'Rainbow Seven', nodigit: 7, time_seconds: 30, status: 'active', deleted_at: null });
    expect(Number((await h.db.query(`SELECT count(*)::int AS n FROM games`))[0].n)).toBe(before + 1);
    expect((await h.db.query(`SELECT game_name, time_seconds, logo FROM games WHERE game_id = 'MNOQqWWi'`))[0]).toEqual({ game_name: 'Target!', time_seconds: 90, logo: 'x.png' });
    expect((await h.db.query(`SELECT deleted_at FROM games WHERE game_id = 'qZicXibb'`))[0].deleted_at).not.toBeNull();
    // A second start adds nothing.
    await seed(h.db, { username: 'superadmin', password: SUPERADMIN_PASSWORD });
    expect(Number((await h.db.query(`SELECT count(*)::int AS n FROM games`))[0].n)).toBe(before + 1);
    await h.db.query(`UPDATE games SET game_name = 'Fun Target', time_seconds = 60, logo = NULL WHERE game_id = 'MNOQqWWi'`);
    await h.db.query(`UPDATE games SET deleted_at = NULL WHERE game_id = 'qZicXibb'`);
  });

  it('is in the catalogue, takes bets, settles through the engine, and shows in the console and the reports', async () => {
    const root = h.root.token;
    const catalogue = await call(h, 'GET', '/api/game', { token: root });
    expect(catalogue.status).toBe(200);
    const listed = (catalogue.json.data as { _id: string; gameId: string; gameName: string; nodigit: number; time: number }[]).find((g) => g.gameId === ID);
    expect(listed).toMatchObject({ gameName: 'Rainbow Seven', nodigit: 7, time: 30 });

    const { admin, player, adminToken, playerToken } = await playingChain(h, [listed!._id]);

    // The admin's Live Result list (the menu's source) has the game.
    const menu = await call(h, 'GET', `/api/percentage/usergames/${admin._id}`, { token: adminToken });
    expect((menu.json.adminGameList as { gameId: string; gameName: string }[]).map((x) => [x.gameId, x.gameName])).toEqual([[ID, 'Rainbow Seven']]);

    // An option the declaration does not have is refused, and nothing is written.
    const start = await balanceCents(h, player._id);
    const bad = await call(h, 'POST', '/api/app/createbet', { token: playerToken, body: { gameId: ID, draws: [{ drawno: '8', drawqty: 1 }] } });
    expect(bad.status).toBe(400);
    expect(await balanceCents(h, player._id)).toBe(start);

    const bet = await call(h, 'POST', '/api/app/createbet', { token: playerToken, body: { gameId: ID, draws: [{ drawno: 7, drawqty: 2 }, { drawno: '3', drawqty: 1 }] } });
    expect(bet.status, JSON.stringify(bet.json)).toBe(201);
    expect(bet.json.data).toMatchObject({ playpoints: 3 });
    expect(await balanceCents(h, player._id)).toBe(start - 300n);

    // The console: the declared options with their labels and the open round's sums.
    const cons = await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=${ID}`, { token: adminToken });
    expect(cons.status, JSON.stringify(cons.json)).toBe(200);
    const data = cons.json.data as { gameName: string; data: { drawno: string; label: string; sum: number }[]; dataColors: unknown[]; dataCardTypes: unknown[]; round: { closesAt: string } };
    expect(data.gameName).toBe('Rainbow Seven');
    expect(data.data.map((d) => d.label)).toEqual(['Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Indigo', 'Violet']);
    expect(data.data.find((d) => d.drawno === '7')?.sum).toBe(2);
    expect([data.dataColors, data.dataCardTypes]).toEqual([[], []]);

    // The engine: a console result (picked by the declared pick rule) settles the round at ×6.
    expect((await call(h, 'POST', '/api/live/addresult', { token: adminToken, body: { adminId: admin._id, gameId: ID, result: '9', boosterValue: 1 } })).status).toBe(400);
    const queued = await call(h, 'POST', '/api/live/addresult', { token: adminToken, body: { adminId: admin._id, gameId: ID, result: '7', boosterValue: 1 } });
    expect([queued.status, queued.json.message]).toEqual([200, 'Result added successfully!']);
    const settled = await settleDue(h.db, new Date(new Date(data.round.closesAt).getTime() + 1000));
    const mine = settled.filter((s) => s.gameId === ID);
    expect(mine.map((s) => [s.result, s.playCents, s.winCents])).toEqual([['7', 300n, 1200n]]);
    expect(await balanceCents(h, player._id)).toBe(start - 300n + 1200n);
    const after = (await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=${ID}`, { token: adminToken })).json.data as { lastData: { data: { result: string; label: string }[] } };
    expect(after.lastData.data[0]).toMatchObject({ result: '7', label: 'Violet' });

    // The reports: the player's ticket in Game History, its lines by label, the pool's play and wins.
    const history = await call(h, 'GET', '/api/history/gamehistory', { token: adminToken });
    const ticket = (history.json.data as { ticketId: string; gameId: string; resultLabel: string | null; playpoints: number; winpoints: number }[]).find((t) => t.gameId === ID);
    expect(ticket).toMatchObject({ resultLabel: 'Violet', playpoints: 3, winpoints: 12 });
    const lines = await call(h, 'GET', `/api/history/getdetailsbyticketid?ticketId=${ticket!.ticketId}&gameId=${ID}`, { token: adminToken });
    expect((lines.json.data as { label: string }[]).map((l) => l.label).sort()).toEqual(['Violet', 'Yellow']);
    const report = await call(h, 'GET', '/api/reports/admincommissionpayout', { token: root });
    expect(report.status, JSON.stringify(report.json)).toBe(200);
    const row = (report.json.data as { gameId: string; username: string; nofDigit: number; totalpoints: number; totalwinpoints: number }[]).find((x) => x.gameId === ID);
    expect(row).toMatchObject({ username: admin.username, nofDigit: 7, totalpoints: 3, totalwinpoints: 12 });
  });
});
