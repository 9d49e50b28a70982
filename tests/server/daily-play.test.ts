import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '../../domain/periods';
import { placeBet } from '../../server/games/bets';
import { buildChain, call, callSafe, createChain, engineAvailable, fund, startHarness, type Chain, type Harness } from './harness';

describe.runIf(engineAvailable())('reports/dailyplay: the dashboard chart', () => {
  let h: Harness;
  let c: Chain;
  let other: Awaited<ReturnType<typeof createChain>>;

  beforeAll(async () => {
    h = await startHarness();
    c = await buildChain(h);
    other = await createChain(h);
    const gameIds = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    for (const a of [c.admin, other.admin]) await call(h, 'PUT', `/api/admins/${a._id}`, { token: h.root.token, body: { updatedFields: { games: gameIds } } });
    for (const p of [c.player, other.player]) {
      await fund(h, p._id, 100, 'player');
      const [row] = await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(p._id)]);
      await placeBet(h.db, { id: Number(p._id), path: String(row.path) }, 'MNOQqWWi', [{ option: '4', qty: p === c.player ? 3 : 5 }]);
    }
  });
  afterAll(() => h?.close());

  const today = () => dayKey(new Date());
  const series = async (token: string, query = '') => (await callSafe(h, 'GET', `/api/reports/dailyplay${query}`, { token })).json.data as { day: string; playPoints: number; winPoints: number; endPoints: number }[];

  it('the last 14 days, oldest first, today last; each level sees its own subtree', async () => {
    const root = await series(h.root.token);
    expect(root).toHaveLength(14);
    expect(root[13]).toEqual({ day: today(), playPoints: 8, winPoints: 0, endPoints: 8 });
    expect(root.slice(0, 13).every((d) => d.playPoints === 0)).toBe(true);
    expect((await series(c.tokens.admin))[13].playPoints).toBe(3);
    expect((await series(c.tokens.master))[13].playPoints).toBe(3);
    expect((await series(h.root.token, `?id=${other.admin._id}`))[13].playPoints).toBe(5);
    expect(await series(c.tokens.superareamanager, '?days=3')).toHaveLength(3);
  });

  it('refuses players, outsiders and bad day counts', async () => {
    expect((await call(h, 'GET', '/api/reports/dailyplay', { token: c.tokens.player })).status).toBe(403);
    expect((await call(h, 'GET', `/api/reports/dailyplay?id=${other.admin._id}`, { token: c.tokens.admin })).status).toBe(403);
    expect((await call(h, 'GET', '/api/reports/dailyplay?days=0', { token: c.tokens.admin })).status).toBe(400);
    expect((await call(h, 'GET', '/api/reports/dailyplay?days=abc', { token: c.tokens.admin })).status).toBe(400);
  });
});
