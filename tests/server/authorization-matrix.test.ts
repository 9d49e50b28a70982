import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { canManageTier } from '../../resources.config';
import { CHAIN, childTierOf, TIERS, tierOf, type Role, type TierDef } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import {
  balanceCents,
  buildChain,
  callSafe,
  createAs,
  createChain,
  editSecrets,
  engineAvailable,
  fund,
  generate,
  stateSnapshot,
  startHarness,
  SUPERADMIN_PASSWORD,
  validBody,
  type Harness,
  type Reply,
} from './harness';

/**
 * Who may do what to whom, generated from the registry (TIERS, CHAIN) and domain/hierarchy.ts:
 * for every role and every tier, every account-family call against a target
 *   inside  — in the caller's subtree, of a tier it manages (allowed),
 *   outside — of a tier it manages, under another admin (403),
 *   tier    — of a tier it may not manage: an ancestor, a peer, a system account (403),
 *   self    — its own account through its own tier (read, edit profile, its own children).
 * A refused call must change nothing at all.
 */
type Scope = 'inside' | 'outside' | 'tier' | 'self';
type Op =
  | 'get'
  | 'update'
  | 'delete'
  | 'transfer'
  | 'adjust'
  | 'toggle'
  | 'children'
  | 'childCreate'
  | 'childGet'
  | 'childUpdate'
  | 'childToggle'
  | 'childDelete'
  | 'childTransfer'
  | 'childAdjust'
  | 'create'
  | 'all';
const OPS: Op[] = ['get', 'update', 'delete', 'transfer', 'adjust', 'toggle', 'children', 'childCreate', 'childGet', 'childUpdate', 'childToggle', 'childDelete', 'childTransfer', 'childAdjust', 'create', 'all'];
const CHILD_OPS = new Set<Op>(['children', 'childCreate', 'childGet', 'childUpdate', 'childToggle', 'childDelete', 'childTransfer', 'childAdjust']);

interface Case {
  role: Role;
  tier: TierDef;
  scope: Scope;
}

const CASES: Case[] = [];
for (const role of CHAIN)
  for (const tier of TIERS) {
    if (canManageTier(role, tier.role)) {
      CASES.push({ role, tier, scope: 'inside' });
      // The superadmin's subtree is everything: nothing is outside it.
      if (role !== 'superadmin') CASES.push({ role, tier, scope: 'outside' });
    } else {
      if (tier.role === role) CASES.push({ role, tier, scope: 'self' });
      // A peer of the same tier, an ancestor's tier, or a system kind.
      if (!(tier.role === role && role === 'superadmin')) CASES.push({ role, tier, scope: 'tier' });
    }
  }

/** The answer a call must get: 'allowed' (its own success status) or the refusal status. */
function expected(c: Case, op: Op): 'allowed' | 403 | 404 {
  const hasChildren = c.tier.kind === 'chain' && childTierOf(c.tier.role) !== null;
  if (CHILD_OPS.has(op) && !hasChildren) return 404;
  switch (c.scope) {
    case 'inside':
      return 'allowed';
    case 'outside':
    case 'tier':
      return 403;
    case 'self':
      if (CHILD_OPS.has(op) || op === 'get' || op === 'update' || op === 'all') return 'allowed';
      // The superadmin adjusting its own wallet generates points.
      if (op === 'adjust' && c.role === 'superadmin') return 'allowed';
      return 403;
  }
}

type Acc = { _id: string; username: string };

describe.runIf(engineAvailable())('authorization matrix', () => {
  let h: Harness;
  /** Chain A: the callers, one per role. */
  const A: Record<string, Acc> = {};
  /** Chain B: a second chain under another admin, outside every caller's subtree but the superadmin's. */
  const B: Record<string, Acc> = {};
  /** Targets in chain A: one extra account of every chain tier, under chain A's account of the tier above; never a caller. */
  const T: Record<string, Acc> = {};
  /** The seeded system accounts (gift, loan, otc). */
  const SYS: Record<string, Acc> = {};
  const tokens: Record<string, string> = {};
  const paths: Record<string, string> = {};
  let seq = 0;

  beforeAll(async () => {
    h = await startHarness();
    const chain = await buildChain(h);
    Object.assign(A, { superadmin: { _id: h.root.id, username: 'superadmin' }, ...chain.byRole });
    Object.assign(tokens, chain.tokens);
    const b = await createChain(h);
    Object.assign(B, { superadmin: A.superadmin, ...b });
    for (const t of TIERS.filter((x) => x.kind === 'chain' && x.parent)) T[t.role] = await createAs(h, h.root.token, t.role, A[t.parent as string]._id);
    for (const t of TIERS.filter((x) => x.kind === 'system'))
      SYS[t.role] = (await h.db.query<{ _id: string; username: string }>(`SELECT id::text AS "_id", username FROM accounts WHERE role = $1 LIMIT 1`, [t.role]))[0];
    await generate(h, 100_000);
    // Callers hold points to move; every target holds points, so an allowed delete answers 409 and keeps it.
    for (const role of CHAIN.filter((r) => r !== 'superadmin' && childTierOf(r))) await fund(h, A[role]._id, 1000, role);
    for (const acc of [...Object.values(T), ...Object.values(SYS), ...Object.values(b)]) {
      const role = (await h.db.query(`SELECT role FROM accounts WHERE id = $1`, [Number(acc._id)]))[0].role as Role;
      await fund(h, acc._id, 10, role);
    }
    for (const row of await h.db.query(`SELECT id::text AS id, path FROM accounts`)) paths[String(row.id)] = String(row.path);
  });
  afterAll(() => h?.close());

  it('the matrix covers every role, every tier and every call', () => {
    expect(new Set(CASES.map((c) => c.role))).toEqual(new Set(CHAIN));
    for (const role of CHAIN) expect(new Set(CASES.filter((c) => c.role === role).map((c) => c.tier.role))).toEqual(new Set(TIERS.map((t) => t.role)));
    expect(CASES.filter((c) => c.scope === 'inside').length).toBe(CHAIN.flatMap((r) => TIERS.filter((t) => canManageTier(r, t.role))).length);
    expect(OPS.length).toBe(16);
  });

  const pw = (role: Role) => (role === 'superadmin' ? SUPERADMIN_PASSWORD : 'secret-pass');

  /** The accounts a case addresses. */
  function actors(c: Case) {
    const role = c.tier.role;
    const child = c.tier.kind === 'chain' ? childTierOf(role) : null;
    let target: Acc;
    let parent: Acc;
    let kid: Acc;
    if (c.scope === 'inside') {
      target = c.tier.kind === 'system' ? SYS[role] : T[role];
      parent = c.tier.kind === 'system' ? SYS[role] : A[role];
      kid = child ? T[child.role] : A.player;
    } else if (c.scope === 'outside') {
      target = B[role];
      parent = B[role];
      kid = child ? B[child.role] : B.player;
    } else if (c.scope === 'self') {
      target = A[c.role];
      parent = A[c.role];
      kid = child ? T[child.role] : A.player;
    } else {
      target = c.tier.kind === 'system' ? SYS[role] : role === c.role ? B[role] : A[role];
      parent = target;
      kid = child ? (role === c.role ? B[child.role] : A[child.role]) : A.player;
    }
    const refId = c.tier.parent ? (c.scope === 'outside' ? B[c.tier.parent] : A[c.tier.parent])._id : undefined;
    const allQuery =
      c.scope === 'inside' ? `id=${refId}` : c.scope === 'outside' ? `id=${refId}` : c.scope === 'tier' && role === c.role ? `id=${B[role]._id}` : '';
    return { target, parent, kid, child, refId, allQuery };
  }

  /** One call of the family, as the case's role. Every URL also carries a `role=superadmin` query: it never grants anything. */
  async function run(c: Case, op: Op, city: string): Promise<Reply> {
    const { target, parent, kid, child, refId, allQuery } = actors(c);
    const api = `/api${c.tier.api}`;
    const token = tokens[c.role];
    const me = A[c.role];
    const q = (url: string, extra = '') => `${url}?${extra ? `${extra}&` : ''}role=superadmin`;
    const transferBody = (to: string) => ({ userId: me._id, password: pw(c.role), transferAmount: 0.01, toUserId: to });
    const adjustBody = (to: string, transactionType: string) => ({ userId: me._id, password: pw(c.role), adjustAmount: 0.01, transactionType, toUserId: to });
    const kidBase = `${api}/${parent._id}/children/${kid._id}`;
    switch (op) {
      case 'get':
        return callSafe(h, 'GET', q(`${api}/${target._id}`), { token });
      case 'update':
        return callSafe(h, 'PUT', q(`${api}/${target._id}`), { token, body: { updatedFields: { ...(c.scope === 'self' ? {} : editSecrets(c.tier)), city } } });
      case 'delete':
        return callSafe(h, 'DELETE', q(`${api}/${target._id}`), { token });
      case 'transfer':
        return callSafe(h, 'POST', q(`${api}/credit-transfer`), { token, body: transferBody(target._id) });
      case 'adjust':
        return callSafe(h, 'POST', q(`${api}/credit-adjust`), { token, body: adjustBody(target._id, c.scope === 'self' ? 'credit' : 'debit') });
      case 'toggle':
        return callSafe(h, 'PATCH', q(`${api}/toggle-status/${target._id}/deactivate`), { token });
      case 'children':
        return callSafe(h, 'GET', q(`${api}/${parent._id}/children`), { token });
      case 'childCreate':
        return callSafe(h, 'POST', q(`${api}/${parent._id}/children`), { token, body: { childAdminData: validBody(child?.role ?? 'player'), parentAdminId: parent._id } });
      case 'childGet':
        return callSafe(h, 'GET', q(kidBase), { token });
      case 'childUpdate':
        return callSafe(h, 'PUT', q(kidBase), { token, body: { updatedFields: { ...(child ? editSecrets(child) : {}), city } } });
      case 'childToggle':
        return callSafe(h, 'PATCH', q(`${kidBase}/toggle-status/deactivate`), { token });
      case 'childDelete':
        return callSafe(h, 'DELETE', q(`${api}/${parent._id}/children/delete/${kid._id}`), { token });
      case 'childTransfer':
        return callSafe(h, 'POST', q(`${kidBase}/credit-transfer`), { token, body: transferBody(kid._id) });
      case 'childAdjust':
        return callSafe(h, 'POST', q(`${kidBase}/credit-adjust`), { token, body: adjustBody(kid._id, 'debit') });
      case 'create':
        return callSafe(h, 'POST', q(`${api}/create`), { token, body: validBody(c.tier.role, refId ? { refId } : {}) });
      case 'all':
        return callSafe(h, 'GET', q(`${api}/all`, allQuery), { token });
    }
  }

  const dbRow = async (id: string) =>
    (await h.db.query(`SELECT city, active, deleted_at IS NULL AS live, wallet_balance::text AS w FROM accounts WHERE id = $1`, [Number(id)]))[0];
  const inCallerView = (c: Case, rec: AccountRecord) => {
    const callerPath = paths[A[c.role]._id];
    const p = paths[rec._id] ?? '';
    return rec._id === A[c.role]._id || (p.startsWith(callerPath) && p !== callerPath);
  };

  /** The success of an allowed call, and its effect. */
  async function checkAllowed(c: Case, op: Op, r: Reply, city: string): Promise<void> {
    const { target, parent, kid, child, refId } = actors(c);
    const label = `${c.role} ${op} ${c.tier.api} (${c.scope})`;
    const token = tokens[c.role];
    switch (op) {
      case 'get':
      case 'childGet':
        expect(r.status, label).toBe(200);
        expect((r.json.data as AccountRecord)._id, label).toBe(op === 'get' ? target._id : kid._id);
        return;
      case 'update':
      case 'childUpdate':
        expect(r.status, label).toBe(200);
        expect((await dbRow(op === 'update' ? target._id : kid._id)).city, label).toBe(city);
        return;
      case 'delete':
      case 'childDelete':
        // Authorised: refused only because the account still holds points.
        expect(r.status, label).toBe(409);
        expect((await dbRow(op === 'delete' ? target._id : kid._id)).live, label).toBe(true);
        return;
      case 'transfer':
      case 'adjust':
      case 'childTransfer':
      case 'childAdjust': {
        expect(r.status, `${label}: ${JSON.stringify(r.json)}`).toBe(200);
        const to = op.startsWith('child') ? kid._id : target._id;
        const d = r.json.data as { sender: { _id: string }; receiver: { _id: string; walletBalance: number } | null };
        expect(d.sender._id, label).toBe(A[c.role]._id);
        if (c.scope === 'self' && op === 'adjust') expect(d.receiver, label).toBeNull();
        else {
          expect(d.receiver?._id, label).toBe(to);
          expect(BigInt(Math.round((d.receiver?.walletBalance ?? 0) * 100)), label).toBe(await balanceCents(h, to));
        }
        return;
      }
      case 'toggle':
      case 'childToggle': {
        expect(r.status, label).toBe(200);
        const id = op === 'toggle' ? target._id : kid._id;
        expect((r.json.data as AccountRecord).userStatus, label).toBe(false);
        expect((await dbRow(id)).active, label).toBe(false);
        const back = op === 'toggle' ? `/api${c.tier.api}/toggle-status/${id}/activate` : `/api${c.tier.api}/${parent._id}/children/${id}/toggle-status/activate`;
        expect((await callSafe(h, 'PATCH', back, { token })).status, label).toBe(200);
        expect((await dbRow(id)).active, label).toBe(true);
        return;
      }
      case 'children': {
        expect(r.status, label).toBe(200);
        const rows = r.json.data as AccountRecord[];
        expect(rows.length, label).toBeGreaterThan(0);
        for (const a of rows) {
          expect(a.role, label).toBe(child!.role);
          expect(a.refId?._id, label).toBe(parent._id);
        }
        return;
      }
      case 'childCreate':
        expect(r.status, `${label}: ${JSON.stringify(r.json)}`).toBe(201);
        expect((r.json.data as AccountRecord).refId?._id, label).toBe(parent._id);
        expect((r.json.data as AccountRecord).role, label).toBe(child!.role);
        return;
      case 'create':
        expect(r.status, `${label}: ${JSON.stringify(r.json)}`).toBe(201);
        expect((r.json.data as AccountRecord).refId?._id, label).toBe(refId);
        expect((r.json.data as AccountRecord).role, label).toBe(c.tier.role);
        return;
      case 'all': {
        expect(r.status, label).toBe(200);
        const rows = r.json.data as AccountRecord[];
        for (const row of await h.db.query(`SELECT id::text AS id, path FROM accounts`)) paths[String(row.id)] = String(row.path);
        expect(rows.length, label).toBeGreaterThan(0);
        for (const a of rows) {
          expect(a.role, label).toBe(c.tier.role);
          expect(inCallerView(c, a), `${label}: ${a._id} is outside the caller's subtree`).toBe(true);
        }
        if (c.scope === 'self') expect(rows.map((a) => a._id), label).toEqual([A[c.role]._id]);
        else expect(rows.map((a) => a._id), label).toContain(target._id);
        return;
      }
    }
  }

  for (const c of CASES) {
    const allowedOps = OPS.filter((op) => expected(c, op) === 'allowed');
    const title = `${c.role} → ${c.tier.api} (${c.scope}): ${allowedOps.length ? `allowed ${allowedOps.join(', ')}` : 'nothing allowed'}`;
    it(title, async () => {
      const city = `City ${++seq}`;
      // Refused calls first, all against one snapshot: they must change nothing at all.
      const before = await stateSnapshot(h);
      for (const op of OPS) {
        const want = expected(c, op);
        if (want === 'allowed') continue;
        const r = await run(c, op, city);
        expect(r.status, `${c.role} ${op} ${c.tier.api} (${c.scope}): ${JSON.stringify(r.json)}`).toBe(want);
        expect(r.json.success).toBe(false);
        expect(typeof r.json.message).toBe('string');
      }
      expect(await stateSnapshot(h), 'a refused call changed something').toBe(before);
      for (const op of allowedOps) await checkAllowed(c, op, await run(c, op, city), city);
    });
  }

  describe('a tier route never reaches an account of another tier', () => {
    for (const role of CHAIN.filter((r) => childTierOf(r)))
      it(`${role}: ids from its own subtree through tiers it may not manage (403) or of another tier (404)`, async () => {
        const token = tokens[role];
        const mine = T[childTierOf(role)!.role];
        const before = await stateSnapshot(h);
        for (const tier of TIERS) {
          if (tier.role === childTierOf(role)!.role) continue;
          const want = canManageTier(role, tier.role) ? 404 : 403;
          const api = `/api${tier.api}`;
          const calls: [string, string, unknown][] = [
            ['GET', `${api}/${mine._id}`, undefined],
            ['PUT', `${api}/${mine._id}`, { updatedFields: { city: 'Nowhere' } }],
            ['DELETE', `${api}/${mine._id}`, undefined],
            ['PATCH', `${api}/toggle-status/${mine._id}/deactivate`, undefined],
            ['POST', `${api}/credit-transfer`, { password: pw(role), transferAmount: 1, toUserId: mine._id }],
            ['POST', `${api}/credit-adjust`, { password: pw(role), adjustAmount: 1, transactionType: 'debit', toUserId: mine._id }],
          ];
          for (const [method, url, body] of calls) {
            const r = await callSafe(h, method as 'GET', url, { token, ...(body ? { body } : {}) });
            expect(r.status, `${role} ${method} ${url}`).toBe(want);
          }
        }
        expect(await stateSnapshot(h)).toBe(before);
      });
  });

  describe('query and body ids cannot leave the subtree', () => {
    const STAFF_BELOW_ROOT = CHAIN.filter((r) => r !== 'superadmin' && r !== 'player');

    for (const role of CHAIN.filter((r) => r !== 'superadmin'))
      it(`${role}: id/role query parameters naming accounts outside answer 403`, async () => {
        const token = tokens[role];
        const before = await stateSnapshot(h);
        const outside = [B.admin, B.superareamanager, B.master, ...(role === 'player' ? [] : [A.superadmin])];
        for (const acc of outside) {
          expect((await callSafe(h, 'GET', `/api/counts/usercount?id=${acc._id}&role=superadmin`, { token })).status, `usercount ${acc.username}`).toBe(403);
          expect((await callSafe(h, 'GET', `/api/auth/userauth/${acc._id}?role=superadmin`, { token })).status, `userauth ${acc.username}`).toBe(403);
          for (const tier of TIERS.filter((t) => canManageTier(role, t.role)))
            expect((await callSafe(h, 'GET', `/api${tier.api}/all?id=${acc._id}&role=superadmin`, { token })).status, `${tier.api}/all?id=${acc.username}`).toBe(403);
        }
        expect((await callSafe(h, 'GET', `/api/app/logout?id=${B.player._id}&role=superadmin`, { token })).status).toBe(403);
        // A role query never widens the view: a caller's lists stay inside its subtree.
        for (const tier of TIERS.filter((t) => canManageTier(role, t.role))) {
          const r = await callSafe(h, 'GET', `/api${tier.api}/all?role=superadmin&perPage=500`, { token });
          expect(r.status).toBe(200);
          for (const a of r.json.data as AccountRecord[]) expect(inCallerView({ role, tier, scope: 'inside' }, a), `${tier.api} lists ${a.username}`).toBe(true);
        }
        expect(await stateSnapshot(h)).toBe(before);
      });

    for (const role of STAFF_BELOW_ROOT)
      it(`${role}: refId, parentAdminId, userId and toUserId in bodies cannot reach outside`, async () => {
        const token = tokens[role];
        const childTier = childTierOf(role)!;
        const before = await stateSnapshot(h);
        // Moving an account of its subtree under an outside parent.
        for (const tier of TIERS.filter((t) => t.kind === 'chain' && canManageTier(role, t.role) && t.parent !== role)) {
          const r = await callSafe(h, 'PUT', `/api${tier.api}/${T[tier.role]._id}`, { token, body: { updatedFields: { ...editSecrets(tier), refId: B[tier.parent as string]._id } } });
          expect(r.status, `${tier.api} refId`).toBe(403);
        }
        // Creating under an outside parent, with refId in the create body.
        expect((await callSafe(h, 'POST', `/api${childTier.api}/create`, { token, body: validBody(childTier.role, { refId: B[role]._id }) })).status).toBe(403);
        // Spending someone else's wallet.
        const spend = await callSafe(h, 'POST', `/api${childTier.api}/credit-transfer`, {
          token,
          body: { userId: A.superadmin._id, password: pw(role), transferAmount: 1, toUserId: T[childTier.role]._id },
        });
        expect(spend.status).toBe(403);
        expect(await stateSnapshot(h)).toBe(before);

        // The route parent wins over parentAdminId and childAdminData.refId.
        const made = await callSafe(h, 'POST', `/api${tierOf(role).api}/${A[role]._id}/children`, {
          token,
          body: { childAdminData: validBody(childTier.role, { refId: B[role]._id }), parentAdminId: B[role]._id },
        });
        expect(made.status).toBe(201);
        expect((made.json.data as AccountRecord).refId?._id).toBe(A[role]._id);
        // The route child wins over toUserId: the outside account receives nothing.
        const outsideBefore = await balanceCents(h, B[childTier.role]._id);
        const moved = await callSafe(h, 'POST', `/api${tierOf(role).api}/${A[role]._id}/children/${T[childTier.role]._id}/credit-transfer`, {
          token,
          body: { userId: A[role]._id, password: pw(role), transferAmount: 0.5, toUserId: B[childTier.role]._id },
        });
        expect(moved.status).toBe(200);
        expect((moved.json.data as { receiver: { _id: string } }).receiver._id).toBe(T[childTier.role]._id);
        expect(await balanceCents(h, B[childTier.role]._id)).toBe(outsideBefore);
      });
  });

  it('chain B was never touched by anyone but the superadmin, and the ledger invariant holds', async () => {
    for (const acc of Object.entries(B).filter(([r]) => r !== 'superadmin').map(([, a]) => a)) {
      const row = await dbRow(acc._id);
      expect(row, acc.username).toMatchObject({ live: true, active: true, w: '1000' });
      expect(row.city, acc.username).not.toMatch(/^City \d+$/);
    }
    expect((await checkInvariant(h.db)).ok).toBe(true);
  });
});
