import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant, move } from '../../server/credit/ledger';
import { balanceCents, createChain, engineAvailable, fund, startHarness, type Harness } from './harness';

describe.runIf(engineAvailable())('the ledger inside a caller’s transaction', () => {
  let h: Harness;
  let ids: { admin: number; sam: number; am: number };
  beforeAll(async () => {
    h = await startHarness();
    const c = await createChain(h);
    ids = { admin: Number(c.admin._id), sam: Number(c.superareamanager._id), am: Number(c.areamanager._id) };
    await fund(h, c.admin._id, 100, 'admin');
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  const rows = async () => Number((await h.db.query(`SELECT count(*)::int AS n FROM transactions`))[0].n);
  const actor = () => ids.admin;

  it('rolls two movements and another write back together', async () => {
    const [before, n] = [await balanceCents(h, ids.admin), await rows()];
    await expect(
      h.db.transaction(async (tx) => {
        await move(tx, { from: ids.admin, to: ids.sam, cents: 1_000n, kind: 'transfer', actor: actor(), message: 'a' });
        await move(tx, { from: ids.sam, to: ids.am, cents: 500n, kind: 'transfer', actor: actor(), message: 'b' });
        await tx.query(`UPDATE accounts SET note = 'changed' WHERE id = $1`, [ids.am]);
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect([await balanceCents(h, ids.admin), await rows()]).toEqual([before, n]);
    expect((await h.db.query(`SELECT note FROM accounts WHERE id = $1`, [ids.am]))[0].note).not.toBe('changed');
  });

  it('commits them together', async () => {
    const before = await balanceCents(h, ids.am);
    await h.db.transaction(async (tx) => {
      await move(tx, { from: ids.admin, to: ids.sam, cents: 1_000n, kind: 'transfer', actor: actor(), message: 'a' });
      await move(tx, { from: ids.sam, to: ids.am, cents: 500n, kind: 'transfer', actor: actor(), message: 'b' });
    });
    expect(await balanceCents(h, ids.am)).toBe(before + 500n);
  });

  it('keeps the caller’s transaction usable when an idempotent movement fails under its savepoint', async () => {
    await move(h.db, { from: ids.admin, to: ids.sam, cents: 100n, kind: 'transfer', actor: actor(), message: 'first', idempotencyKey: 'outer-tx-key' });
    const before = await balanceCents(h, ids.am);
    await h.db.transaction(async (tx) => {
      // The same key for another amount: refused (422), and the transaction goes on.
      await expect(
        move(tx, { from: ids.admin, to: ids.sam, cents: 999n, kind: 'transfer', actor: actor(), message: 'again', idempotencyKey: 'outer-tx-key' }),
      ).rejects.toMatchObject({ statusCode: 422 });
      await move(tx, { from: ids.admin, to: ids.am, cents: 300n, kind: 'transfer', actor: actor(), message: 'after' });
    });
    expect(await balanceCents(h, ids.am)).toBe(before + 300n);
  });
});
