/**
 * Credit transfer in one database call after the session's (td_transfer, server/db/functions/td_transfer.sql):
 * the target check, the movement, the idempotency key and the activity row commit together; a refused
 * transfer leaves no ledger row and no key; replays move once; parallel transfers keep the ledger.
 * One path for every transfer: the auth hook resolves the session, then the transfer runs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES } from '../../domain/creditValidation';
import { tierOf, type Role } from '../../resources.config';
import { checkInvariant } from '../../server/credit/ledger';
import type { Database } from '../../server/db/client';
import {
  balanceCents,
  call,
  createAs,
  createUnder,
  createChain,
  engineAvailable,
  fund,
  ledgerCount,
  loginAs,
  startHarness,
  type Harness,
} from './harness';
import type { AccountRecord } from '../../resources.config';

interface CreditData {
  transactionId: string;
  replayed: boolean;
  sender: { _id: string; walletBalance: number };
  receiver: { _id: string; walletBalance: number } | null;
}

describe.runIf(engineAvailable())('credit transfer in one call', () => {
  let h: Harness;
  let chain: Awaited<ReturnType<typeof createChain>>;
  let other: Awaited<ReturnType<typeof createChain>>;
  let masterToken: string;

  beforeAll(async () => {
    h = await startHarness();
    chain = await createChain(h);
    other = await createChain(h);
    masterToken = await loginAs(h, chain.master.username);
    await fund(h, chain.master._id, 1000, 'master');
  });
  afterEach(async () => {
    const inv = await checkInvariant(h.db);
    expect(inv, 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(() => h?.close());

  const send = (token: string, me: string, tier: Role, toUserId: unknown, transferAmount: unknown, key?: string, password = 'secret-pass') =>
    call(h, 'POST', `/api${tierOf(tier).api}/credit-transfer`, {
      token,
      body: { userId: me, password, transferAmount, toUserId },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const fromMaster = (toUserId: unknown, amount: unknown, key?: string) => send(masterToken, chain.master._id, 'player', toUserId, amount, key);

  const activityRows = async (username: string) =>
    Number((await h.db.query(`SELECT count(*)::int AS n FROM activity_logs WHERE username = $1`, [username]))[0].n);
  const keyRows = async (key: string) => Number((await h.db.query(`SELECT count(*)::int AS n FROM transactions WHERE idempotency_key = $1`, [key]))[0].n);

  /** Counts the statements the app sends while `fn` runs (the app's own Database object, forwarding to the real engine). */
  async function statementsDuring(db: Database, fn: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const real = db.query;
    db.query = (async (text: string, params?: unknown[]) => {
      seen.push(text.replace(/\s+/g, ' ').trim());
      return real.call(db, text, params);
    }) as Database['query'];
    try {
      await fn();
    } finally {
      db.query = real;
    }
    return seen;
  }

  it('a session that proved its password transfers in one database call after its session lookup: ledger row and activity row together', async () => {
    // The first transfer of the session proves the password (argon2 and the lockout counter).
    expect((await fromMaster(chain.player._id, 1)).status).toBe(200);
    const rows = await ledgerCount(h);
    const logged = await activityRows(chain.master.username);
    const before = await balanceCents(h, chain.player._id);
    let r: Awaited<ReturnType<typeof fromMaster>> | undefined;
    const statements = await statementsDuring(h.db, async () => {
      r = await fromMaster(chain.player._id, 2.5);
    });
    expect(r?.status).toBe(200);
    expect(r?.json).toMatchObject({ success: true, message: CREDIT_MESSAGES.transfer.success });
    const d = r?.json.data as CreditData;
    expect(d.receiver).toEqual({ _id: chain.player._id, walletBalance: Number(before + 250n) / 100 });
    // Two statements: the auth hook's session lookup, then the target check, the move and the activity row (td_transfer).
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain('FROM sessions');
    expect(statements[1]).toContain('FROM td_transfer(');
    expect(await ledgerCount(h)).toBe(rows + 1);
    expect(await activityRows(chain.master.username)).toBe(logged + 1);
    const [row] = await h.db.query<{ subject: string; request_url: string; method: string; ip_address: string; account_id: string }>(
      `SELECT subject, request_url, method, ip_address, account_id::text AS account_id FROM activity_logs ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({ subject: 'Credit transfer to Player', request_url: '/api/player/credit-transfer', method: 'POST', ip_address: '127.0.0.1', account_id: chain.master._id });
    const [tx] = await h.db.query<{ message: string }>(`SELECT message FROM transactions WHERE id = $1`, [Number(d.transactionId)]);
    expect(tx.message).toBe(`Transfer of 2.50 to ${chain.player.username}`);
  });

  it('an idempotent replay returns the same result and moves once', async () => {
    const key = 'one-call-replay-1';
    const rows = await ledgerCount(h);
    const playerBefore = await balanceCents(h, chain.player._id);
    const first = await fromMaster(chain.player._id, 3.21, key);
    const second = await fromMaster(chain.player._id, 3.21, key);
    expect([first.status, second.status]).toEqual([200, 200]);
    const d1 = first.json.data as CreditData;
    const d2 = second.json.data as CreditData;
    expect(d1.replayed).toBe(false);
    expect(d2).toEqual({ ...d1, replayed: true });
    expect(await ledgerCount(h)).toBe(rows + 1);
    expect(await keyRows(key)).toBe(1);
    expect(await balanceCents(h, chain.player._id)).toBe(playerBefore + 321n);
    // The same key for another amount is a client error, and moves nothing.
    const reused = await fromMaster(chain.player._id, 4, key);
    expect(reused.status).toBe(422);
    expect(reused.json).toMatchObject({ success: false, code: 'idempotencyReused' });
    expect(await ledgerCount(h)).toBe(rows + 1);
  });

  it('a refused transfer writes no ledger row, no idempotency key and no transfer activity row; the key stays free', async () => {
    const inactive = await createAs(h, h.root.token, 'player', chain.master._id);
    expect((await call(h, 'PATCH', `/api/player/toggle-status/${inactive._id}/deactivate`, { token: h.root.token })).status).toBe(200);
    const have = await balanceCents(h, chain.master._id);
    const cases: { what: string; to: AccountRecord | string; amount: number; status: number; code: string }[] = [
      { what: 'insufficient balance', to: chain.player, amount: Number(have + 1n) / 100, status: 409, code: 'insufficientBalance' },
      { what: 'outside the subtree', to: other.player, amount: 1, status: 403, code: 'outsideHierarchy' },
      { what: 'inactive target', to: inactive, amount: 1, status: 409, code: 'receiverInactive' },
      { what: 'unknown target', to: '98765432', amount: 1, status: 404, code: 'accountNotFound' },
    ];
    for (const [i, c] of cases.entries()) {
      const key = `one-call-refused-${i}`;
      const rows = await ledgerCount(h);
      const balances = await h.db.query(`SELECT id, wallet_balance::text FROM accounts ORDER BY id`);
      const logged = await activityRows(chain.master.username);
      const r = await fromMaster(typeof c.to === 'string' ? c.to : c.to._id, c.amount, key);
      expect(r.status, c.what).toBe(c.status);
      expect(r.json, c.what).toMatchObject({ success: false, code: c.code });
      expect(await ledgerCount(h), c.what).toBe(rows);
      expect(await keyRows(key), c.what).toBe(0);
      expect(await h.db.query(`SELECT id, wallet_balance::text FROM accounts ORDER BY id`), c.what).toEqual(balances);
      // What remains is the attempt's own row, written by the HTTP hook as for every refused request.
      // The hook runs on the response's end, after inject has its answer: it is waited for, then counted.
      await expect.poll(() => activityRows(chain.master.username), { timeout: 5_000 }).toBeGreaterThanOrEqual(logged + 1);
      expect(await activityRows(chain.master.username), c.what).toBe(logged + 1);
    }
    // The refused calls left their keys unused: a valid transfer with one of them moves.
    const ok = await fromMaster(chain.player._id, 1, 'one-call-refused-0');
    expect(ok.status).toBe(200);
    expect((ok.json.data as CreditData).replayed).toBe(false);
  });

  it('a tier the caller does not manage (403) or a target of another tier (404) answers as before and writes nothing, proven session or not', async () => {
    await fund(h, chain.areamanager._id, 10, 'areamanager');
    const am = await loginAs(h, chain.areamanager.username);
    const rows = await ledgerCount(h);
    const r = await send(masterToken, chain.master._id, 'master', chain.player._id, 1);
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ code: 'tierNotManaged' });
    const unproven = await send(am, chain.areamanager._id, 'master', chain.player._id, 1);
    expect(unproven.status).toBe(404);
    expect(unproven.json).toMatchObject({ code: 'noAccountOfTier', message: 'No Master account with this id.' });
    expect(await ledgerCount(h)).toBe(rows);
    // Proven by a transfer that succeeds, the target is checked by td_transfer itself: the same refusal, identical.
    expect((await send(am, chain.areamanager._id, 'master', chain.master._id, 1)).status).toBe(200);
    const proven = await send(am, chain.areamanager._id, 'master', chain.player._id, 1);
    expect({ status: proven.status, json: proven.json }).toEqual({ status: unproven.status, json: unproven.json });
    expect(await ledgerCount(h)).toBe(rows + 1);
  });

  it('a proven session is checked as on every route: slid expiry; expired, revoked or suspended answer 401 and move nothing', async () => {
    const token = await loginAs(h, chain.master.username);
    const as = (amount: number) => send(token, chain.master._id, 'player', chain.player._id, amount);
    expect((await as(0.01)).status).toBe(200); // proves the password; the next ones skip the password check
    const sessionOf = async () =>
      (await h.db.query<{ id: string }>(`SELECT s.id::text AS id FROM sessions s WHERE s.account_id = $1 AND s.revoked_at IS NULL ORDER BY s.id DESC LIMIT 1`, [Number(chain.master._id)]))[0].id;
    const sid = await sessionOf();
    // Close to its idle expiry: a transfer slides it, as any request does.
    await h.db.query(`UPDATE sessions SET expires_at = now() + interval '5 minutes' WHERE id = $1`, [Number(sid)]);
    expect((await as(0.01)).status).toBe(200);
    const [slid] = await h.db.query<{ ok: boolean }>(`SELECT expires_at > now() + interval '25 minutes' AS ok FROM sessions WHERE id = $1`, [Number(sid)]);
    expect(slid.ok).toBe(true);
    const refusedAs = async (what: string) => {
      const rows = await ledgerCount(h);
      const r = await as(0.01);
      expect({ what, status: r.status, code: r.json.code }).toEqual({ what, status: 401, code: 'sessionExpired' });
      expect(await ledgerCount(h), what).toBe(rows);
    };
    // Idle-expired.
    await h.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [Number(sid)]);
    await refusedAs('expired');
    await h.db.query(`UPDATE sessions SET expires_at = now() + interval '30 minutes' WHERE id = $1`, [Number(sid)]);
    expect((await as(0.01)).status).toBe(200);
    // An ancestor deactivated: the whole subtree is suspended.
    expect((await call(h, 'PATCH', `/api/areamanager/toggle-status/${chain.areamanager._id}/deactivate`, { token: h.root.token })).status).toBe(200);
    await h.db.query(`UPDATE sessions SET revoked_at = NULL WHERE id = $1`, [Number(sid)]); // deactivation may revoke; the ancestor rule must hold alone
    await refusedAs('suspended by an ancestor');
    expect((await call(h, 'PATCH', `/api/areamanager/toggle-status/${chain.areamanager._id}/activate`, { token: h.root.token })).status).toBe(200);
    expect((await as(0.01)).status).toBe(200);
    // Revoked by a logout.
    expect((await call(h, 'GET', '/api/auth/logout', { token })).status).toBe(200);
    await refusedAs('revoked');
    masterToken = await loginAs(h, chain.master.username); // the deactivation above ended the master's other sessions
  });

  describe('the child route (…/:id/children/:childId/credit-transfer)', () => {
    const viaParent = (token: string, me: string, parentTier: Role, parentId: string, childId: string, transferAmount: unknown) =>
      call(h, 'POST', `/api${tierOf(parentTier).api}/${parentId}/children/${childId}/credit-transfer`, { token, body: { userId: me, password: 'secret-pass', transferAmount } });

    it('a proven session transfers to a parent’s child: the route’s lookups, then one call for the move and the activity row', async () => {
      await fund(h, chain.areamanager._id, 20, 'areamanager');
      const am = await loginAs(h, chain.areamanager.username);
      const go = (amount: number) => viaParent(am, chain.areamanager._id, 'master', chain.master._id, chain.player._id, amount);
      expect((await go(1)).status).toBe(200); // proves the password
      const rows = await ledgerCount(h);
      const before = await balanceCents(h, chain.player._id);
      let r: Awaited<ReturnType<typeof go>> | undefined;
      const statements = await statementsDuring(h.db, async () => {
        r = await go(1.25);
      });
      expect(r?.status).toBe(200);
      expect((r?.json.data as CreditData).receiver).toEqual({ _id: chain.player._id, walletBalance: Number(before + 125n) / 100 });
      // The session, the parent (loadManaged) and the child (loadChild), then td_transfer.
      expect(statements).toHaveLength(4);
      expect(statements[0]).toContain('FROM sessions');
      expect(statements[3]).toContain('FROM td_transfer(');
      expect(await ledgerCount(h)).toBe(rows + 1);
      const [row] = await h.db.query<{ subject: string; request_url: string }>(`SELECT subject, request_url FROM activity_logs ORDER BY id DESC LIMIT 1`);
      expect(row).toEqual({ subject: 'Credit transfer to child of Master', request_url: `/api/master/${chain.master._id}/children/${chain.player._id}/credit-transfer` });
      // The caller as the parent: the master to its own player.
      const m = await loginAs(h, chain.master.username);
      const own = () => viaParent(m, chain.master._id, 'master', chain.master._id, chain.player._id, 0.5);
      expect((await own()).status).toBe(200);
      const second = await statementsDuring(h.db, async () => expect((await own()).status).toBe(200));
      expect(second.at(-1)).toContain('FROM td_transfer(');
      expect(second.filter((q) => q.includes('td_transfer'))).toHaveLength(1);
    });

    it('every refusal answers as the usual path does, proven session or not, and moves nothing', async () => {
      await fund(h, chain.areamanager._id, 20, 'areamanager');
      const otherMaster = await createUnder(h, h.root.token, 'master', chain.areamanager._id);
      const otherPlayer = await createAs(h, h.root.token, 'player', otherMaster._id);
      const cases: { what: string; tier: Role; parent: string; child: string; status: number; code: string }[] = [
        { what: 'a child of another parent', tier: 'master', parent: chain.master._id, child: otherPlayer._id, status: 404, code: 'noChildAccount' },
        { what: 'a parent outside the subtree', tier: 'master', parent: other.master._id, child: other.player._id, status: 403, code: 'outsideHierarchy' },
        { what: 'a parent of another tier', tier: 'master', parent: chain.player._id, child: chain.player._id, status: 404, code: 'noAccountOfTier' },
        { what: 'an unknown parent', tier: 'master', parent: '98765432', child: chain.player._id, status: 404, code: 'accountNotFound' },
        { what: 'an unknown child', tier: 'master', parent: chain.master._id, child: '98765432', status: 404, code: 'accountNotFound' },
        { what: 'a parent id that is not one', tier: 'master', parent: 'abc', child: chain.player._id, status: 404, code: 'accountNotFound' },
        { what: 'a tier with no child tier', tier: 'player', parent: chain.player._id, child: chain.player._id, status: 404, code: 'noChildTier' },
        { what: 'the caller itself on another tier’s route', tier: 'master', parent: chain.areamanager._id, child: chain.master._id, status: 403, code: 'outsideHierarchy' },
      ];
      const answers = async (token: string) => {
        const out: { what: string; status: number; json: Record<string, unknown> }[] = [];
        for (const c of cases) {
          const rows = await ledgerCount(h);
          const r = await viaParent(token, chain.areamanager._id, c.tier, c.parent, c.child, 1);
          expect({ what: c.what, status: r.status, code: r.json.code }).toEqual({ what: c.what, status: c.status, code: c.code });
          expect(await ledgerCount(h), c.what).toBe(rows);
          out.push({ what: c.what, status: r.status, json: r.json });
        }
        return out;
      };
      const unproven = await answers(await loginAs(h, chain.areamanager.username));
      const proven = await loginAs(h, chain.areamanager.username);
      expect((await viaParent(proven, chain.areamanager._id, 'master', otherMaster._id, otherPlayer._id, 1)).status).toBe(200);
      expect(await answers(proven)).toEqual(unproven);
    });
  });

  it('many parallel transfers, replays and refusals keep the ledger exact', async () => {
    const players = [chain.player, ...(await Promise.all([1, 2, 3].map(() => createAs(h, h.root.token, 'player', chain.master._id))))];
    const am = await loginAs(h, chain.areamanager.username);
    await fund(h, chain.areamanager._id, 100, 'areamanager');
    const rows = await ledgerCount(h);
    const masterBefore = await balanceCents(h, chain.master._id);
    const playersBefore = await Promise.all(players.map((p) => balanceCents(h, p._id)));
    // 60 requests at once: the master to its players (every third a twin of another), the area manager
    // to the master, and some larger than any wallet.
    const calls = Array.from({ length: 60 }, (_, i) => {
      if (i % 10 === 9) return fromMaster(players[i % 4]._id, 1_000_000, `par-big-${i}`).then((r) => ({ r, to: 'none', cents: 0n, key: `par-big-${i}` }));
      if (i % 5 === 0) return send(am, chain.areamanager._id, 'master', chain.master._id, 2).then((r) => ({ r, to: 'master', cents: 200n, key: '' }));
      const key = `par-${Math.floor(i / 3)}-${i % 3 === 2 ? 'twin' : i}`;
      return fromMaster(players[i % 4]._id, 0.07, key).then((r) => ({ r, to: players[i % 4]._id, cents: 7n, key }));
    });
    const done = await Promise.all(calls);
    for (const { r } of done) expect([200, 409]).toContain(r.status);
    const moved = done.filter((x) => x.r.status === 200 && !(x.r.json.data as CreditData).replayed);
    expect(done.filter((x) => x.to === 'none').every((x) => x.r.status === 409)).toBe(true);
    expect(await ledgerCount(h)).toBe(rows + moved.length);
    const inMaster = moved.filter((x) => x.to === 'master').reduce((s, x) => s + x.cents, 0n);
    const outMaster = moved.filter((x) => x.to !== 'master').reduce((s, x) => s + x.cents, 0n);
    expect(await balanceCents(h, chain.master._id)).toBe(masterBefore + inMaster - outMaster);
    for (const [i, p] of players.entries()) {
      const got = moved.filter((x) => x.to === p._id).reduce((s, x) => s + x.cents, 0n);
      expect(await balanceCents(h, p._id)).toBe(playersBefore[i] + got);
    }
    // Each key moved at most once.
    const [dup] = await h.db.query(`SELECT count(*)::int AS n FROM (SELECT idempotency_key FROM transactions WHERE idempotency_key LIKE 'par-%' GROUP BY 1 HAVING count(*) > 1) d`);
    expect(Number(dup.n)).toBe(0);
  });
});
