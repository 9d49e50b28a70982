import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES } from '../../domain/creditValidation';
import { CHAIN, TIERS, tierOf, type Role } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import {
  balanceCents,
  buildChain,
  call,
  callSafe,
  createAs,
  createUnder,
  createChain,
  engineAvailable,
  generate,
  ledgerCount,
  loginAs,
  stateSnapshot,
  startHarness,
  SUPERADMIN_PASSWORD,
  type Chain,
  type Harness,
} from './harness';

interface CreditData {
  transactionId: string;
  replayed: boolean;
  sender: { _id: string; walletBalance: number };
  receiver: { _id: string; walletBalance: number } | null;
}

describe.runIf(engineAvailable())('credit: transfer, adjust, generation and burn', () => {
  let h: Harness;
  let c: Chain;
  let b: Awaited<ReturnType<typeof createChain>>;
  const pw = (role: Role) => (role === 'superadmin' ? SUPERADMIN_PASSWORD : 'secret-pass');

  beforeAll(async () => {
    h = await startHarness();
    c = await buildChain(h);
    b = await createChain(h);
  });
  afterEach(async () => {
    const inv = await checkInvariant(h.db);
    expect(inv, 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  const tok = (role: Role) => c.tokens[role as keyof Chain['tokens']];
  const idOf = (role: Role) => (role === 'superadmin' ? h.root.id : c.byRole[role]!._id);
  const transfer = (as: Role, tier: Role, toUserId: unknown, transferAmount: unknown, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    callSafe(h, 'POST', `/api${tierOf(tier).api}/credit-transfer`, {
      token: tok(as),
      body: { userId: idOf(as), password: pw(as), transferAmount, toUserId, ...extra },
      ...(headers ? { headers } : {}),
    });
  const adjust = (
    as: Role,
    tier: Role,
    toUserId: unknown,
    adjustAmount: unknown,
    transactionType: unknown,
    extra: Record<string, unknown> = {},
    headers?: Record<string, string>,
  ) =>
    callSafe(h, 'POST', `/api${tierOf(tier).api}/credit-adjust`, {
      token: tok(as),
      body: { userId: idOf(as), password: pw(as), adjustAmount, transactionType, toUserId, ...extra },
      ...(headers ? { headers } : {}),
    });
  const lastTx = async () =>
    (
      await h.db.query(
        `SELECT t.id::text AS id, from_id::text AS "from", to_id::text AS "to", amount::text AS amount, kind, actor_id::text AS actor,
                from_balance_after::text AS "fromAfter", to_balance_after::text AS "toAfter", idempotency_key AS key
         FROM transactions t ORDER BY t.id DESC LIMIT 1`,
      )
    )[0];

  describe('superadmin generation and burn (POST /superadmins/credit-adjust, toUserId = itself)', () => {
    it('credit generates points into its wallet: a "generated" ledger row', async () => {
      const before = await balanceCents(h, h.root.id);
      const r = await adjust('superadmin', 'superadmin', h.root.id, 123456789.99, 'credit');
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ success: true, message: CREDIT_MESSAGES.adjust.success });
      const d = r.json.data as CreditData;
      expect(d.sender).toEqual({ _id: h.root.id, walletBalance: Number(before + 12345678999n) / 100 });
      expect(d.receiver).toBeNull();
      expect(await balanceCents(h, h.root.id)).toBe(before + 12345678999n);
      expect(await lastTx()).toMatchObject({ id: d.transactionId, from: null, to: h.root.id, amount: '12345678999', kind: 'generated', actor: h.root.id });
      const inv = await checkInvariant(h.db);
      expect(inv.created).toBe(inv.balances);
    });

    it('debit burns points; more than the wallet holds answers 409 and burns nothing', async () => {
      const before = await balanceCents(h, h.root.id);
      const r = await adjust('superadmin', 'superadmin', h.root.id, 250.5, 'debit');
      expect(r.status).toBe(200);
      expect((r.json.data as CreditData).sender.walletBalance).toBe(Number(before - 25050n) / 100);
      expect(await lastTx()).toMatchObject({ from: h.root.id, to: null, amount: '25050', kind: 'burned' });
      const snap = await stateSnapshot(h);
      const all = Number(await balanceCents(h, h.root.id)) / 100;
      const tooMuch = await adjust('superadmin', 'superadmin', h.root.id, all + 0.01, 'debit');
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.json).toMatchObject({ success: false, message: CREDIT_MESSAGES.insufficient });
      expect(await stateSnapshot(h)).toBe(snap);
    });

    it('transactionType defaults to credit; another value, a wrong password or no password is refused', async () => {
      const before = await balanceCents(h, h.root.id);
      const r = await callSafe(h, 'POST', '/api/superadmins/credit-adjust', { token: h.root.token, body: { password: SUPERADMIN_PASSWORD, adjustAmount: 10, toUserId: h.root.id } });
      expect(r.status).toBe(200);
      expect(await balanceCents(h, h.root.id)).toBe(before + 1000n);
      const snap = await stateSnapshot(h);
      expect((await adjust('superadmin', 'superadmin', h.root.id, 10, 'gift')).status).toBe(400);
      const wrong = await adjust('superadmin', 'superadmin', h.root.id, 10, 'credit', { password: 'not-it' });
      expect(wrong.status).toBe(400);
      expect(wrong.json.success).toBe(false);
      const none = await adjust('superadmin', 'superadmin', h.root.id, 10, 'credit', { password: undefined });
      expect(none.status).toBe(400);
      expect(none.json.message).toBe(CREDIT_MESSAGES.adjust.password);
      expect(await stateSnapshot(h)).toBe(snap);
    });

    it('nobody else creates points: every other role adjusting itself is refused, nothing created', async () => {
      const snap = await stateSnapshot(h);
      for (const role of CHAIN.filter((r) => r !== 'superadmin')) {
        expect((await adjust(role, role, idOf(role), 100, 'credit')).status, `${role} on its own tier`).toBe(403);
        expect((await adjust(role, 'superadmin', idOf(role), 100, 'credit')).status, `${role} on /superadmins`).toBe(403);
        expect((await adjust(role, 'superadmin', h.root.id, 100, 'credit')).status, `${role} naming the superadmin`).toBe(403);
      }
      // The superadmin cannot generate into another account through its own tier either.
      expect((await adjust('superadmin', 'superadmin', c.admin._id, 100, 'credit')).status).toBe(403);
      expect(await stateSnapshot(h)).toBe(snap);
    });
  });

  describe('credit-transfer', () => {
    beforeAll(async () => {
      await generate(h, 10_000);
    });

    it('moves points down the chain, each level from its own wallet, with one ledger row each', async () => {
      const steps: [Role, Role, number][] = [
        ['superadmin', 'admin', 1000],
        ['admin', 'superareamanager', 500],
        ['superareamanager', 'areamanager', 250],
        ['areamanager', 'master', 125],
        ['master', 'player', 62.5],
      ];
      for (const [from, to, amount] of steps) {
        const fromBefore = await balanceCents(h, idOf(from));
        const toBefore = await balanceCents(h, idOf(to));
        const rows = await ledgerCount(h);
        const r = await transfer(from, to, idOf(to), amount);
        expect(r.status, `${from} → ${to}`).toBe(200);
        expect(r.json).toMatchObject({ success: true, message: CREDIT_MESSAGES.transfer.success });
        const cents = BigInt(Math.round(amount * 100));
        const d = r.json.data as CreditData;
        expect(d.transactionId).toMatch(/^\d+$/);
        expect(d.replayed).toBe(false);
        expect(d.sender).toEqual({ _id: idOf(from), walletBalance: Number(fromBefore - cents) / 100 });
        expect(d.receiver).toEqual({ _id: idOf(to), walletBalance: Number(toBefore + cents) / 100 });
        expect(await balanceCents(h, idOf(from))).toBe(fromBefore - cents);
        expect(await balanceCents(h, idOf(to))).toBe(toBefore + cents);
        expect(await ledgerCount(h)).toBe(rows + 1);
        expect(await lastTx()).toEqual({
          id: d.transactionId,
          from: idOf(from),
          to: idOf(to),
          amount: String(cents),
          kind: 'transfer',
          actor: idOf(from),
          fromAfter: String(fromBefore - cents),
          toAfter: String(toBefore + cents),
          key: null,
        });
      }
      // Everyone's wallet through credit/loadcredit.
      const pl = await callSafe(h, 'GET', '/api/credit/loadcredit', { token: tok('player') });
      expect(pl.json.data).toEqual([{ _id: c.player._id, walletBalance: 62.5 }]);
    });

    it('keeps decimal amounts exact (12.34; 0.1 + 0.2 = 0.3)', async () => {
      const p = await createAs(h, h.root.token, 'player', c.master._id);
      const m0 = await balanceCents(h, c.master._id);
      expect((await transfer('master', 'player', p._id, 12.34)).status).toBe(200);
      expect(await balanceCents(h, p._id)).toBe(1234n);
      const q = await createAs(h, h.root.token, 'player', c.master._id);
      expect((await transfer('master', 'player', q._id, 0.1)).status).toBe(200);
      const r = await transfer('master', 'player', q._id, 0.2);
      expect((r.json.data as CreditData).receiver?.walletBalance).toBe(0.3);
      expect(await balanceCents(h, q._id)).toBe(30n);
      expect(await balanceCents(h, c.master._id)).toBe(m0 - 1264n);
      const one = await callSafe(h, 'GET', `/api/player/${p._id}`, { token: tok('master') });
      expect(one.json.data).toMatchObject({ walletBalance: 12.34, wallet: [{ individualCredit: 12.34 }] });
      // Trailing zeros are fine: 2 decimals at most once normalised.
      expect((await transfer('master', 'player', q._id, 1.1)).status).toBe(200);
      expect(await balanceCents(h, q._id)).toBe(140n);
    });

    it('reaches the system accounts (gift, loan, otc) from the superadmin', async () => {
      for (const t of TIERS.filter((x) => x.kind === 'system')) {
        const id = String((await h.db.query(`SELECT id FROM accounts WHERE role = $1 ORDER BY id LIMIT 1`, [t.role]))[0].id);
        const before = await balanceCents(h, id);
        const r = await transfer('superadmin', t.role, id, 3.33);
        expect(r.status, t.role).toBe(200);
        expect(await balanceCents(h, id)).toBe(before + 333n);
      }
    });

    it('answers the credit form’s message for an invalid amount and for a missing password; nothing moves', async () => {
      const snap = await stateSnapshot(h);
      for (const amount of [0, -5, 'abc', 1.234, '', null, undefined, '1e3', 1e20, Number.NaN, [5], { a: 5 }, true, '0.00', -0.01]) {
        const r = await transfer('admin', 'superareamanager', c.sam._id, amount);
        expect(r.status, JSON.stringify(amount) ?? 'undefined').toBe(400);
        expect(r.json).toMatchObject({ success: false, code: 'transferAmountInvalid', message: CREDIT_MESSAGES.transfer.amount, field: 'transferAmount' });
      }
      for (const password of ['', undefined, null, 1234]) {
        const r = await transfer('admin', 'superareamanager', c.sam._id, 5, { password });
        expect(r.status).toBe(400);
        expect(r.json).toMatchObject({ success: false, code: 'transferPasswordRequired', message: CREDIT_MESSAGES.transfer.password, field: 'password' });
      }
      // The amount is checked first.
      expect((await transfer('admin', 'superareamanager', c.sam._id, 0, { password: '' })).json.message).toBe(CREDIT_MESSAGES.transfer.amount);
      expect(await stateSnapshot(h)).toBe(snap);
    });

    it('refuses a wrong password with 400 and moves nothing', async () => {
      const snap = await stateSnapshot(h);
      const r = await transfer('admin', 'superareamanager', c.sam._id, 5, { password: 'wrong-pass' });
      expect(r.status).toBe(400);
      expect(r.json.success).toBe(false);
      expect(r.json.message).toBeTruthy();
      expect(await stateSnapshot(h)).toBe(snap);
    });

    it('refuses more than the wallet holds with 409 and moves nothing', async () => {
      const have = await balanceCents(h, c.am._id);
      expect(have).toBeGreaterThan(0n);
      const snap = await stateSnapshot(h);
      const r = await transfer('areamanager', 'master', c.master._id, Number(have + 1n) / 100);
      expect(r.status).toBe(409);
      expect(r.json).toEqual({ success: false, message: CREDIT_MESSAGES.insufficient, code: 'insufficientBalance', params: {} });
      expect(await stateSnapshot(h)).toBe(snap);
      // Exactly the whole wallet is fine.
      const all = await transfer('areamanager', 'master', c.master._id, Number(have) / 100);
      expect(all.status).toBe(200);
      expect(await balanceCents(h, c.am._id)).toBe(0n);
      expect((await transfer('areamanager', 'master', c.master._id, 0.01)).status).toBe(409);
    });

    it('spends only the caller wallet: a userId of someone else answers 403, nothing moves', async () => {
      const snap = await stateSnapshot(h);
      for (const userId of [c.sam._id, h.root.id, b.admin._id, 'abc']) {
        const r = await transfer('admin', 'superareamanager', c.sam._id, 5, { userId });
        expect(r.status, String(userId)).toBe(403);
        expect(r.json.success).toBe(false);
      }
      expect((await adjust('admin', 'superareamanager', c.sam._id, 1, 'debit', { userId: h.root.id })).status).toBe(403);
      expect(await stateSnapshot(h)).toBe(snap);
      // userId may be left out: the session names the sender.
      const r = await transfer('admin', 'superareamanager', c.sam._id, 1, { userId: undefined });
      expect(r.status).toBe(200);
      expect((r.json.data as CreditData).sender._id).toBe(c.admin._id);
    });

    it('refuses receivers outside the subtree (403), unknown or of another tier (404), inactive (409)', async () => {
      const snap = await stateSnapshot(h);
      expect((await transfer('admin', 'superareamanager', b.superareamanager._id, 1)).status).toBe(403);
      expect((await transfer('admin', 'player', b.player._id, 1)).status).toBe(403);
      expect((await transfer('admin', 'player', '98765432', 1)).status).toBe(404);
      expect((await transfer('admin', 'player', undefined, 1)).status).toBe(404);
      expect((await transfer('admin', 'player', c.master._id, 1)).status).toBe(404);
      expect(await stateSnapshot(h)).toBe(snap);
      const p = await createAs(h, h.root.token, 'player', c.master._id);
      expect((await call(h, 'PATCH', `/api/player/toggle-status/${p._id}/deactivate`, { token: h.root.token })).status).toBe(200);
      const snap2 = await stateSnapshot(h);
      const r = await transfer('admin', 'player', p._id, 1);
      expect(r.status).toBe(409);
      expect(r.json.success).toBe(false);
      expect((await adjust('admin', 'player', p._id, 1, 'debit')).status).toBe(409);
      expect(await stateSnapshot(h)).toBe(snap2);
    });
  });

  describe('credit-adjust on another account', () => {
    it('credit takes points back into the caller wallet; debit gives; both exact', async () => {
      const m = await createUnder(h, h.root.token, 'master', c.am._id);
      await generate(h, 100);
      expect((await transfer('superadmin', 'areamanager', c.am._id, 100)).status).toBe(200);
      const amBefore = await balanceCents(h, c.am._id);
      const give = await adjust('areamanager', 'master', m._id, 40.4, 'debit');
      expect(give.status).toBe(200);
      expect(give.json).toMatchObject({
        success: true,
        message: CREDIT_MESSAGES.adjust.success,
        data: { sender: { _id: c.am._id, walletBalance: Number(amBefore - 4040n) / 100 }, receiver: { _id: m._id, walletBalance: 40.4 } },
      });
      expect(await lastTx()).toMatchObject({ from: c.am._id, to: m._id, amount: '4040', kind: 'adjust', actor: c.am._id });
      const take = await adjust('areamanager', 'master', m._id, 15.15, 'credit');
      expect(take.status).toBe(200);
      expect(take.json).toMatchObject({ data: { sender: { _id: c.am._id, walletBalance: Number(amBefore - 2525n) / 100 }, receiver: { _id: m._id, walletBalance: 25.25 } } });
      expect(await lastTx()).toMatchObject({ from: m._id, to: c.am._id, amount: '1515', kind: 'adjust', actor: c.am._id });
      expect(await balanceCents(h, m._id)).toBe(2525n);
      expect(await balanceCents(h, c.am._id)).toBe(amBefore - 2525n);

      const snap = await stateSnapshot(h);
      const tooMuch = await adjust('areamanager', 'master', m._id, 25.26, 'credit');
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.json.message).toBe(CREDIT_MESSAGES.insufficient);
      expect((await adjust('areamanager', 'master', m._id, 5, 'credit', { password: 'wrong' })).status).toBe(400);
      expect((await adjust('areamanager', 'master', m._id, 5, 'sideways')).status).toBe(400);
      expect(await stateSnapshot(h)).toBe(snap);
    });

    it('answers the adjust messages for an invalid amount or a missing password; nothing moves', async () => {
      const snap = await stateSnapshot(h);
      for (const amount of [0, -1, 'abc', 1.234, '', null, undefined]) {
        const r = await adjust('admin', 'superareamanager', c.sam._id, amount, 'credit');
        expect(r.status).toBe(400);
        expect(r.json).toMatchObject({ success: false, code: 'adjustAmountInvalid', message: CREDIT_MESSAGES.adjust.amount, field: 'adjustAmount' });
      }
      for (const password of ['', undefined]) {
        const r = await adjust('admin', 'superareamanager', c.sam._id, 1, 'debit', { password });
        expect(r.status).toBe(400);
        expect(r.json).toMatchObject({ success: false, code: 'adjustPasswordRequired', message: CREDIT_MESSAGES.adjust.password, field: 'password' });
      }
      expect(await stateSnapshot(h)).toBe(snap);
    });
  });

  describe('Idempotency-Key', () => {
    it('the same key twice moves points once; the second reply is the replay of the first', async () => {
      await generate(h, 100);
      const p = await createAs(h, h.root.token, 'player', c.master._id);
      const key = { 'idempotency-key': 'transfer-abc-1' };
      const first = await transfer('superadmin', 'player', p._id, 9.99, {}, key);
      expect(first.status).toBe(200);
      expect((first.json.data as CreditData).replayed).toBe(false);
      const rows = await ledgerCount(h);
      const rootAfter = await balanceCents(h, h.root.id);
      const second = await transfer('superadmin', 'player', p._id, 9.99, {}, key);
      expect(second.status).toBe(200);
      expect(second.json.success).toBe(true);
      const d1 = first.json.data as CreditData;
      const d2 = second.json.data as CreditData;
      expect(d2.replayed).toBe(true);
      expect(d2.transactionId).toBe(d1.transactionId);
      expect(d2.sender).toEqual(d1.sender);
      expect(d2.receiver).toEqual(d1.receiver);
      expect(await ledgerCount(h)).toBe(rows);
      expect(await balanceCents(h, p._id)).toBe(999n);
      expect(await balanceCents(h, h.root.id)).toBe(rootAfter);
      expect(await lastTx()).toMatchObject({ id: d1.transactionId, key: 'transfer-abc-1' });
      // Another key moves again.
      expect((await transfer('superadmin', 'player', p._id, 9.99, {}, { 'idempotency-key': 'transfer-abc-2' })).status).toBe(200);
      expect(await balanceCents(h, p._id)).toBe(1998n);
    });

    it('replays adjustments and child-route calls too; a reused key never moves points again', async () => {
      const p = await createAs(h, h.root.token, 'player', c.master._id);
      await generate(h, 50);
      const key = { 'idempotency-key': 'adj-1' };
      expect((await adjust('superadmin', 'player', p._id, 20, 'debit', {}, key)).status).toBe(200);
      expect((await adjust('superadmin', 'player', p._id, 20, 'debit', {}, key)).json.data).toMatchObject({ replayed: true });
      expect(await balanceCents(h, p._id)).toBe(2000n);
      const mToken = tok('master');
      const url = `/api/master/${c.master._id}/children/${p._id}/credit-transfer`;
      const body = { userId: c.master._id, password: 'secret-pass', transferAmount: 1.5, toUserId: p._id };
      expect((await callSafe(h, 'POST', url, { token: mToken, body, headers: { 'idempotency-key': 'child-1' } })).status).toBe(200);
      const again = await callSafe(h, 'POST', url, { token: mToken, body, headers: { 'idempotency-key': 'child-1' } });
      expect((again.json.data as CreditData).replayed).toBe(true);
      expect(await balanceCents(h, p._id)).toBe(2150n);
      // A reused key with another body still moves nothing.
      const snap = await stateSnapshot(h);
      const reused = await adjust('superadmin', 'player', p._id, 5, 'credit', {}, key);
      expect(reused.status).toBeLessThan(500);
      expect(await stateSnapshot(h)).toBe(snap);
    });

    it('keys belong to their caller: another operator may use the same key', async () => {
      const p = await createAs(h, h.root.token, 'player', c.master._id);
      await generate(h, 10);
      expect((await transfer('superadmin', 'master', c.master._id, 5, {}, { 'idempotency-key': 'shared-key' })).status).toBe(200);
      const r = await transfer('master', 'player', p._id, 2, {}, { 'idempotency-key': 'shared-key' });
      expect(r.status).toBe(200);
      expect((r.json.data as CreditData).replayed).toBe(false);
      expect(await balanceCents(h, p._id)).toBe(200n);
    });

    it('a wrong password is refused even with a used key; an over-long key answers 400', async () => {
      const snap = await stateSnapshot(h);
      const r = await transfer('superadmin', 'master', c.master._id, 5, { password: 'nope' }, { 'idempotency-key': 'shared-key' });
      expect(r.status).toBe(400);
      const long = await transfer('superadmin', 'master', c.master._id, 5, {}, { 'idempotency-key': 'k'.repeat(101) });
      expect(long.status).toBe(400);
      expect(await stateSnapshot(h)).toBe(snap);
    });
  });

  it('a logged-in player cannot move points at all', async () => {
    const pToken = await loginAs(h, c.player.username);
    const snap = await stateSnapshot(h);
    for (const t of TIERS) {
      const body = { userId: c.player._id, password: 'secret-pass', transferAmount: 1, adjustAmount: 1, transactionType: 'debit', toUserId: c.player._id };
      expect((await call(h, 'POST', `/api${t.api}/credit-transfer`, { token: pToken, body })).status, t.api).toBe(403);
      expect((await call(h, 'POST', `/api${t.api}/credit-adjust`, { token: pToken, body })).status, t.api).toBe(403);
    }
    expect(await stateSnapshot(h)).toBe(snap);
  });

  it('every balance equals its ledger rows, and Σ balances = generated − burned', async () => {
    const inv = await checkInvariant(h.db);
    expect(inv).toMatchObject({ ok: true, mismatched: 0 });
    expect(inv.balances).toBeGreaterThan(0n);
  });
});
