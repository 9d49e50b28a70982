import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import { moveBalance } from '../../server/games/console.service';
import { placeBet } from '../../server/games/bets';
import { settleDue } from '../../server/games/settle';
import { tierOf } from '../../resources.config';
import { call, createAs, createUnder, engineAvailable, fund, loginAs, startHarness, type Harness } from './harness';

const FUN_TARGET = 'MNOQqWWi';
const ANDHAR = 'qZicXikM';
const TRIPLE = 'zuuhVbBM';

interface Side {
  _id: string;
  username: string;
  displayName: string;
}
interface TxRow {
  userId: Side | null;
  toUserId: Side | null;
  account: Side | null;
  amount: number;
  transactionType: string;
  newBalance: number | null;
  transactionMessage: string;
}

/**
 * Names people read: pools go by their game and admin and stay out of player
 * lists, each ledger row is signed for one account, results and ticket lines show labels, and
 * messages carry no ISO instants. One admin with a chain; the player bets on Andhar Bahar (card Q,
 * hearts, Bahar), Triple Fun (jodi 45) and Fun Target (7); the console forces Q♥, 345 and 7.
 */
describe.runIf(engineAvailable())('names people read', () => {
  let h: Harness;
  const acc: Record<string, { _id: string; username: string }> = {};
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness();
    const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const t = h.root.token;
    acc.admin = await createAs(h, t, 'admin', h.root.id, { games });
    acc.sam = await createAs(h, t, 'superareamanager', acc.admin._id);
    acc.am = await createAs(h, t, 'areamanager', acc.sam._id);
    acc.master = await createUnder(h, t, 'master', acc.am._id);
    acc.player = await createAs(h, t, 'player', acc.master._id);
    await fund(h, acc.player._id, 500, 'player');
    await fund(h, acc.admin._id, 5000, 'admin');
    for (const k of ['admin', 'master', 'player']) tok[k] = await loginAs(h, acc[k].username);
    const admin = Number(acc.admin._id);
    for (const g of [FUN_TARGET, ANDHAR, TRIPLE]) await moveBalance(h.db, admin, admin, g, { type: 'add', cents: 100_000n });
    const path = String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(acc.player._id)]))[0].path);
    const now = new Date();
    const player = { id: Number(acc.player._id), path };
    await placeBet(h.db, player, ANDHAR, [{ option: 'card:12', qty: 1 }, { option: 'suit:heart', qty: 2 }, { option: 'side:bahar', qty: 3 }], now);
    await placeBet(h.db, player, TRIPLE, [{ option: 'jodi:45', qty: 1 }, { option: 'single:5', qty: 1 }], now);
    await placeBet(h.db, player, FUN_TARGET, [{ option: '7', qty: 10 }], now);
    const force = async (gameId: string, body: Record<string, unknown>) => {
      const r = await call(h, 'POST', '/api/live/addresult', { token: tok.admin, body: { adminId: acc.admin._id, gameId, boosterValue: 1, ...body } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    };
    await force(ANDHAR, { result: '12', color: 'heart', type: 'bahar' });
    await force(TRIPLE, { result: '345' });
    await force(FUN_TARGET, { result: '7' });
    await h.db.query(`UPDATE console_results SET created_at = now() - interval '1 hour'`);
    await settleDue(h.db, new Date(now.getTime() + 121_000));
    // Reset Balance of Fun Target: its ledger row's message names the moment.
    await moveBalance(h.db, admin, admin, FUN_TARGET, { type: 'remove', cents: null });
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  const ledger = async (query: string, token = tok.admin): Promise<TxRow[]> => {
    const r = await call(h, 'GET', `/api/reports/transactionreport?limit=500&${query}`, { token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data as TxRow[];
  };
  const poolIds = async () => (await h.db.query(`SELECT account_id::text AS id FROM game_pools`)).map((r) => String(r.id));

  it('names a pool by its game and admin in the transaction report, and keeps its username', async () => {
    const rows = await ledger('type=single');
    const add = rows.find((x) => x.transactionType === 'pool' && x.toUserId?.displayName.startsWith('Fun Target'));
    expect(add?.toUserId).toMatchObject({ displayName: `Fun Target pool · ${acc.admin.username}` });
    expect(add?.toUserId?.username).toMatch(/^[A-Z]+\d+$/);
    expect(add?.userId).toMatchObject({ _id: acc.admin._id, username: acc.admin.username, displayName: acc.admin.username });
    const wins = (await ledger('type=all')).filter((x) => x.transactionType === 'win');
    expect(wins.map((x) => x.userId?.displayName).sort()).toEqual([`Andhar Bahar pool · ${acc.admin.username}`, `Fun Target pool · ${acc.admin.username}`, `Triple Fun pool · ${acc.admin.username}`]);
  });

  it('signs every row for one account: the viewed one when it is a side, else the player of a bet or a win', async () => {
    const all = await ledger('type=all');
    const balance = async (id: string) => Number((await h.db.query(`SELECT wallet_balance::text AS b FROM accounts WHERE id = $1`, [Number(id)]))[0].b) / 100;
    // Wins come into the player: positive, with the player's balance after, never the pool's.
    const funWin = all.find((x) => x.transactionType === 'win' && x.userId?.displayName.startsWith('Fun Target'))!;
    expect(funWin).toMatchObject({ amount: 90, account: { _id: acc.player._id } });
    const bets = all.filter((x) => x.transactionType === 'bet');
    expect(bets.map((x) => x.amount).sort((a, b) => a - b)).toEqual([-10, -6, -2]);
    expect(bets.every((x) => x.account?._id === acc.player._id)).toBe(true);
    // The newest row touching the player carries its balance now.
    const newestOfPlayer = all.find((x) => x.account?._id === acc.player._id)!;
    expect(newestOfPlayer.newBalance).toBe(await balance(acc.player._id));
    // The admin's own rows: Add Balance out of it, Reset Balance into it, its transfer in.
    const own = all.filter((x) => x.account?._id === acc.admin._id);
    expect(own.filter((x) => x.transactionType === 'pool').map((x) => Math.sign(x.amount)).sort()).toEqual([-1, -1, -1, 1]);
    expect(own.find((x) => x.transactionType === 'transfer')).toMatchObject({ amount: 5000 });
    // No row of the admin's view shows a pool's balance as if it were the account viewed.
    const pools = new Set(await poolIds());
    expect(all.filter((x) => x.account && pools.has(x.account._id))).toEqual([]);
    // The master's view: the player's rows, signed for the player, a win positive.
    const master = await ledger('type=all', tok.master);
    expect(master.filter((x) => x.transactionType === 'win').every((x) => x.amount > 0 && x.account?._id === acc.player._id)).toBe(true);
    // The player viewed on its own: the same signs.
    const single = await ledger(`type=single&id=${acc.player._id}`, tok.master);
    expect(single.filter((x) => x.transactionType === 'win').every((x) => x.amount > 0)).toBe(true);
    expect(single.filter((x) => x.transactionType === 'bet').every((x) => x.amount < 0)).toBe(true);
  });

  it('keeps pools out of every list of players and accounts', async () => {
    const pools = new Set(await poolIds());
    expect(pools.size).toBe(3);
    const ids = (v: unknown): string[] =>
      (Array.isArray(v) ? v : []).map((x: Record<string, unknown>) => String(x._id ?? x.id));
    const lists: [string, string][] = [
      [`/api${tierOf('player').api}/all?limit=500`, h.root.token],
      [`/api${tierOf('player').api}/all?limit=500`, tok.admin],
      ['/api/onlinePlayer?limit=500', tok.admin],
      ['/api/history/loadUsers', tok.admin],
      ['/api/reports/findallusers', tok.admin],
      ['/api/reports/findallusers', h.root.token],
      ['/api/reports/hreport', tok.admin],
      ['/api/reports/turnoverreport', h.root.token],
      [`/api${tierOf('admin').api}/${acc.admin._id}/children`, h.root.token],
    ];
    for (const [path, token] of lists) {
      const r = await call(h, 'GET', path, { token });
      expect(r.status, `${path} ${JSON.stringify(r.json)}`).toBe(200);
      const listed = ids(r.json.data);
      expect(listed.filter((id) => pools.has(id)), path).toEqual([]);
    }
    const players = await call(h, 'GET', `/api${tierOf('player').api}/all?limit=500`, { token: tok.admin });
    expect(ids(players.json.data)).toEqual([acc.player._id]);
    const counts = await call(h, 'GET', '/api/counts/usercount', { token: tok.admin });
    expect(counts.json).toMatchObject({ count: 1 });
  });

  it('shows results and ticket lines as labels beside their keys, and the game by name', async () => {
    const history = await call(h, 'GET', `/api/history/gamehistory?startDate=${new Date(Date.now() - 86_400_000).toISOString()}&endDate=${new Date(Date.now() + 86_400_000).toISOString()}`, { token: tok.admin });
    const rows = history.json.data as { ticketId: string; gameId: string; gameName: string; resultNo: string; resultLabel: string }[];
    const byGame = Object.fromEntries(rows.map((x) => [x.gameId, x]));
    expect(byGame[ANDHAR]).toMatchObject({ gameName: 'Andhar Bahar', resultNo: '12:heart', resultLabel: 'Q♥' });
    expect(byGame[TRIPLE]).toMatchObject({ gameName: 'Triple Fun', resultNo: '345', resultLabel: '3-4-5' });
    expect(byGame[FUN_TARGET]).toMatchObject({ resultNo: '7', resultLabel: '7' });
    const lines = await call(h, 'GET', `/api/history/getdetailsbyticketid?ticketId=${byGame[ANDHAR].ticketId}&gameId=${ANDHAR}`, { token: tok.admin });
    const labels = Object.fromEntries((lines.json.data as { drawno: string; label: string }[]).map((l) => [l.drawno, l.label]));
    expect(labels).toEqual({ 'card:12': 'Q', 'suit:heart': '♥', 'side:bahar': 'Bahar' });
    const triple = await call(h, 'GET', `/api/history/getdetailsbyticketid?ticketId=${byGame[TRIPLE].ticketId}&gameId=${TRIPLE}`, { token: tok.admin });
    expect(Object.fromEntries((triple.json.data as { drawno: string; label: string }[]).map((l) => [l.drawno, l.label]))).toEqual({ 'jodi:45': 'Jodi 45', 'single:5': 'Single 5' });
    const mine = await call(h, 'GET', '/api/app/tickets?limit=100', { token: tok.player });
    expect((mine.json.data as { gameId: string; resultLabel: string }[]).find((x) => x.gameId === ANDHAR)).toMatchObject({ resultLabel: 'Q♥' });
  });

  it('writes no ISO instant into a ledger message', async () => {
    const reset = (await ledger('type=single')).find((x) => x.transactionMessage.startsWith('Reset Balance'));
    expect(reset?.transactionMessage).toMatch(/^Reset Balance Fun Target at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    const messages = (await h.db.query(`SELECT message FROM transactions WHERE message IS NOT NULL`)).map((r) => String(r.message));
    expect(messages.filter((m) => /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(m))).toEqual([]);
  });
});
