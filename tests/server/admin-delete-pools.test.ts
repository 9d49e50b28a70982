import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant, move } from '../../server/credit/ledger';
import { balanceCents, call, createAs, engineAvailable, fund, loginAs, startHarness, SUPERADMIN_PASSWORD, type Harness } from './harness';

/** An admin's game pools are not accounts below it; only a pool holding points blocks its delete. */
describe.runIf(engineAvailable())('deleting an admin whose consoles were opened', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  const gameDbId = async (gameId: string) => String((await h.db.query(`SELECT id FROM games WHERE game_id = $1`, [gameId]))[0].id);
  const liveAccounts = async (parentId: string) =>
    (await h.db.query(`SELECT role FROM accounts WHERE parent_id = $1 AND deleted_at IS NULL ORDER BY id`, [parentId])).map((r) => String(r.role));

  it('empty pools go with the admin; a pool holding points says which and how much', async () => {
    const root = h.root.token;
    const admin = await createAs(h, root, 'admin', h.root.id, { games: [await gameDbId('MNOQqWWi'), await gameDbId('vwRORrGO')] });
    const token = await loginAs(h, admin.username);
    // Opening both consoles makes both pools (accounts whose parent is the admin).
    for (const g of ['MNOQqWWi', 'vwRORrGO']) expect((await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=${g}`, { token })).status).toBe(200);
    expect(await liveAccounts(admin._id)).toEqual(['pool', 'pool']);
    // Its details page lists no account below it.
    const kids = await call(h, 'GET', `/api/admins/${admin._id}/children`, { token: root });
    expect(kids.status === 404 || (kids.json.data as unknown[]).length === 0, JSON.stringify(kids.json)).toBe(true);

    await fund(h, admin._id, 120, 'admin');
    const add = await call(h, 'POST', '/api/live/addbalance', { token, body: { adminId: admin._id, gameId: 'MNOQqWWi', balance: 120, type: 'add' } });
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    expect(await balanceCents(h, admin._id)).toBe(0n);

    const held = await call(h, 'DELETE', `/api/admins/${admin._id}`, { token: root });
    expect([held.status, held.json.code, held.json.message]).toEqual([409, 'poolHoldsPoints', 'Fun Target pool holds 120.00 points: reset it first.']);
    expect(await liveAccounts(admin._id)).toEqual(['pool', 'pool']);

    // Reset it, take the points back from the admin: the delete goes through and takes the pools along.
    expect((await call(h, 'POST', '/api/live/addbalance', { token, body: { adminId: admin._id, gameId: 'MNOQqWWi', type: 'remove' } })).status).toBe(200);
    const adjust = await call(h, 'POST', '/api/admins/credit-adjust', {
      token: root,
      body: { userId: h.root.id, password: SUPERADMIN_PASSWORD, adjustAmount: 120, transactionType: 'credit', toUserId: admin._id },
    });
    expect(adjust.status, JSON.stringify(adjust.json)).toBe(200);
    const gone = await call(h, 'DELETE', `/api/admins/${admin._id}`, { token: root });
    expect(gone.status, JSON.stringify(gone.json)).toBe(200);
    expect(await liveAccounts(admin._id)).toEqual([]);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM game_pools WHERE admin_id = $1`, [admin._id]))[0].n).toBe(2);
  });

  it('a pool below zero (a forced result it could not cover) blocks the delete too', async () => {
    const root = h.root.token;
    const admin = await createAs(h, root, 'admin', h.root.id, { games: [await gameDbId('MNOQqWWi')] });
    const token = await loginAs(h, admin.username);
    expect((await call(h, 'GET', `/api/live/loadgame?adminId=${admin._id}&gameId=MNOQqWWi`, { token })).status).toBe(200);
    // What a forced result paid beyond the pool, as the engine moves it (here to the admin, then taken back).
    const [pool] = await h.db.query(`SELECT account_id FROM game_pools WHERE admin_id = $1`, [admin._id]);
    await h.db.transaction((tx) => move(tx, { from: Number(pool.account_id), to: Number(admin._id), cents: 500n, kind: 'win', actor: Number(admin._id), message: 'forced' }));
    const adjust = await call(h, 'POST', '/api/admins/credit-adjust', {
      token: root,
      body: { userId: h.root.id, password: SUPERADMIN_PASSWORD, adjustAmount: 5, transactionType: 'credit', toUserId: admin._id },
    });
    expect(adjust.status, JSON.stringify(adjust.json)).toBe(200);
    const r = await call(h, 'DELETE', `/api/admins/${admin._id}`, { token: root });
    expect([r.status, r.json.code, r.json.message]).toEqual([409, 'poolBelowZero', 'Fun Target pool is 5.00 points below zero: add balance to it first.']);
    expect(await liveAccounts(admin._id)).toEqual(['pool']);
  });
});
