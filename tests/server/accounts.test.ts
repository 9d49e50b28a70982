import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { requiredMessage } from '../../domain/accountValidation';
import { childTierOf, GAMES, TIERS, tierOf, type Role, type TierDef } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import {
  balanceCents,
  buildChain,
  call,
  callSafe,
  createAs,
  createUnder,
  createChain,
  editSecrets,
  engineAvailable,
  fund,
  generate,
  loginAs,
  stateSnapshot,
  startHarness,
  SUPERADMIN_PASSWORD,
  validBody,
  type Chain,
  type Harness,
} from './harness';

type Rec = AccountRecord;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe.runIf(engineAvailable())('account family of every tier', () => {
  let h: Harness;
  let c: Chain;
  let b: Awaited<ReturnType<typeof createChain>>;
  /** Chain A by role (the superadmin included), and a token per role. */
  let A: Record<string, { _id: string; username: string }>;
  let tokens: Record<string, string>;
  let catalogue: { _id: string; gameId: string; gameName: string }[];

  beforeAll(async () => {
    h = await startHarness();
    c = await buildChain(h);
    b = await createChain(h);
    A = { superadmin: { _id: h.root.id, username: 'superadmin' }, ...c.byRole };
    tokens = c.tokens;
    catalogue = (await call(h, 'GET', `/api/game/usergames/${h.root.id}`, { token: h.root.token })).json.data as typeof catalogue;
    await generate(h, 100_000);
  });
  afterAll(() => h?.close());

  const root = () => h.root.token;
  const get = async (tier: TierDef, id: string, token = root()): Promise<Rec> => {
    const r = await callSafe(h, 'GET', `/api${tier.api}/${id}`, { token });
    if (r.status !== 200) throw new Error(`GET ${tier.api}/${id}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data as Rec;
  };
  /** The account new accounts of a tier hang under in chain A. */
  const parentOf = (tier: TierDef) => (tier.parent ? A[tier.parent] : null);
  const create = (tier: TierDef, extra: Record<string, unknown> = {}) => createAs(h, root(), tier.role, parentOf(tier)!._id, extra);
  const giveTo = (tier: TierDef, id: string, points: number) =>
    call(h, 'POST', `/api${tier.api}/credit-transfer`, {
      token: root(),
      body: { userId: h.root.id, password: SUPERADMIN_PASSWORD, transferAmount: points, toUserId: id },
    });
  const takeBack = (tier: TierDef, id: string, points: number) =>
    call(h, 'POST', `/api${tier.api}/credit-adjust`, {
      token: root(),
      body: { userId: h.root.id, password: SUPERADMIN_PASSWORD, adjustAmount: points, transactionType: 'credit', toUserId: id },
    });
  const accountCount = async () => Number((await h.db.query(`SELECT count(*)::int AS n FROM accounts`))[0].n);
  const canLogIn = (tier: TierDef) => tier.kind === 'chain';

  describe('the superadmin tier (/superadmins)', () => {
    const sa = tierOf('superadmin');
    it('has no create: nobody creates a superadmin, nothing written', async () => {
      const before = await accountCount();
      const r = await callSafe(h, 'POST', `/api${sa.api}/create`, { token: root(), body: validBody('superadmin') });
      expect(r.status).toBe(403);
      expect(r.json.success).toBe(false);
      expect(await accountCount()).toBe(before);
    });
    it('lists itself only, reads and edits its own profile', async () => {
      const all = await callSafe(h, 'GET', `/api${sa.api}/all`, { token: root() });
      expect(all.status).toBe(200);
      expect((all.json.data as Rec[]).map((a) => a._id)).toEqual([h.root.id]);
      expect(all.json.total).toBe(1);
      const me = await get(sa, h.root.id);
      expect(me).toMatchObject({ _id: h.root.id, username: 'superadmin', role: 'superadmin', refId: null, userStatus: true });
      const up = await callSafe(h, 'PUT', `/api${sa.api}/${h.root.id}`, { token: root(), body: { updatedFields: { city: 'Delhi' } } });
      expect(up.status).toBe(200);
      expect((up.json.data as Rec).city).toBe('Delhi');
    });
    it('cannot delete, deactivate or transfer to itself', async () => {
      const before = await stateSnapshot(h);
      expect((await call(h, 'DELETE', `/api${sa.api}/${h.root.id}`, { token: root() })).status).toBe(403);
      expect((await call(h, 'PATCH', `/api${sa.api}/toggle-status/${h.root.id}/deactivate`, { token: root() })).status).toBe(403);
      expect((await giveTo(sa, h.root.id, 1)).status).toBe(403);
      expect(await stateSnapshot(h)).toBe(before);
    });
  });

  for (const tier of TIERS.filter((t) => t.parent !== null)) {
    const child = tier.kind === 'chain' ? childTierOf(tier.role) : null;

    describe(`${tier.api} (${tier.role})`, () => {
      it('create: 201 with a server-generated username and every field of the account record', async () => {
        const parent = parentOf(tier)!;
        const extra: Record<string, unknown> = { firstName: 'Asha', lastName: 'Rao', city: 'Pune', commission: 3, commissionAmount: 3 };
        if (tier.role === 'admin') extra.games = [catalogue[0]._id, catalogue[2]._id];
        const body = validBody(tier.role, { refId: parent._id, ...extra });
        const started = Date.now();
        const r = await callSafe(h, 'POST', `/api${tier.api}/create`, { token: root(), body });
        expect(r.status).toBe(201);
        expect(r.json.success).toBe(true);
        expect(r.json.message).toBe('User created successfully!');
        const rec = r.json.data as Rec;
        expect(rec._id).toMatch(/^\d+$/);
        expect(rec.username).toMatch(new RegExp(`^${tier.usernamePrefix}\\d+$`));
        expect(rec).toMatchObject({
          role: tier.role,
          roles: [tier.role],
          status: 'active',
          userStatus: true,
          isLoggedIn: false,
          walletBalance: 0,
          wallet: [{ individualCredit: 0 }],
          firstName: 'Asha',
          lastName: 'Rao',
          city: 'Pune',
          commission: tier.createFields.some((f) => f.name === 'commission' || f.name === 'commissionAmount') ? 3 : 0,
          note: 'add notes',
          lastLogin: null,
        });
        expect(rec.refId).toMatchObject({ _id: parent._id, username: parent.username });
        if (tier.role === 'admin') expect(typeof rec.refId?.walletBalance).toBe('number');
        expect(rec.createdAt).toMatch(ISO);
        expect(Math.abs(Date.parse(rec.createdAt) - started)).toBeLessThan(60_000);
        expect(Array.isArray(rec.games)).toBe(true);
        if (tier.role === 'admin') {
          expect(rec.games.map((g) => g._id)).toEqual([catalogue[0]._id, catalogue[2]._id]);
          expect(rec.games.map((g) => g.gameName)).toEqual([GAMES[0].gameName, GAMES[2].gameName]);
        } else expect(rec.games).toEqual([]);
        // The secrets are stored hashed, and only there.
        const row = (await h.db.query(`SELECT password_hash, pin_hash FROM accounts WHERE id = $1`, [Number(rec._id)]))[0];
        expect(String(row.password_hash)).toMatch(/^\$argon2id\$/);
        expect(String(row.pin_hash)).toMatch(/^\$argon2id\$/);
        expect(JSON.stringify(r.json)).not.toContain(String(body.password));
        if (canLogIn(tier)) expect((await call(h, 'POST', '/api/auth/login', { body: { username: rec.username, password: 'secret-pass' } })).status).toBe(200);
      });

      it('create: refId defaults to the caller when it is of the parent tier; otherwise it is required', async () => {
        const parentRole = tier.parent as Role;
        const body = validBody(tier.role);
        const r = await callSafe(h, 'POST', `/api${tier.api}/create`, { token: tokens[parentRole], body });
        expect(r.status).toBe(201);
        expect((r.json.data as Rec).refId?._id).toBe(A[parentRole]._id);
        if (parentRole !== 'superadmin') {
          const before = await accountCount();
          const missing = await callSafe(h, 'POST', `/api${tier.api}/create`, { token: root(), body: validBody(tier.role) });
          expect(missing.status).toBe(400);
          expect(missing.json).toMatchObject({ success: false, message: 'Reference is required', field: 'refId' });
          // A reference of the wrong tier or unknown: 400, nothing written.
          const wrongTier = parentRole === 'admin' ? c.sam._id : c.admin._id;
          expect((await call(h, 'POST', `/api${tier.api}/create`, { token: root(), body: validBody(tier.role, { refId: wrongTier }) })).status).toBe(400);
          expect((await call(h, 'POST', `/api${tier.api}/create`, { token: root(), body: validBody(tier.role, { refId: '99999999' }) })).status).toBe(400);
          expect(await accountCount()).toBe(before);
        }
      });

      it('create: each missing required field answers 400 with its message, nothing written', async () => {
        const before = await accountCount();
        for (const f of tier.createFields.filter((x) => x.required && x.name !== 'refId')) {
          const body = validBody(tier.role, { refId: parentOf(tier)!._id });
          for (const empty of [undefined, '']) {
            if (empty === undefined) delete body[f.name];
            else body[f.name] = empty;
            const r = await callSafe(h, 'POST', `/api${tier.api}/create`, { token: root(), body });
            expect(r.status, `${f.name}=${String(empty)}`).toBe(400);
            expect(r.json).toMatchObject({ success: false, message: requiredMessage(f), field: f.name });
            expect(r.json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: f.name, message: requiredMessage(f) })]));
          }
        }
        expect(await accountCount()).toBe(before);
      });

      describe('all', () => {
        let made: Rec[] = [];
        const parentPath = async () => String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(parentOf(tier)!._id)]))[0].path);
        /** What the list must hold: the tier's live accounts below the parent, from the database. */
        const expectedIds = async () =>
          (
            await h.db.query(`SELECT id::text AS id FROM accounts WHERE role = $1 AND deleted_at IS NULL AND path LIKE $2 ORDER BY id`, [
              tier.role,
              `${await parentPath()}%`,
            ])
          ).map((r) => String(r.id));
        const list = (query: string, token = root()) => callSafe(h, 'GET', `/api${tier.api}/all?id=${parentOf(tier)!._id}&${query}`, { token });

        beforeAll(async () => {
          made = [];
          for (const points of [7.5, 2.25, 12]) {
            const rec = await create(tier);
            expect((await giveTo(tier, rec._id, points)).status).toBe(200);
            made.push(rec);
          }
        });

        it('answers every account of the tier below the view root, with total and the range headers', async () => {
          const ids = await expectedIds();
          expect(ids.length).toBeGreaterThanOrEqual(3);
          const r = await list('');
          expect(r.status).toBe(200);
          expect(r.json.success).toBe(true);
          const data = r.json.data as Rec[];
          expect(data.map((a) => a._id).sort()).toEqual([...ids].sort());
          expect(data.every((a) => a.role === tier.role)).toBe(true);
          expect(r.json.total).toBe(ids.length);
          expect(r.headers['x-total-count']).toBe(String(ids.length));
          expect(r.headers['content-range']).toBe(`${tier.role} 0-${ids.length - 1}/${ids.length}`);
          for (const m of made) {
            const row = data.find((a) => a._id === m._id)!;
            expect(row.walletBalance).toBe([7.5, 2.25, 12][made.indexOf(m)]);
            expect(row.refId).toMatchObject({ _id: parentOf(tier)!._id });
          }
        });

        it('pages with page/perPage: disjoint pages, constant total, matching Content-Range', async () => {
          const ids = await expectedIds();
          const seen: string[] = [];
          for (let page = 1; page <= Math.ceil(ids.length / 2) + 1; page++) {
            const r = await list(`page=${page}&perPage=2&sort=_id&order=ASC`);
            expect(r.status).toBe(200);
            const data = r.json.data as Rec[];
            const offset = (page - 1) * 2;
            expect(data.length).toBe(Math.max(0, Math.min(2, ids.length - offset)));
            expect(r.json.total).toBe(ids.length);
            expect(r.headers['x-total-count']).toBe(String(ids.length));
            if (data.length) expect(r.headers['content-range']).toBe(`${tier.role} ${offset}-${offset + data.length - 1}/${ids.length}`);
            seen.push(...data.map((a) => a._id));
          }
          expect(seen).toEqual([...ids].sort((x, y) => Number(x) - Number(y)));
        });

        const keyOf: Record<string, (a: Rec) => number | string> = {
          walletBalance: (a) => a.walletBalance,
          createdAt: (a) => Date.parse(a.createdAt),
          _id: (a) => Number(a._id),
        };
        for (const sort of ['username', 'walletBalance', 'createdAt', '_id'])
          for (const order of ['ASC', 'DESC'] as const)
            it(`sorts by ${sort} ${order}`, async () => {
              const r = await list(`sort=${sort}&order=${order}&perPage=500`);
              expect(r.status).toBe(200);
              let data = r.json.data as Rec[];
              // Generated usernames share prefix and width: byte order is every collation's order.
              if (sort === 'username') data = data.filter((a) => new RegExp(`^${tier.usernamePrefix}\\d{4}$`).test(a.username));
              const key = sort === 'username' ? (a: Rec) => a.username : keyOf[sort];
              const keys = data.map(key);
              const sorted = [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
              expect(keys).toEqual(order === 'ASC' ? sorted : sorted.reverse());
              expect(keys.length).toBeGreaterThanOrEqual(3);
              if (sort === 'walletBalance') {
                const mine = data.filter((a) => made.some((m) => m._id === a._id)).map((a) => a.walletBalance);
                expect(mine).toEqual(order === 'ASC' ? [2.25, 7.5, 12] : [12, 7.5, 2.25]);
              }
            });

        it('searches usernames case-insensitively (contains)', async () => {
          const target = made[1];
          const digits = target.username.slice(tier.usernamePrefix.length);
          for (const q of [target.username.toLowerCase(), target.username.toUpperCase(), digits]) {
            const r = await list(`search=${encodeURIComponent(q)}`);
            expect(r.status).toBe(200);
            const data = r.json.data as Rec[];
            expect(data.map((a) => a._id)).toContain(target._id);
            expect(data.every((a) => a.username.toLowerCase().includes(q.toLowerCase()))).toBe(true);
            expect(r.json.total).toBe(data.length);
          }
          const none = await list(`search=${encodeURIComponent('zz%_no-such')}`);
          expect(none.json.data).toEqual([]);
          expect(none.json.total).toBe(0);
        });

        it('refuses an unknown sort field or order with 400', async () => {
          const bad = await list('sort=password_hash');
          expect(bad.status).toBe(400);
          expect(bad.json).toMatchObject({ success: false, field: 'sort' });
          expect(bad.json.message).toBeTruthy();
          expect((await list('sort=username&order=sideways')).status).toBe(400);
        });
      });

      it('get: the record by id; 404 for an unknown id or an account of another tier', async () => {
        const rec = await create(tier);
        const r = await callSafe(h, 'GET', `/api${tier.api}/${rec._id}`, { token: root() });
        expect(r.status).toBe(200);
        expect(r.json.success).toBe(true);
        expect(r.json.data).toEqual(rec);
        expect((await call(h, 'GET', `/api${tier.api}/98765432`, { token: root() })).status).toBe(404);
        const other = tier.role === 'player' ? c.master._id : c.player._id;
        const wrong = await call(h, 'GET', `/api${tier.api}/${other}`, { token: root() });
        expect(wrong.status).toBe(404);
        expect(wrong.json.success).toBe(false);
      });

      it('update: only the given fields change; the message of the tier', async () => {
        const rec = await create(tier);
        const r = await callSafe(h, 'PUT', `/api${tier.api}/${rec._id}`, { token: root(), body: { updatedFields: { ...editSecrets(tier), city: 'Nagpur', address: '12 Hill Road' } } });
        expect(r.status).toBe(200);
        expect(r.json.success).toBe(true);
        expect(r.json.message).toBe(tier.role === 'admin' ? 'Admin updated successfully!' : 'User updated successfully!');
        expect(r.json.data).toEqual({ ...rec, city: 'Nagpur', address: '12 Hill Road' });
        expect(await get(tier, rec._id)).toEqual({ ...rec, city: 'Nagpur', address: '12 Hill Road' });
        // Status through the edit form.
        const off = await callSafe(h, 'PUT', `/api${tier.api}/${rec._id}`, { token: root(), body: { updatedFields: { ...editSecrets(tier), userStatus: 'false' } } });
        expect((off.json.data as Rec).userStatus).toBe(false);
        const on = await callSafe(h, 'PUT', `/api${tier.api}/${rec._id}`, { token: root(), body: { updatedFields: { ...editSecrets(tier), userStatus: true } } });
        expect((on.json.data as Rec).userStatus).toBe(true);
        if (tier.role === 'admin') {
          const g = await callSafe(h, 'PUT', `/api${tier.api}/${rec._id}`, { token: root(), body: { updatedFields: { games: [catalogue[5]._id] } } });
          expect((g.json.data as Rec).games.map((x) => x.gameName)).toEqual([GAMES[5].gameName]);
          expect((await call(h, 'PUT', `/api${tier.api}/${rec._id}`, { token: root(), body: { updatedFields: { games: ['424242'] } } })).status).toBe(400);
        }
      });

      it('update: an emptied required field answers 400 with its message and changes nothing', async () => {
        const rec = await create(tier);
        const required = tier.editFields.filter((f) => f.required);
        expect(required.length).toBeGreaterThan(0);
        const before = await stateSnapshot(h);
        for (const f of required) {
          const r = await callSafe(h, 'PUT', `/api${tier.api}/${rec._id}`, { token: root(), body: { updatedFields: { ...editSecrets(tier), city: 'Changed', [f.name]: '' } } });
          expect(r.status, f.name).toBe(400);
          expect(r.json).toMatchObject({ success: false, message: requiredMessage(f), field: f.name });
        }
        expect((await call(h, 'PUT', `/api${tier.api}/${rec._id}`, { token: root(), body: { updatedFields: { ...editSecrets(tier), email: 'not-an-email' } } })).status).toBe(400);
        expect(await stateSnapshot(h)).toBe(before);
      });

      it('update: a new password is the one that logs in, and ends the sessions of the account', async () => {
        const rec = await create(tier);
        const token = canLogIn(tier) ? await loginAs(h, rec.username) : null;
        const hashBefore = (await h.db.query(`SELECT password_hash FROM accounts WHERE id = $1`, [Number(rec._id)]))[0].password_hash;
        const r = await callSafe(h, 'PUT', `/api${tier.api}/${rec._id}`, { token: root(), body: { updatedFields: { ...editSecrets(tier), password: 'brand-new-pass' } } });
        expect(r.status).toBe(200);
        const hashAfter = (await h.db.query(`SELECT password_hash FROM accounts WHERE id = $1`, [Number(rec._id)]))[0].password_hash;
        expect(hashAfter).not.toBe(hashBefore);
        // An empty password on an edit form means "unchanged", except where the form requires it again.
        const requiresSecrets = Object.keys(editSecrets(tier)).length > 0;
        const empty = await callSafe(h, 'PUT', `/api${tier.api}/${rec._id}`, { token: root(), body: { updatedFields: { password: '' } } });
        expect(empty.status).toBe(requiresSecrets ? 400 : 200);
        if (requiresSecrets) expect(empty.json.field).toBe('password');
        expect((await h.db.query(`SELECT password_hash FROM accounts WHERE id = $1`, [Number(rec._id)]))[0].password_hash).toBe(hashAfter);
        if (token) {
          expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(401);
          expect((await call(h, 'POST', '/api/auth/login', { body: { username: rec.username, password: 'secret-pass' } })).status).toBe(401);
          expect((await call(h, 'POST', '/api/auth/login', { body: { username: rec.username, password: 'brand-new-pass' } })).status).toBe(200);
        }
      });

      if (tier.kind === 'chain' && tier.parent !== 'superadmin')
        it('update: a new refId moves the account and its whole subtree', async () => {
          const parentRole = tier.parent as Exclude<Role, 'superadmin'>;
          const newParent = b[parentRole as keyof typeof b];
          // The account, and one account of every level below it.
          const moved = await create(tier);
          const below: Rec[] = [];
          let up = moved;
          for (let t = child; t; t = childTierOf(t.role)) {
            up = await createAs(h, root(), t.role, up._id);
            below.push(up);
          }
          const r = await callSafe(h, 'PUT', `/api${tier.api}/${moved._id}`, { token: root(), body: { updatedFields: { ...editSecrets(tier), refId: newParent._id } } });
          expect(r.status).toBe(200);
          expect((r.json.data as Rec).refId).toMatchObject({ _id: newParent._id, username: newParent.username });
          const paths = await h.db.query(`SELECT id::text AS id, path FROM accounts WHERE id = ANY($1::bigint[])`, [[moved, ...below].map((a) => Number(a._id))]);
          const parentPath = String((await h.db.query(`SELECT path FROM accounts WHERE id = $1`, [Number(newParent._id)]))[0].path);
          for (const p of paths) expect(String(p.path).startsWith(`${parentPath}${moved._id}/`), String(p.id)).toBe(true);
          const adminB = await loginAs(h, b.admin.username);
          for (const acc of [moved, ...below]) {
            expect((await call(h, 'GET', `/api${tierOf(acc.role).api}/${acc._id}`, { token: adminB })).status, acc.role).toBe(200);
            expect((await call(h, 'GET', `/api${tierOf(acc.role).api}/${acc._id}`, { token: tokens.admin })).status, acc.role).toBe(403);
          }
          if (below.length) {
            const deepest = below[below.length - 1];
            const seen = await callSafe(h, 'GET', `/api${tierOf(deepest.role).api}/all?id=${newParent._id}`, { token: adminB });
            expect((seen.json.data as Rec[]).map((a) => a._id)).toContain(deepest._id);
            const gone = await callSafe(h, 'GET', `/api${tierOf(deepest.role).api}/all?id=${A[parentRole]._id}`, { token: root() });
            expect((gone.json.data as Rec[]).map((a) => a._id)).not.toContain(deepest._id);
          }
          // A reference of another tier or outside the caller's subtree is refused, nothing moves.
          const before = await stateSnapshot(h);
          const wrongTier = parentRole === 'master' ? c.am._id : c.player._id;
          expect((await call(h, 'PUT', `/api${tier.api}/${moved._id}`, { token: root(), body: { updatedFields: { ...editSecrets(tier), refId: wrongTier } } })).status).toBe(400);
          expect((await call(h, 'PUT', `/api${tier.api}/${moved._id}`, { token: root(), body: { updatedFields: { ...editSecrets(tier), refId: '' } } })).status).toBe(400);
          expect((await call(h, 'PUT', `/api${tier.api}/${moved._id}`, { token: adminB, body: { updatedFields: { ...editSecrets(tier), refId: A[parentRole]._id } } })).status).toBe(403);
          expect(await stateSnapshot(h)).toBe(before);
        });

      it(`delete: 409 while holding points${child ? ' or accounts below' : ''}, then 200 '${tier.messages.deleteSuccess}'; gone afterwards`, async () => {
        const rec = await create(tier);
        const token = canLogIn(tier) ? await loginAs(h, rec.username) : null;
        expect((await giveTo(tier, rec._id, 5)).status).toBe(200);
        const before = await stateSnapshot(h);
        const holding = await callSafe(h, 'DELETE', `/api${tier.api}/${rec._id}`, { token: root() });
        expect(holding.status).toBe(409);
        expect(holding.json.success).toBe(false);
        expect(holding.json.message).toBeTruthy();
        expect(await stateSnapshot(h)).toBe(before);
        expect((await takeBack(tier, rec._id, 5)).status).toBe(200);
        let kid: Rec | null = null;
        if (child) {
          kid = await createAs(h, root(), child.role, rec._id);
          const busy = await callSafe(h, 'DELETE', `/api${tier.api}/${rec._id}`, { token: root() });
          expect(busy.status).toBe(409);
          expect(await get(tier, rec._id)).toMatchObject({ _id: rec._id });
          expect((await call(h, 'DELETE', `/api${child.api}/${kid._id}`, { token: root() })).status).toBe(200);
        }
        const r = await callSafe(h, 'DELETE', `/api${tier.api}/${rec._id}`, { token: root() });
        expect(r.status).toBe(200);
        expect(r.json).toMatchObject({ success: true, message: tier.messages.deleteSuccess });
        expect((await call(h, 'GET', `/api${tier.api}/${rec._id}`, { token: root() })).status).toBe(404);
        expect((await call(h, 'DELETE', `/api${tier.api}/${rec._id}`, { token: root() })).status).toBe(404);
        expect((await giveTo(tier, rec._id, 1)).status).toBe(404);
        const all = await callSafe(h, 'GET', `/api${tier.api}/all?perPage=500`, { token: root() });
        expect((all.json.data as Rec[]).map((a) => a._id)).not.toContain(rec._id);
        if (token) {
          expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(401);
          expect((await call(h, 'POST', '/api/auth/login', { body: { username: rec.username, password: 'secret-pass' } })).status).toBe(401);
        }
      });

      it('toggle-status: deactivate and activate with the product’s message; deactivation ends sessions and blocks transfers', async () => {
        const rec = await create(tier);
        const token = canLogIn(tier) ? await loginAs(h, rec.username) : null;
        const off = await callSafe(h, 'PATCH', `/api${tier.api}/toggle-status/${rec._id}/deactivate`, { token: root() });
        expect(off.status).toBe(200);
        expect(off.json).toMatchObject({ success: true, message: `User ${rec.username} has been successfully deactivated.`, data: { _id: rec._id, userStatus: false, status: 'inactive' } });
        expect((await get(tier, rec._id)).userStatus).toBe(false);
        if (token) {
          expect((await call(h, 'GET', '/api/auth/session', { token })).status).toBe(401);
          expect((await call(h, 'POST', '/api/auth/login', { body: { username: rec.username, password: 'secret-pass' } })).status).toBe(403);
        }
        const rootBefore = await balanceCents(h, h.root.id);
        const blocked = await giveTo(tier, rec._id, 3);
        expect(blocked.status).toBe(409);
        expect(blocked.json.success).toBe(false);
        expect(await balanceCents(h, h.root.id)).toBe(rootBefore);
        expect(await balanceCents(h, rec._id)).toBe(0n);

        const on = await callSafe(h, 'PATCH', `/api${tier.api}/toggle-status/${rec._id}/activate`, { token: root() });
        expect(on.status).toBe(200);
        expect(on.json).toMatchObject({ success: true, message: `User ${rec.username} has been successfully activated.`, data: { userStatus: true, status: 'active' } });
        expect((await giveTo(tier, rec._id, 3)).status).toBe(200);
        if (token) expect((await call(h, 'POST', '/api/auth/login', { body: { username: rec.username, password: 'secret-pass' } })).status).toBe(200);

        const before = await stateSnapshot(h);
        const bad = await callSafe(h, 'PATCH', `/api${tier.api}/toggle-status/${rec._id}/disable`, { token: root() });
        expect(bad.status).toBe(400);
        expect(bad.json.success).toBe(false);
        expect((await call(h, 'PATCH', `/api${tier.api}/toggle-status/98765432/deactivate`, { token: root() })).status).toBe(404);
        expect(await stateSnapshot(h)).toBe(before);
      });

      it('loadcredit/{id}: the caller wallet (the sender)', async () => {
        const parentRole = tier.parent as Role;
        const token = tokens[parentRole];
        const me = A[parentRole];
        const r = await callSafe(h, 'GET', `/api${tier.api}/loadcredit/${me._id}`, { token });
        expect(r.status).toBe(200);
        expect(r.json).toEqual({ success: true, data: [{ _id: me._id, walletBalance: Number(await balanceCents(h, me._id)) / 100 }] });
        expect((await call(h, 'GET', `/api${tier.api}/loadcredit/${me._id}`)).status).toBe(401);
      });
    });
  }

  describe('other account calls', () => {
    it('credit/loadcredit answers the caller own wallet, exactly', async () => {
      await fund(h, c.sam._id, 12.34, 'superareamanager');
      for (const [role, acc] of [['superareamanager', c.sam], ['superadmin', A.superadmin], ['player', c.player]] as const) {
        const r = await callSafe(h, 'GET', `/api/credit/loadcredit?id=${acc._id}`, { token: tokens[role] });
        expect(r.status).toBe(200);
        expect(r.json).toEqual({ success: true, data: [{ _id: acc._id, walletBalance: Number(await balanceCents(h, acc._id)) / 100 }] });
      }
      const sam = await callSafe(h, 'GET', `/api/credit/loadcredit`, { token: tokens.superareamanager });
      expect((sam.json.data as { walletBalance: number }[])[0].walletBalance).toBeGreaterThanOrEqual(12.34);
      expect((await call(h, 'GET', '/api/credit/loadcredit')).status).toBe(401);
    });

    it('counts/usercount counts within the caller subtree only', async () => {
      const t = root();
      const admin = await createAs(h, t, 'admin', h.root.id);
      const sam1 = await createAs(h, t, 'superareamanager', admin._id);
      await createAs(h, t, 'superareamanager', admin._id);
      const am = await createAs(h, t, 'areamanager', sam1._id);
      const m1 = await createUnder(h, t, 'master', am._id);
      const m2 = await createUnder(h, t, 'master', am._id);
      await createAs(h, t, 'player', m1._id);
      await createAs(h, t, 'player', m1._id);
      const p3 = await createAs(h, t, 'player', m2._id);
      const adminToken = await loginAs(h, admin.username);
      const expected = { success: true, count: 3, countSuperDistributors: 2, countDistributors: 1, countRetailers: 2 };
      expect((await callSafe(h, 'GET', '/api/counts/usercount', { token: adminToken })).json).toEqual(expected);
      expect((await callSafe(h, 'GET', `/api/counts/usercount?id=${admin._id}&role=admin`, { token: t })).json).toEqual(expected);
      expect((await callSafe(h, 'GET', `/api/counts/usercount?id=${m1._id}`, { token: adminToken })).json).toEqual({
        success: true,
        count: 2,
        countSuperDistributors: 0,
        countDistributors: 0,
        countRetailers: 0,
      });
      // Outside the caller's subtree: 403.
      expect((await call(h, 'GET', `/api/counts/usercount?id=${c.admin._id}`, { token: adminToken })).status).toBe(403);
      expect((await call(h, 'GET', `/api/counts/usercount?id=${admin._id}`, { token: tokens.admin })).status).toBe(403);
      // Deleted accounts are not counted.
      expect((await call(h, 'DELETE', `/api/player/${p3._id}`, { token: t })).status).toBe(200);
      expect((await callSafe(h, 'GET', '/api/counts/usercount', { token: adminToken })).json).toEqual({ ...expected, count: 2 });
      // A player counts nothing below it.
      const pc = await callSafe(h, 'GET', '/api/counts/usercount', { token: tokens.player });
      expect(pc.json).toEqual({ success: true, count: 0, countSuperDistributors: 0, countDistributors: 0, countRetailers: 0 });
      // The superadmin's numbers equal the database's.
      const rows = await h.db.query(`SELECT role, count(*)::int AS n FROM accounts WHERE deleted_at IS NULL GROUP BY role`);
      const n = (role: string) => Number(rows.find((r) => r.role === role)?.n ?? 0);
      expect((await callSafe(h, 'GET', '/api/counts/usercount', { token: t })).json).toEqual({
        success: true,
        count: n('player'),
        countSuperDistributors: n('superareamanager'),
        countDistributors: n('areamanager'),
        countRetailers: n('master'),
      });
    });

    it('game/usergames: the whole catalogue for the superadmin, an admin its own games', async () => {
      const all = await callSafe(h, 'GET', `/api/game/usergames/${h.root.id}`, { token: root() });
      expect(all.status).toBe(200);
      expect((all.json.data as { gameName: string }[]).map((g) => g.gameName)).toEqual(GAMES.map((g) => g.gameName));
      expect((all.json.data as { gameId: string }[]).map((g) => g.gameId)).toEqual(GAMES.map((g) => g.gameId));
      const admin = await createAs(h, root(), 'admin', h.root.id, { games: [catalogue[1]._id, catalogue[3]._id] });
      const adminToken = await loginAs(h, admin.username);
      for (const token of [root(), adminToken]) {
        const r = await callSafe(h, 'GET', `/api/game/usergames/${admin._id}`, { token });
        expect(r.status).toBe(200);
        expect(r.json.data).toEqual([catalogue[1], catalogue[3]]);
      }
      const none = await callSafe(h, 'GET', `/api/game/usergames/${c.admin._id}`, { token: tokens.admin });
      expect(none.json.data).toEqual([]);
      expect((await call(h, 'GET', `/api/game/usergames/${admin._id}`, { token: tokens.admin })).status).toBe(403);
      expect((await call(h, 'GET', `/api/game/usergames/${h.root.id}`, { token: adminToken })).status).toBe(403);
      expect((await call(h, 'GET', `/api/game/usergames/${c.player._id}`, { token: root() })).status).toBe(404);
      expect((await call(h, 'GET', `/api/game/usergames/${h.root.id}`)).status).toBe(401);
    });
  });

  describe('duplicate email and phone', () => {
    it('create: 409 with a clear message, nothing written (email compared case-insensitively)', async () => {
      const first = await createAs(h, root(), 'admin', h.root.id, { email: 'dup.owner@example.com', phone: '9811122233' });
      const before = await stateSnapshot(h);
      const email = await callSafe(h, 'POST', '/api/admins/create', { token: root(), body: validBody('admin', { refId: h.root.id, email: 'DUP.Owner@example.com' }) });
      expect(email.status).toBe(409);
      expect(email.json).toMatchObject({ success: false, field: 'email' });
      expect(email.json.message).toMatch(/email/i);
      const phone = await callSafe(h, 'POST', '/api/superareamanager/create', { token: root(), body: validBody('superareamanager', { refId: first._id, phone: '9811122233' }) });
      expect(phone.status).toBe(409);
      expect(phone.json).toMatchObject({ success: false, field: 'phone' });
      expect(phone.json.message).toMatch(/phone/i);
      expect(await stateSnapshot(h)).toBe(before);
    });

    it('update: 409, nothing changed; a deleted account frees its email', async () => {
      const one = await createUnder(h, root(), 'master', c.am._id, { email: 'taken.one@example.com', phone: '9822233344' });
      const two = await createUnder(h, root(), 'master', c.am._id);
      const before = await stateSnapshot(h);
      const r = await callSafe(h, 'PUT', `/api/master/${two._id}`, { token: root(), body: { updatedFields: { city: 'Goa', email: 'taken.one@example.com' } } });
      expect(r.status).toBe(409);
      expect(r.json.message).toMatch(/email/i);
      expect((await call(h, 'PUT', `/api/master/${two._id}`, { token: root(), body: { updatedFields: { phone: '9822233344' } } })).status).toBe(409);
      expect(await stateSnapshot(h)).toBe(before);
      expect((await call(h, 'DELETE', `/api/master/${one._id}`, { token: root() })).status).toBe(200);
      const ok = await callSafe(h, 'PUT', `/api/master/${two._id}`, { token: root(), body: { updatedFields: { email: 'taken.one@example.com' } } });
      expect(ok.status).toBe(200);
      expect((ok.json.data as Rec).email).toBe('taken.one@example.com');
    });
  });

  it('leaves the ledger invariant intact', async () => {
    expect((await checkInvariant(h.db)).ok).toBe(true);
  });
});
