import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import { settleDue } from '../../server/games/settle';
import { multipart, PNG, type FilePart } from '../fixtures/multipart';
import { balanceCents, call, engineAvailable, playingChain, startHarness, type Harness } from './harness';

type Created = { _id: string; gameId: string; gameName: string; nodigit: number; multiplier: number | null; images: string[] };
type ConsoleItem = { drawno: string; label: string; sum: number; image?: string };
type ConsoleData = { gameName: string; data: ConsoleItem[]; lastData: { data: { result: string; label: string; booster: number }[] }; round: { closesAt: string } };

/** A game added in Game Master (never declared in resources/games.ts) plays end to end from its row. */
describe.runIf(engineAvailable())('a game made in Game Master is playable', () => {
  let h: Harness;
  const dataDir = mkdtempSync(join(tmpdir(), 'tierdesk-gm-play-'));
  beforeAll(async () => {
    h = await startHarness({ dataDir });
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const timeId = async (seconds: number) => String((await h.db.query(`SELECT id FROM game_times WHERE timecount = $1`, [seconds]))[0].id);
  const send = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, files: FilePart[] = []) => {
    const m = multipart(fields, files);
    const res = await h.app.inject({ method, url, payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${h.root.token}` } });
    return { status: res.statusCode, json: res.json() as { message: string; code?: string; data: Created; errors?: { field: string }[] } };
  };
  const form = async (over: Record<string, string> = {}) => ({
    gameName: 'Lucky Ten',
    gameDescription: 'Pick one of ten',
    releaseDate: '2026-11-20',
    publisher: 'house',
    nodigit: '10',
    timeId: await timeId(60),
    gameStatus: 'active',
    label: 'no',
    ...over,
  });
  const loadConsole = async (token: string, adminId: string, gameId: string) => {
    const r = await call(h, 'GET', `/api/live/loadgame?adminId=${adminId}&gameId=${gameId}`, { token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data as ConsoleData;
  };

  it('create, assign, bet, settle at its multiplier, console, Win Percentage, Bet List and reports', async () => {
    const root = h.root.token;
    // The multiplier left empty: return to player 90 %, ×9 for ten options.
    const made = await send('POST', '/api/game', await form());
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const game = made.json.data;
    expect(game).toMatchObject({ gameName: 'Lucky Ten', nodigit: 10, multiplier: 9 });
    const ID = game.gameId;

    const { admin, player, adminToken, playerToken } = await playingChain(h, [game._id]);

    // Live Result and Win Percentage list it (they did before; the console and bets were the dead end).
    const pct = await call(h, 'GET', `/api/percentage/usergames/${admin._id}`, { token: adminToken });
    expect((pct.json.adminGameList as { gameId: string }[]).map((x) => x.gameId)).toEqual([ID]);

    // The console: ten options 0 to 9 shown by their labels, in a grid.
    const empty = await loadConsole(adminToken, admin._id, ID);
    expect(empty.gameName).toBe('Lucky Ten');
    expect(empty.data.map((d) => d.label)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);

    // Bets: an option beyond nodigit − 1 is refused with the game named, and nothing is written.
    const start = await balanceCents(h, player._id);
    const bad = await call(h, 'POST', '/api/app/createbet', { token: playerToken, body: { gameId: ID, draws: [{ drawno: '10', drawqty: 1 }] } });
    expect([bad.status, bad.json.message]).toEqual([400, expect.stringContaining('Lucky Ten')]);
    expect(await balanceCents(h, player._id)).toBe(start);
    const bet = await call(h, 'POST', '/api/app/createbet', { token: playerToken, body: { gameId: ID, draws: [{ drawno: 9, drawqty: 2 }, { drawno: '0', drawqty: 1 }] } });
    expect(bet.status, JSON.stringify(bet.json)).toBe(201);
    expect(await balanceCents(h, player._id)).toBe(start - 300n);
    const withBets = await loadConsole(adminToken, admin._id, ID);
    expect(withBets.data.find((d) => d.drawno === '9')?.sum).toBe(2);

    // The engine: the console's result with booster 2 pays 2 points × 9 × 2 from the pool, which Add Balance filled.
    expect((await call(h, 'POST', '/api/live/addbalance', { token: adminToken, body: { adminId: admin._id, gameId: ID, balance: 50, type: 'add' } })).status).toBe(200);
    expect((await call(h, 'POST', '/api/live/addresult', { token: adminToken, body: { adminId: admin._id, gameId: ID, result: '10', boosterValue: 1 } })).status).toBe(400);
    const queued = await call(h, 'POST', '/api/live/addresult', { token: adminToken, body: { adminId: admin._id, gameId: ID, result: '9', boosterValue: 2 } });
    expect([queued.status, queued.json.message]).toEqual([200, 'Result added successfully!']);
    const settled = (await settleDue(h.db, new Date(new Date(withBets.round.closesAt).getTime() + 1000))).filter((s) => s.gameId === ID);
    expect(settled.map((s) => [s.result, s.booster, s.playCents, s.winCents])).toEqual([['9', 2, 300n, 3600n]]);
    expect(await balanceCents(h, player._id)).toBe(start - 300n + 3600n);
    const after = await loadConsole(adminToken, admin._id, ID);
    expect(after.lastData.data[0]).toMatchObject({ result: '9', label: '9', booster: 2 });

    // Bet List and its ticket lines; the reports count its play and wins.
    const history = await call(h, 'GET', '/api/history/gamehistory', { token: adminToken });
    const ticket = (history.json.data as { ticketId: string; gameId: string; resultLabel: string | null; playpoints: number; winpoints: number }[]).find((t) => t.gameId === ID);
    expect(ticket).toMatchObject({ resultLabel: '9', playpoints: 3, winpoints: 36 });
    const lines = await call(h, 'GET', `/api/history/getdetailsbyticketid?ticketId=${ticket!.ticketId}&gameId=${ID}`, { token: adminToken });
    expect((lines.json.data as { drawno: string; drawqty: number }[]).map((l) => [l.drawno, l.drawqty]).sort()).toEqual([['0', 1], ['9', 2]]);
    const report = await call(h, 'GET', '/api/reports/admincommissionpayout', { token: root });
    expect(report.status, JSON.stringify(report.json)).toBe(200);
    const row = (report.json.data as { gameId: string; username: string; nofDigit: number; totalpoints: number; totalwinpoints: number }[]).find((x) => x.gameId === ID);
    expect(row).toMatchObject({ username: admin.username, nofDigit: 10, totalpoints: 3, totalwinpoints: 36 });

    // With bets, its options and odds are fixed: a 409 that says why, in a field; other fields still save.
    const more = await send('PUT', `/api/game/${game._id}`, await form({ nodigit: '12' }));
    expect([more.status, more.json.code, more.json.errors?.[0]?.field]).toEqual([409, 'gameOptionsHaveBets', 'nodigit']);
    expect(more.json.message).toMatch(/^Lucky Ten has bets already: its number of digits and payout multiplier can no longer change/);
    const odds = await send('PUT', `/api/game/${game._id}`, await form({ multiplier: '8' }));
    expect([odds.status, odds.json.errors?.[0]?.field]).toEqual([409, 'multiplier']);
    const renamed = await send('PUT', `/api/game/${game._id}`, await form({ gameName: 'Lucky Ten!', multiplier: '9' }));
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.data).toMatchObject({ gameName: 'Lucky Ten!', nodigit: 10, multiplier: 9 });
    expect((await loadConsole(adminToken, admin._id, ID)).gameName).toBe('Lucky Ten!');
  });

  it('a labelled game shows its uploaded images and pays its own multiplier; without bets its options may change', async () => {
    const images = ['a', 'b', 'c'].map((n) => ({ name: 'images', filename: `${n}.png`, bytes: PNG }));
    const bad = await send('POST', '/api/game', await form({ gameName: 'Pictures', nodigit: '3', label: 'yes', multiplier: '2.555' }), images);
    expect([bad.status, bad.json.errors?.[0]?.field]).toEqual([400, 'multiplier']);
    const made = await send('POST', '/api/game', await form({ gameName: 'Pictures', nodigit: '3', label: 'yes', multiplier: '2.5' }), images);
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const game = made.json.data;
    expect(game.multiplier).toBe(2.5);
    expect(game.images).toHaveLength(3);

    const { admin, player, adminToken, playerToken } = await playingChain(h, [game._id], 10);
    const data = await loadConsole(adminToken, admin._id, game.gameId);
    expect(data.data.map((d) => [d.drawno, d.image])).toEqual(game.images.map((img, i) => [String(i), img]));

    // No bets yet: the multiplier may change, and the console's game follows the row.
    const edited = await send('PUT', `/api/game/${game._id}`, await form({ gameName: 'Pictures', nodigit: '3', multiplier: '2' }));
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.data.multiplier).toBe(2);

    const start = await balanceCents(h, player._id);
    const bet = await call(h, 'POST', '/api/app/createbet', { token: playerToken, body: { gameId: game.gameId, draws: [{ drawno: '1', drawqty: 3 }] } });
    expect(bet.status, JSON.stringify(bet.json)).toBe(201);
    expect((await call(h, 'POST', '/api/live/addresult', { token: adminToken, body: { adminId: admin._id, gameId: game.gameId, result: '1', boosterValue: 1 } })).status).toBe(200);
    const settled = (await settleDue(h.db, new Date(new Date(data.round.closesAt).getTime() + 1000))).filter((s) => s.gameId === game.gameId);
    // 3 points × 2: the edited multiplier, paid from a pool below zero as a forced result may.
    expect(settled.map((s) => [s.result, s.winCents])).toEqual([['1', 600n]]);
    expect(await balanceCents(h, player._id)).toBe(start - 300n + 600n);
  });

  it('a declared game takes no multiplier: its odds are its declaration’s', async () => {
    const [fun] = await h.db.query(`SELECT id FROM games WHERE game_id = 'MNOQqWWi'`);
    const r = await send('PUT', `/api/game/${fun.id}`, await form({ gameName: 'Fun Target', multiplier: '5' }));
    expect([r.status, r.json.code]).toEqual([400, 'declaredGameOdds']);
    const listed = await call(h, 'GET', `/api/game/${fun.id}`, { token: h.root.token });
    expect((listed.json.data as Created).multiplier).toBeNull();
  });
});
