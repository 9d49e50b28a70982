import { describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import { call, createAs, engineAvailable, generate, SUPERADMIN_PASSWORD, useHarness, validBody } from './harness';

// The default engine is one embedded connection: requests that overlap (transactions of account
// creation beside single-statement transfers) must queue, never interleave or fail.
describe.runIf(engineAvailable())('overlapping requests on one database', () => {
  const h = useHarness();

  it('creates accounts and moves points at the same time without a 5xx or a lost point', async () => {
    await generate(h, 1000);
    const admins = await Promise.all(Array.from({ length: 4 }, () => createAs(h, h.root.token, 'admin', h.root.id)));
    const work: Promise<{ kind: string; status: number }>[] = [];
    const tag = (kind: string, r: Promise<{ status: number }>) => r.then(({ status }) => ({ kind, status }));
    for (let i = 0; i < 40; i++) {
      const admin = admins[i % admins.length];
      work.push(
        tag('transfer', call(h, 'POST', '/api/admins/credit-transfer', {
          token: h.root.token,
          body: { password: SUPERADMIN_PASSWORD, transferAmount: 5, toUserId: admin._id },
        })),
      );
      if (i % 4 === 0)
        work.push(tag('create', call(h, 'POST', '/api/superareamanager/create', { token: h.root.token, body: validBody('superareamanager', { refId: admin._id }) })));
      if (i % 5 === 0)
        work.push(
          tag('take back', call(h, 'POST', '/api/admins/credit-adjust', {
            token: h.root.token,
            body: { password: SUPERADMIN_PASSWORD, adjustAmount: 1, transactionType: 'credit', toUserId: admin._id },
          })),
        );
    }
    const results = await Promise.all(work);
    const count = (kind: string, status: number) => results.filter((r) => r.kind === kind && r.status === status).length;
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(count('create', 201)).toBe(10);
    expect(count('transfer', 200)).toBe(40);
    // A take-back may land before any transfer to that admin: 409, nothing moved.
    const tookBack = count('take back', 200);
    expect(tookBack + count('take back', 409)).toBe(8);
    const inv = await checkInvariant(h.db);
    expect(inv).toMatchObject({ ok: true, balances: 100000n });
    const total = await h.db.query(`SELECT sum(wallet_balance)::text AS s FROM accounts WHERE role = 'admin'`);
    expect(BigInt(String(total[0].s))).toBe(BigInt(40 * 500 - tookBack * 100));
  });
});
