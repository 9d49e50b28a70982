import { describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import { buildChain, call, engineAvailable, generate, useHarness } from './harness';

describe.runIf(engineAvailable())('server start', () => {
  const h = useHarness();

  it('answers health and seeds the system accounts and games', async () => {
    expect((await call(h, 'GET', '/api/health')).json).toMatchObject({ success: true, eventLoopDelayMs: { p99: expect.any(Number), max: expect.any(Number) }, realtime: { sockets: 0, droppedEvents: 0, floodDisconnects: 0 } });
    const gifts = await call(h, 'GET', '/api/gift/all', { token: h.root.token });
    expect(gifts.status).toBe(200);
    expect((gifts.json.data as { username: string }[]).map((a) => a.username)).toEqual(['gift']);
    const games = await call(h, 'GET', `/api/game/usergames/${h.root.id}`, { token: h.root.token });
    expect((games.json.data as unknown[]).length).toBe(7);
  });

  it('builds a whole chain and keeps the ledger invariant', async () => {
    const c = await buildChain(h);
    await generate(h, 500);
    const r = await call(h, 'POST', '/api/player/credit-transfer', {
      token: h.root.token,
      body: { password: 'root-pass-123', transferAmount: 12.34, toUserId: c.player._id },
    });
    expect(r.status).toBe(200);
    expect(await checkInvariant(h.db)).toMatchObject({ ok: true, balances: 50000n, created: 50000n });
  });
});
