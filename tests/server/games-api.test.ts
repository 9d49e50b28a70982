import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import { settleDue } from '../../server/games/settle';
import { balanceCents, call, createAs, createUnder, engineAvailable, fund, loginAs, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const ANDHAR = 'qZicXikM';

describe.runIf(engineAvailable())('games API: player calls, live consoles, win percentages', () => {
  let h: Harness;
  let admin: { _id: string; username: string };
  let other: { _id: string; username: string };
  const tokens: Record<string, string> = {};
  let player: { _id: string; username: string };

  beforeAll(async () => {
    h = await startHarness();
    const gameIds = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    admin = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds });
    other = await createAs(h, h.root.token, 'admin', h.root.id, { games: gameIds.slice(0, 1) });
    const sam = await createAs(h, h.root.token, 'superareamanager', admin._id);
    const am = await createAs(h, h.root.token, 'areamanager', sam._id);
    const master = await createUnder(h, h.root.token, 'master', am._id);
    player = await createAs(h, h.root.token, 'player', master._id);
    await fund(h, player._id, 500, 'player');
    await fund(h, admin._id, 1000, 'admin');
    tokens.admin = await loginAs(h, admin.username);
    tokens.master = await loginAs(h, master.username);
    tokens.player = await loginAs(h, player.username);
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  it('lets a player bet on its admin’s game with its own balance; the server computes the stake', async () => {
    const before = await balanceCents(h, player._id);
    const r = await call(h, 'POST', '/api/app/createbet', { token: tokens.player, body: { gameId: FUN_TARGET, draws: [{ drawno: 7, drawqty: 3 }], stake: 1 } });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.data).toMatchObject({ playpoints: 3, walletBalance: Number(before - 300n) / 100, roundId: expect.any(String) });
    expect(await balanceCents(h, player._id)).toBe(before - 300n);
    const tickets = await call(h, 'GET', `/api/app/tickets?gameId=${FUN_TARGET}`, { token: tokens.player });
    expect(tickets.json.data).toEqual([expect.objectContaining({ gameId: FUN_TARGET, playpoints: 3, winpoints: 0, resultNo: null, status: 'pending' })]);
  });

  it('refuses bets from staff, on unknown games and beyond the balance, and writes nothing', async () => {
    const before = await balanceCents(h, player._id);
    expect((await call(h, 'POST', '/api/app/createbet', { token: tokens.admin, body: { gameId: FUN_TARGET, draws: [{ drawno: '1', drawqty: 1 }] } })).status).toBe(403);
    expect((await call(h, 'POST', '/api/app/createbet', { token: tokens.player, body: { gameId: 'nope', draws: [{ drawno: '1', drawqty: 1 }] } })).status).toBe(400);
    expect((await call(h, 'POST', '/api/app/createbet', { token: tokens.player, body: { gameId: FUN_TARGET, draws: 'all' } })).status).toBe(400);
    const broke = await call(h, 'POST', '/api/app/createbet', { token: tokens.player, body: { gameId: FUN_TARGET, draws: [{ drawno: '1', drawqty: 9999 }] } });
    expect([broke.status, broke.json.message]).toEqual([409, 'Insufficient balance.']);
    expect((await call(h, 'POST', '/api/app/createbet', { body: { gameId: FUN_TARGET, draws: [{ drawno: '1', drawqty: 1 }] } })).status).toBe(401);
    expect(await balanceCents(h, player._id)).toBe(before);
  });

  it('refuses a game the player’s admin does not have', async () => {
    await h.db.query(`DELETE FROM account_games WHERE account_id = $1 AND game_id = (SELECT id FROM games WHERE game_id = 'acqOpdff')`, [Number(admin._id)]);
    const r = await call(h, 'POST', '/api/app/createbet', { token: tokens.player, body: { gameId: 'acqOpdff', draws: [{ drawno: '1', drawqty: 1 }] } });
    expect(r.status).toBe(403);
  });

  it('shows the console its running sums, and answers the timer as mm:ss', async () => {
    const r = await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=${FUN_TARGET}`, { token: tokens.admin });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const consoleOf = (x: typeof r) => x.json.data as Record<string, unknown>;
    const data = consoleOf(r).data as { drawno: string; sum: number }[];
    expect(data).toHaveLength(10);
    // The bet of the first test sits in the round that is open now, unless the minute turned since.
    const seven = data.find((d) => d.drawno === '7')?.sum;
    expect([0, 3]).toContain(seven);
    expect(consoleOf(r).percentageData).toEqual([expect.objectContaining({ winpercentage: 90 })]);
    const timer = await call(h, 'GET', `/api/app/gettimer?gameId=${FUN_TARGET}&adminId=${admin._id}`, { token: tokens.admin });
    expect((timer.json.data as { time: string }).time).toMatch(/^0[01]:[0-5]\d$/);
    expect((await call(h, 'GET', `/api/app/gettimer?gameId=${FUN_TARGET}&adminId=${other._id}`, { token: tokens.admin })).status).toBe(403);
    const andhar = consoleOf(await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=${ANDHAR}`, { token: h.root.token }));
    expect([(andhar.data as unknown[]).length, (andhar.dataColors as unknown[]).length, (andhar.dataCardTypes as unknown[]).length]).toEqual([13, 4, 2]);
  });

  it('lets only the admin itself and the superadmin run a console', async () => {
    expect((await call(h, 'GET', `/api/live/loadgame?adminId=${other._id}&gameId=${FUN_TARGET}`, { token: tokens.admin })).status).toBe(403);
    expect((await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=${FUN_TARGET}`, { token: tokens.master })).status).toBe(403);
    expect((await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=${FUN_TARGET}`, { token: tokens.player })).status).toBe(403);
    expect((await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=nope`, { token: tokens.admin })).json.message).toBe('No game found with the provided ID.');
    const addOther = await call(h, 'POST', '/api/live/addbalance', { token: tokens.admin, body: { adminId: other._id, gameId: FUN_TARGET, balance: 5, type: 'add' } });
    expect(addOther.status).toBe(403);
  });

  it('adds and resets a pool balance from and to the admin’s wallet', async () => {
    const wallet = await balanceCents(h, admin._id);
    const add = await call(h, 'POST', '/api/live/addbalance', { token: tokens.admin, body: { adminId: admin._id, gameId: ANDHAR, balance: 50, type: 'add' } });
    expect([add.status, add.json.message]).toEqual([200, 'Balance added successfully!']);
    expect(await balanceCents(h, admin._id)).toBe(wallet - 5000n);
    const zero = await call(h, 'POST', '/api/live/addbalance', { token: tokens.admin, body: { adminId: admin._id, gameId: ANDHAR, balance: 0, type: 'add' } });
    expect([zero.status, zero.json.message]).toEqual([400, 'Please enter a valid balance greater than 0.']);
    const reset = await call(h, 'POST', '/api/live/addbalance', { token: tokens.admin, body: { adminId: admin._id, gameId: ANDHAR, type: 'remove' } });
    expect([reset.status, reset.json.message]).toEqual([200, 'Balance Reset successfully!']);
    expect(await balanceCents(h, admin._id)).toBe(wallet);
  });

  it('says the real rule for 1.005 and that an empty pool had nothing to reset', async () => {
    const wallet = await balanceCents(h, admin._id);
    const odd = await call(h, 'POST', '/api/live/addbalance', { token: tokens.admin, body: { adminId: admin._id, gameId: ANDHAR, balance: 1.005, type: 'add' } });
    expect(odd.status).toBe(400);
    expect(odd.json.message).toMatch(/at most 2 decimals/);
    const empty = await call(h, 'POST', '/api/live/addbalance', { token: tokens.admin, body: { adminId: admin._id, gameId: ANDHAR, type: 'remove' } });
    expect([empty.status, empty.json.message, (empty.json.data as { moved: number }).moved]).toEqual([200, 'Nothing to reset: the pool holds no points.', 0]);
    expect(await balanceCents(h, admin._id)).toBe(wallet);
  });

  it('queues a console result that the next settlement draws, and shows its decision', async () => {
    const bad = await call(h, 'POST', '/api/live/addresult', { token: tokens.admin, body: { adminId: admin._id, gameId: ANDHAR, result: '3', color: 'heart', type: 'bahar', boosterValue: 1 } });
    expect([bad.status, bad.json.message]).toEqual([400, 'Please enter a valid result.']);
    const ok = await call(h, 'POST', '/api/live/addresult', { token: tokens.admin, body: { adminId: admin._id, gameId: ANDHAR, result: '3', color: 'heart', type: 'andar', boosterValue: 1 } });
    expect([ok.status, ok.json.message]).toEqual([200, 'Result added successfully!']);
    // A round that closed after the result was queued (both moved into the past) settles with it.
    await h.db.query(`UPDATE console_results SET created_at = now() - interval '5 minutes' WHERE round_id IS NULL`);
    await h.db.query(`INSERT INTO rounds (admin_id, game_id, draw_no, opens_at, closes_at) SELECT $1, id, 1, now() - interval '2 minutes', now() - interval '1 minute' FROM games WHERE game_id = $2`, [Number(admin._id), ANDHAR]);
    await settleDue(h.db);
    const console = await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=${ANDHAR}`, { token: tokens.admin });
    const last = ((console.json.data as { lastData: { data: { roundId: string; result: string; label: string; drawno: string; roundNo: number; booster: number }[] } }).lastData).data[0];
    expect([last.result, last.label]).toEqual(['3:heart', '3♥']);
    // The strip's drawno is the winning option; the round's number is roundNo.
    expect([last.drawno, last.roundNo, last.booster]).toEqual(['3:heart', 1, 1]);
    const audit = await call(h, 'GET', `/api/live/decision/${last.roundId}?adminId=${admin._id}`, { token: tokens.admin });
    expect(audit.json.data).toMatchObject({ result: '3:heart', decision: { reason: 'forced', forcedBy: admin.username } });
    expect((await call(h, 'GET', `/api/live/decision/${last.roundId}?adminId=${other._id}`, { token: h.root.token })).status).toBe(404);
  });

  it('lists win percentages in the caller’s scope and updates them in bulk, 1–100 only', async () => {
    const mine = await call(h, 'GET', `/api/percentage/usergames/${admin._id}`, { token: tokens.admin });
    const rows = mine.json.adminGameList as { id: string; adminId: string; winpercentage: number }[];
    expect(rows.length).toBe(6);
    expect(rows.every((x) => x.adminId === admin._id)).toBe(true);
    const all = await call(h, 'GET', `/api/percentage/usergames/${h.root.id}`, { token: h.root.token });
    const allRows = all.json.adminGameList as { id: string; adminId: string }[];
    expect(allRows.length).toBe(7);
    const foreign = allRows.find((x) => x.adminId === other._id)!;
    const over = await call(h, 'PUT', `/api/percentage/bulk/winpercentage/${admin._id}`, { token: tokens.admin, body: { updates: [{ id: rows[0].id, winpercentage: 101 }] } });
    expect([over.status, over.json.message]).toEqual([400, 'Win percentage must be a number from 1 to 100.']);
    // The least percentage is 1; null, an empty string or a boolean are no number at all.
    for (const bad of [0, 0.5, null, '', true, 'abc', -1]) {
      const res = await call(h, 'PUT', `/api/percentage/bulk/winpercentage/${admin._id}`, { token: tokens.admin, body: { updates: [{ id: rows[0].id, winpercentage: bad }] } });
      expect([res.status, res.json.message], String(bad)).toEqual([400, 'Win percentage must be a number from 1 to 100.']);
    }
    const stolen = await call(h, 'PUT', `/api/percentage/bulk/winpercentage/${admin._id}`, { token: tokens.admin, body: { updates: [{ id: rows[0].id, winpercentage: 10 }, { id: foreign.id, winpercentage: 10 }] } });
    expect(stolen.status).toBe(403);
    const ok = await call(h, 'PUT', `/api/percentage/bulk/winpercentage/${admin._id}`, { token: tokens.admin, body: { data: { updates: [{ id: rows[0].id, winpercentage: 42.5 }] } } });
    expect(ok.status).toBe(200);
    const after = await call(h, 'GET', `/api/percentage/usergames/${admin._id}`, { token: tokens.admin });
    const changed = (after.json.adminGameList as { id: string; winpercentage: number }[]).map((x) => [x.id, x.winpercentage]);
    expect(changed).toContainEqual([rows[0].id, 42.5]);
    expect(changed.filter(([, p]) => p === 10)).toHaveLength(0);
  });

  it('lists the bet history of the players below the caller with totals, and a ticket’s lines', async () => {
    const mine = await call(h, 'GET', '/api/history/gamehistory', { token: tokens.master });
    expect(mine.status, JSON.stringify(mine.json)).toBe(200);
    const rows = mine.json.data as { ticketId: string; username: string; playpoints: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((x) => x.username === player.username)).toBe(true);
    const play = rows.reduce((s, x) => s + x.playpoints, 0);
    expect(mine.json.totals).toMatchObject({ play });
    const lines = await call(h, 'GET', `/api/history/getdetailsbyticketid?ticketId=${rows[0].ticketId}&gameId=${FUN_TARGET}`, { token: tokens.master });
    expect(lines.json.data).toEqual([{ ticketid: rows[0].ticketId, drawno: '7', label: '7', round: expect.any(Number), drawqty: 3, drawtotal: 3, refunded: false }]);
    // Another admin sees none of it.
    const otherToken = await loginAs(h, other.username);
    const theirs = await call(h, 'GET', '/api/history/gamehistory', { token: otherToken });
    expect(theirs.json.data).toEqual([]);
    const peek = await call(h, 'GET', `/api/history/getdetailsbyticketid?ticketId=${rows[0].ticketId}`, { token: otherToken });
    expect(peek.json).toMatchObject({ success: false, message: 'No ticket data available.' });
    expect((await call(h, 'GET', '/api/history/gamehistory?startDate=garbage', { token: tokens.master })).status).toBe(400);
    expect((await call(h, 'GET', '/api/history/gamehistory', { token: tokens.player })).status).toBe(403);
  });

  it('lists online players with today’s play and win', async () => {
    const r = await call(h, 'GET', '/api/onlinePlayer', { token: tokens.admin });
    const row = (r.json.data as { username: string; playPoints: number; isOnline: boolean; endPoints: number; winPoints: number }[]).find((x) => x.username === player.username)!;
    expect(row.isOnline).toBe(true);
    expect(row.playPoints).toBeGreaterThanOrEqual(3);
    expect(row.endPoints).toBe(row.playPoints - row.winPoints);
  });

  it('keeps a pool and its balance when the admin’s games change', async () => {
    const add = await call(h, 'POST', '/api/live/addbalance', { token: tokens.admin, body: { adminId: admin._id, gameId: FUN_TARGET, balance: 20, type: 'add' } });
    expect(add.status).toBe(200);
    const pool = async () => (await h.db.query(`SELECT p.id::text AS id, a.wallet_balance::text AS b FROM game_pools p JOIN accounts a ON a.id = p.account_id JOIN games g ON g.id = p.game_id WHERE p.admin_id = $1 AND g.game_id = $2`, [Number(admin._id), FUN_TARGET]))[0];
    const before = await pool();
    const all = (await h.db.query(`SELECT id::text AS id, game_id FROM games ORDER BY id`)) as { id: string; game_id: string }[];
    const others = all.filter((g) => g.game_id !== FUN_TARGET).map((g) => g.id);
    expect((await call(h, 'PUT', `/api/admins/${admin._id}`, { token: h.root.token, body: { updatedFields: { games: others } } })).status).toBe(200);
    expect(await pool()).toEqual(before);
    expect((await call(h, 'PUT', `/api/admins/${admin._id}`, { token: h.root.token, body: { updatedFields: { games: all.map((g) => g.id) } } })).status).toBe(200);
    expect(await pool()).toEqual(before);
    const list = await call(h, 'GET', `/api/percentage/usergames/${admin._id}`, { token: tokens.admin });
    expect((list.json.adminGameList as { id: string; gameId: string }[]).find((x) => x.gameId === FUN_TARGET)?.id).toBe(before.id);
  });
});
