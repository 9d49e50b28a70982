import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { requiredMessage } from '../../domain/accountValidation';
import { CREDIT_MESSAGES } from '../../domain/creditValidation';
import { CHAIN, childTierOf, TIERS, tierOf, type Role, type TierDef } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import {
  balanceCents,
  buildChain,
  call,
  callSafe,
  createAs,
  createChain,
  editSecrets,
  engineAvailable,
  fund,
  generate,
  ledgerCount,
  stateSnapshot,
  startHarness,
  SUPERADMIN_PASSWORD,
  validBody,
  type Chain,
  type Harness,
} from './harness';

type Rec = AccountRecord;

/** Every chain tier that has a tier below it, with that child tier. */
const PARENT_TIERS = TIERS.filter((t) => t.kind === 'chain' && childTierOf(t.role)).map((t) => ({ parent: t, child: childTierOf(t.role) as TierDef }));

describe.runIf(engineAvailable())('children calls', () => {
  let h: Harness;
  let c: Chain;
  let b: Awaited<ReturnType<typeof createChain>>;
  let A: Record<string, { _id: string; username: string }>;
  let B: Record<string, { _id: string; username: string }>;
  const passwordOf = (role: Role) => (role === 'superadmin' ? SUPERADMIN_PASSWORD : 'secret-pass');

  beforeAll(async () => {
    // The superadmin's wrong password in each parent tier's transfer test counts as one more consecutive failure
    // (its session's proven password skips the counter on the successes between): one per parent tier must pass.
    h = await startHarness({ lockoutThreshold: PARENT_TIERS.length });
    c = await buildChain(h);
    b = await createChain(h);
    A = { superadmin: { _id: h.root.id, username: 'superadmin' }, ...c.byRole };
    B = { superadmin: A.superadmin, ...b };
    await generate(h, 50_000);
    for (const { parent } of PARENT_TIERS.filter((p) => p.parent.role !== 'superadmin')) await fund(h, A[parent.role]._id, 1000, parent.role);
  });
  afterAll(() => h?.close());

  it('the registry gives children calls to every chain tier but the player', () => {
    expect(CHAIN.at(-1)).toBe('player');
    expect(PARENT_TIERS.map((p) => p.parent.role)).toEqual(CHAIN.slice(0, -1));
  });

  for (const { parent: P, child: C } of PARENT_TIERS) {
    // The parent itself works on its children; the superadmin does so for every parent below it.
    const callers: Role[] = P.role === 'superadmin' ? ['superadmin'] : [P.role, 'superadmin'];
    for (const callerRole of callers) {
      describe(`${P.api}/{id}/children… as ${callerRole === P.role ? `the ${P.role} itself` : 'the superadmin'}`, () => {
        const token = () => c.tokens[callerRole as keyof Chain['tokens']];
        const me = () => A[callerRole];
        const parentId = () => A[P.role]._id;
        const base = () => `/api${P.api}/${parentId()}/children`;
        const transferBody = (childId: string, amount: unknown) => ({ userId: me()._id, password: passwordOf(callerRole), transferAmount: amount, toUserId: childId });
        const adjustBody = (childId: string, amount: unknown, transactionType: 'credit' | 'debit') => ({
          userId: me()._id,
          password: passwordOf(callerRole),
          adjustAmount: amount,
          transactionType,
          toUserId: childId,
        });
        const makeChild = async (extra: Record<string, unknown> = {}) => {
          const r = await callSafe(h, 'POST', base(), { token: token(), body: { childAdminData: validBody(C.role, extra), parentAdminId: parentId() } });
          if (r.status !== 201) throw new Error(`child create: ${r.status} ${JSON.stringify(r.json)}`);
          return r.json.data as Rec;
        };
        /** A child-tier account inside the caller's subtree that is not a child of this parent. */
        const notAChild = (): { id: string; status: number } => {
          if (P.role === 'superadmin' || callerRole === P.role) {
            // One level further down: of another tier, so not a child either.
            const grand = childTierOf(C.role);
            // A master has nothing of the player tier in its subtree but its own children: another master's player is outside (403).
            return grand ? { id: A[grand.role]._id, status: 404 } : { id: B[C.role]._id, status: 403 };
          }
          return { id: B[C.role]._id, status: 404 };
        };

        it('POST creates a child (201) under the route parent, whatever the body says', async () => {
          const before = await h.db.query(`SELECT count(*)::int AS n FROM accounts WHERE parent_id = $1`, [Number(parentId())]);
          const elsewhere = P.role === 'superadmin' ? undefined : B[P.role]._id;
          const r = await callSafe(h, 'POST', base(), {
            token: token(),
            body: { childAdminData: validBody(C.role, { city: 'Surat', ...(elsewhere ? { refId: elsewhere } : {}) }), parentAdminId: elsewhere ?? parentId() },
          });
          expect(r.status).toBe(201);
          expect(r.json).toMatchObject({ success: true, message: 'User created successfully!' });
          const rec = r.json.data as Rec;
          expect(rec).toMatchObject({ role: C.role, city: 'Surat', userStatus: true, walletBalance: 0, refId: { _id: parentId(), username: A[P.role].username } });
          expect(rec.username).toMatch(new RegExp(`^${C.usernamePrefix}\\d+$`));
          const after = await h.db.query(`SELECT count(*)::int AS n FROM accounts WHERE parent_id = $1`, [Number(parentId())]);
          expect(Number(after[0].n)).toBe(Number(before[0].n) + 1);
          // The flat body (no childAdminData) is accepted too.
          const flat = await callSafe(h, 'POST', base(), { token: token(), body: validBody(C.role) });
          expect(flat.status).toBe(201);
          expect((flat.json.data as Rec).refId?._id).toBe(parentId());
        });

        it('POST validates the child fields: 400 with the message, nothing written', async () => {
          const required = C.createFields.find((f) => f.required && f.name !== 'refId')!;
          const data = validBody(C.role);
          delete data[required.name];
          const before = await stateSnapshot(h);
          const r = await callSafe(h, 'POST', base(), { token: token(), body: { childAdminData: data, parentAdminId: parentId() } });
          expect(r.status).toBe(400);
          expect(r.json).toMatchObject({ success: false, message: requiredMessage(required), field: required.name });
          expect(await stateSnapshot(h)).toBe(before);
        });

        it('GET lists exactly the direct children, with paging and search', async () => {
          await makeChild();
          await makeChild();
          const expected = (
            await h.db.query(`SELECT id::text AS sid FROM accounts WHERE parent_id = $1 AND role = $2 AND deleted_at IS NULL ORDER BY id`, [Number(parentId()), C.role])
          ).map((r) => String(r.sid));
          const r = await callSafe(h, 'GET', base(), { token: token() });
          expect(r.status).toBe(200);
          const data = r.json.data as Rec[];
          expect(data.map((a) => a._id).sort()).toEqual([...expected].sort());
          expect(data.every((a) => a.role === C.role && a.refId?._id === parentId())).toBe(true);
          expect(r.json.total).toBe(expected.length);
          expect(r.headers['x-total-count']).toBe(String(expected.length));
          const page2 = await callSafe(h, 'GET', `${base()}?page=2&perPage=1&sort=_id&order=ASC`, { token: token() });
          expect((page2.json.data as Rec[]).map((a) => a._id)).toEqual([expected[1]]);
          expect(page2.headers['content-range']).toBe(`${C.role} 1-1/${expected.length}`);
          const one = data[0];
          const found = await callSafe(h, 'GET', `${base()}?search=${one.username.toLowerCase()}`, { token: token() });
          expect((found.json.data as Rec[]).map((a) => a._id)).toEqual([one._id]);
          expect((await call(h, 'GET', `${base()}?sort=nope`, { token: token() })).status).toBe(400);
        });

        it('GET and PUT one child; a child id that is not a child of that parent answers 404', async () => {
          const kid = await makeChild();
          const got = await callSafe(h, 'GET', `${base()}/${kid._id}`, { token: token() });
          expect(got.status).toBe(200);
          expect(got.json).toEqual({ success: true, data: kid });
          const up = await callSafe(h, 'PUT', `${base()}/${kid._id}`, { token: token(), body: { updatedFields: { ...editSecrets(C), city: 'Indore', occupation: 'Trader' } } });
          expect(up.status).toBe(200);
          expect(up.json.success).toBe(true);
          expect(up.json.message).toMatch(/updated successfully!$/);
          const expectedRec = { ...kid, city: 'Indore', occupation: C.editFields.some((f) => f.name === 'occupation') ? 'Trader' : kid.occupation };
          expect(up.json.data).toEqual(expectedRec);
          const emptied = C.editFields.find((f) => f.required)!;
          const bad = await callSafe(h, 'PUT', `${base()}/${kid._id}`, { token: token(), body: { updatedFields: { ...editSecrets(C), [emptied.name]: '' } } });
          expect(bad.status).toBe(400);
          expect(bad.json.message).toBe(requiredMessage(emptied));

          const { id: stranger, status } = notAChild();
          const before = await stateSnapshot(h);
          expect((await call(h, 'GET', `${base()}/${stranger}`, { token: token() })).status).toBe(status);
          expect((await call(h, 'GET', `${base()}/98765432`, { token: token() })).status).toBe(404);
          expect((await call(h, 'PUT', `${base()}/${stranger}`, { token: token(), body: { updatedFields: { city: 'X' } } })).status).toBe(status);
          expect((await call(h, 'PATCH', `${base()}/${stranger}/toggle-status/deactivate`, { token: token() })).status).toBe(status);
          expect((await call(h, 'DELETE', `/api${P.api}/${parentId()}/children/delete/${stranger}`, { token: token() })).status).toBe(status);
          expect((await call(h, 'POST', `${base()}/${stranger}/credit-transfer`, { token: token(), body: transferBody(stranger, 1) })).status).toBe(status);
          expect((await call(h, 'POST', `${base()}/${stranger}/credit-adjust`, { token: token(), body: adjustBody(stranger, 1, 'debit') })).status).toBe(status);
          expect(await stateSnapshot(h)).toBe(before);
        });

        it('credit-transfer to a child moves points from the caller, exactly, with a ledger row', async () => {
          const kid = await makeChild();
          const other = await makeChild();
          const callerBefore = await balanceCents(h, me()._id);
          const rows = await ledgerCount(h);
          // toUserId in the body cannot redirect the movement: the route names the child.
          const r = await callSafe(h, 'POST', `${base()}/${kid._id}/credit-transfer`, { token: token(), body: transferBody(other._id, 12.34) });
          expect(r.status).toBe(200);
          expect(r.json).toMatchObject({
            success: true,
            message: CREDIT_MESSAGES.transfer.success,
            data: { sender: { _id: me()._id, walletBalance: Number(callerBefore - 1234n) / 100 }, receiver: { _id: kid._id, walletBalance: 12.34 } },
          });
          expect(await balanceCents(h, kid._id)).toBe(1234n);
          expect(await balanceCents(h, other._id)).toBe(0n);
          expect(await balanceCents(h, me()._id)).toBe(callerBefore - 1234n);
          expect(await ledgerCount(h)).toBe(rows + 1);
          const tx = (await h.db.query(`SELECT from_id::text AS f, to_id::text AS t, amount::text AS a, kind FROM transactions ORDER BY id DESC LIMIT 1`))[0];
          expect(tx).toEqual({ f: me()._id, t: kid._id, a: '1234', kind: 'transfer' });

          const before = await stateSnapshot(h);
          const bad = await callSafe(h, 'POST', `${base()}/${kid._id}/credit-transfer`, { token: token(), body: transferBody(kid._id, 0) });
          expect(bad.status).toBe(400);
          expect(bad.json.message).toBe(CREDIT_MESSAGES.transfer.amount);
          const wrong = await callSafe(h, 'POST', `${base()}/${kid._id}/credit-transfer`, { token: token(), body: { ...transferBody(kid._id, 1), password: 'wrong-one' } });
          expect(wrong.status).toBe(400);
          expect(await stateSnapshot(h)).toBe(before);
        });

        it('credit-adjust on a child: credit takes back into the caller wallet, debit gives', async () => {
          const kid = await makeChild();
          const callerStart = await balanceCents(h, me()._id);
          const give = await callSafe(h, 'POST', `${base()}/${kid._id}/credit-adjust`, { token: token(), body: adjustBody(kid._id, 20, 'debit') });
          expect(give.status).toBe(200);
          expect(give.json).toMatchObject({ success: true, message: CREDIT_MESSAGES.adjust.success, data: { receiver: { _id: kid._id, walletBalance: 20 } } });
          expect(await balanceCents(h, kid._id)).toBe(2000n);
          const take = await callSafe(h, 'POST', `${base()}/${kid._id}/credit-adjust`, { token: token(), body: adjustBody(kid._id, 7.25, 'credit') });
          expect(take.status).toBe(200);
          expect(take.json).toMatchObject({ data: { sender: { _id: me()._id, walletBalance: Number(callerStart - 2000n + 725n) / 100 }, receiver: { _id: kid._id, walletBalance: 12.75 } } });
          expect(await balanceCents(h, kid._id)).toBe(1275n);
          expect(await balanceCents(h, me()._id)).toBe(callerStart - 1275n);
          const before = await stateSnapshot(h);
          const tooMuch = await callSafe(h, 'POST', `${base()}/${kid._id}/credit-adjust`, { token: token(), body: adjustBody(kid._id, 12.76, 'credit') });
          expect(tooMuch.status).toBe(409);
          const noPass = await callSafe(h, 'POST', `${base()}/${kid._id}/credit-adjust`, { token: token(), body: { ...adjustBody(kid._id, 1, 'credit'), password: '' } });
          expect(noPass.status).toBe(400);
          expect(noPass.json.message).toBe(CREDIT_MESSAGES.adjust.password);
          expect(await stateSnapshot(h)).toBe(before);
        });

        it('PATCH toggles a child status with the product’s message', async () => {
          const kid = await makeChild();
          const url = (action: string) => `/api${P.api}/${parentId()}/children/${kid._id}/toggle-status/${action}`;
          const off = await callSafe(h, 'PATCH', url('deactivate'), { token: token() });
          expect(off.status).toBe(200);
          expect(off.json).toMatchObject({ success: true, message: `User ${kid.username} has been successfully deactivated.`, data: { _id: kid._id, userStatus: false } });
          const blocked = await call(h, 'POST', `${base()}/${kid._id}/credit-transfer`, { token: token(), body: transferBody(kid._id, 1) });
          expect(blocked.status).toBe(409);
          const on = await callSafe(h, 'PATCH', url('activate'), { token: token() });
          expect(on.json).toMatchObject({ success: true, message: `User ${kid.username} has been successfully activated.`, data: { userStatus: true } });
          expect((await call(h, 'PATCH', url('pause'), { token: token() })).status).toBe(400);
          expect((await h.db.query(`SELECT active FROM accounts WHERE id = $1`, [Number(kid._id)]))[0].active).toBe(true);
        });

        it(`DELETE …/children/delete/{id}: 409 while holding points, then '${C.messages.deleteSuccess}'`, async () => {
          const kid = await makeChild();
          const url = `/api${P.api}/${parentId()}/children/delete/${kid._id}`;
          expect((await call(h, 'POST', `${base()}/${kid._id}/credit-transfer`, { token: token(), body: transferBody(kid._id, 3) })).status).toBe(200);
          const held = await callSafe(h, 'DELETE', url, { token: token() });
          expect(held.status).toBe(409);
          expect((await call(h, 'GET', `${base()}/${kid._id}`, { token: token() })).status).toBe(200);
          if (childTierOf(C.role)) {
            const grand = await createAs(h, h.root.token, childTierOf(C.role)!.role, kid._id);
            expect((await call(h, 'POST', `${base()}/${kid._id}/credit-adjust`, { token: token(), body: adjustBody(kid._id, 3, 'credit') })).status).toBe(200);
            expect((await callSafe(h, 'DELETE', url, { token: token() })).status).toBe(409);
            expect((await call(h, 'DELETE', `/api${childTierOf(C.role)!.api}/${grand._id}`, { token: h.root.token })).status).toBe(200);
          } else expect((await call(h, 'POST', `${base()}/${kid._id}/credit-adjust`, { token: token(), body: adjustBody(kid._id, 3, 'credit') })).status).toBe(200);
          const r = await callSafe(h, 'DELETE', url, { token: token() });
          expect(r.status).toBe(200);
          expect(r.json).toMatchObject({ success: true, message: C.messages.deleteSuccess });
          expect((await call(h, 'GET', `${base()}/${kid._id}`, { token: token() })).status).toBe(404);
          expect((await call(h, 'DELETE', url, { token: token() })).status).toBe(404);
          const list = await callSafe(h, 'GET', `${base()}?perPage=500`, { token: token() });
          expect((list.json.data as Rec[]).map((a) => a._id)).not.toContain(kid._id);
        });
      });
    }
  }

  describe('tiers without children', () => {
    for (const t of TIERS.filter((x) => !(x.kind === 'chain' && childTierOf(x.role))))
      it(`${t.api}/{id}/children answers 404`, async () => {
        const id = t.role === 'player' ? c.player._id : String((await h.db.query(`SELECT id FROM accounts WHERE role = $1 LIMIT 1`, [t.role]))[0].id);
        const before = await stateSnapshot(h);
        expect((await call(h, 'GET', `/api${t.api}/${id}/children`, { token: h.root.token })).status).toBe(404);
        expect((await call(h, 'POST', `/api${t.api}/${id}/children`, { token: h.root.token, body: { childAdminData: validBody('player'), parentAdminId: id } })).status).toBe(404);
        expect((await call(h, 'GET', `/api${t.api}/${id}/children/${c.player._id}`, { token: h.root.token })).status).toBe(404);
        expect(await stateSnapshot(h)).toBe(before);
      });
  });

  it('a parent of another tier in the route answers 404 (the route tier names the parent)', async () => {
    const before = await stateSnapshot(h);
    expect((await call(h, 'GET', `/api/areamanager/${c.master._id}/children`, { token: h.root.token })).status).toBe(404);
    expect((await call(h, 'POST', `/api/areamanager/${c.master._id}/children`, { token: h.root.token, body: { childAdminData: validBody('master') } })).status).toBe(404);
    expect(await stateSnapshot(h)).toBe(before);
    expect(tierOf('areamanager').parent).toBe('superareamanager');
  });

  it('leaves the ledger invariant intact', async () => {
    expect((await checkInvariant(h.db)).ok).toBe(true);
  });
});
