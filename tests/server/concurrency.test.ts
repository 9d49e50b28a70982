/**
 * 64 clients doing random transfers and adjusts in both directions through the
 * real HTTP API of a listening server for 20 s, on PostgreSQL. Afterwards no balance is negative,
 * Σ balances = Σ generated − Σ burned, every balance equals the sum of its ledger rows, the balances
 * equal what the clients were told succeeded, and no request answered 5xx.
 *
 * PostgreSQL only (project server-pg, TEST_ENGINE=postgres): PGlite is one in-process connection
 * that runs one query at a time, so no two transactions ever overlap there.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { CHAIN, tierOf, type Role } from '../../resources.config';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { checkInvariant } from '../../server/credit/ledger';
import type { Database } from '../../server/db/client';
import { seed } from '../../server/setup/seed';
import { ENGINE, PG_URL } from './engine';
import { engineAvailable, openTestDatabase, SUPERADMIN_PASSWORD, validBody } from './harness';

const SECONDS = Number(process.env.CONCURRENCY_SECONDS ?? 20);
const CLIENTS = 64;
const PASSWORD = 'secret-pass'; // validBody's password for every created account

const runs = ENGINE === 'postgres' && engineAvailable();
const skipReason =
  ENGINE !== 'postgres'
    ? `skipped: TEST_ENGINE=${process.env.TEST_ENGINE ?? '(unset)'} runs PGlite, one in-process connection with no overlapping transactions; run \`npx vitest run --project server-pg\``
    : `skipped: PostgreSQL at ${PG_URL} did not answer in the global setup (see its warning above)`;
const TITLE = `${CLIENTS} HTTP clients, ${SECONDS} s of random transfers and adjusts on PostgreSQL`;
if (!runs) console.warn(`[concurrency.test] ${skipReason}`);

interface Node {
  id: number;
  username: string;
  role: Role;
  parent: number | null;
  /** Every account strictly below, and the direct children. */
  below: Node[];
  children: Node[];
  token: string;
}

interface Reply {
  status: number;
  json: { success?: boolean; message?: string; data?: Record<string, unknown>; token?: string; user?: AccountRecord };
  ms: number;
}

/** A counted request kind: each attempt tallies its status under its kind. */
type OpKind =
  | 'transfer'
  | 'transfer-child-route'
  | 'adjust-credit'
  | 'adjust-debit'
  | 'overdraw'
  | 'wrong-password'
  | 'idem-concurrent'
  | 'idem-retry'
  | 'generate'
  | 'burn';

describe.runIf(runs)(runs ? TITLE : `${TITLE} — ${skipReason}`, () => {
  let db: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let base = '';
  const serverLog: string[] = [];

  const nodes = new Map<number, Node>();
  let root: Node;
  /** What the clients were told moved (cents): 200 answers that were not replays. */
  const expected = new Map<number, number>();
  let generatedCents = 0;
  let burnedCents = 0;
  /** Last balance (cents) the server reported for each account: sizes the overdraws and take-alls. */
  const known = new Map<number, number>();

  async function api(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const t0 = performance.now();
    try {
      const res = await fetch(base + path, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      let json: Reply['json'] = {};
      try {
        json = JSON.parse(text) as Reply['json'];
      } catch {
        /* not JSON */
      }
      return { status: res.status, json, ms: performance.now() - t0 };
    } catch (e) {
      // A dropped connection: counted as status 0, which fails the test like a 5xx.
      return { status: 0, json: { message: (e as Error).message }, ms: performance.now() - t0 };
    }
  }

  const record = (rec: Record<string, unknown> | undefined) => {
    for (const side of ['sender', 'receiver'] as const) {
      const s = rec?.[side] as { _id: string; walletBalance: number | null } | null | undefined;
      if (s && typeof s.walletBalance === 'number') known.set(Number(s._id), Math.round(s.walletBalance * 100));
    }
  };

  /** Applies a 200 answer to the clients' own book (a replay moved nothing new). */
  function book(r: Reply, from: number | null, to: number | null, cents: number) {
    if (r.status !== 200) return;
    record(r.json.data);
    if (r.json.data?.replayed) return;
    if (from !== null) expected.set(from, (expected.get(from) ?? 0) - cents);
    if (to !== null) expected.set(to, (expected.get(to) ?? 0) + cents);
    if (from === null) generatedCents += cents;
    if (to === null) burnedCents += cents;
  }

  const pts = (cents: number) => Number((cents / 100).toFixed(2));

  async function must(r: Promise<Reply>, what: string): Promise<Reply> {
    const x = await r;
    if (x.status >= 300) throw new Error(`${what}: ${x.status} ${JSON.stringify(x.json)}`);
    return x;
  }

  async function login(username: string, password: string): Promise<string> {
    const r = await must(api('POST', '/api/auth/login', undefined, { username, password }), `login ${username}`);
    return r.json.token as string;
  }

  /** Creates `count` accounts of `role` under each parent (as the superadmin), the parents in parallel. */
  async function createLevel(parents: Node[], role: Role, count: number): Promise<Node[]> {
    const made = await Promise.all(
      parents.flatMap((p) =>
        Array.from({ length: count }, async () => {
          for (let attempt = 0; ; attempt++) {
            const r = await api('POST', `/api${tierOf(role).api}/create`, root.token, validBody(role, { refId: String(p.id) }));
            // validBody's phone numbers are random: a rare duplicate (409) just tries another.
            if (r.status === 409 && attempt < 3) continue;
            if (r.status !== 201) throw new Error(`create ${role}: ${r.status} ${JSON.stringify(r.json)}`);
            const rec = r.json.data as unknown as AccountRecord;
            const n: Node = { id: Number(rec._id), username: rec.username, role, parent: p.id, below: [], children: [], token: '' };
            nodes.set(n.id, n);
            p.children.push(n);
            for (let a: Node | undefined = p; a; a = a.parent === null ? undefined : nodes.get(a.parent)) a.below.push(n);
            return n;
          }
        }),
      ),
    );
    return made;
  }

  beforeAll(async () => {
    const t0 = performance.now();
    ({ db, drop } = await openTestDatabase(20)); // the production pool size (server/db/client.ts)
    await seed(db, { username: 'superadmin', password: SUPERADMIN_PASSWORD });
    // This run is about money under load: its random wrong passwords must not lock the operators out
    // (the lockout itself is tested in security.test.ts).
    const config = { ...configFromEnv({}), clientDir: '/nonexistent', loginRateLimit: 10_000, lockoutThreshold: 1_000_000 };
    // Warnings (a lost activity row) and errors (a 500) are kept and must stay empty.
    const stream = { write: (line: string) => void serverLog.push(line) };
    app = await buildApp({ db, config, logger: { level: 'warn', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const rootToken = await login('superadmin', SUPERADMIN_PASSWORD);
    const me = (await must(api('GET', '/api/auth/session', rootToken), 'session')).json.user as AccountRecord;
    root = { id: Number(me._id), username: me.username, role: 'superadmin', parent: null, below: [], children: [], token: rootToken };
    nodes.set(root.id, root);

    // Two accounts of every chain tier under each of the tier above: 2 admins, 4 super area managers,
    // 8 area managers, 16 masters, 32 players in the shipped chain.
    const levels: Node[][] = [[root]];
    for (const role of CHAIN.slice(1)) levels.push(await createLevel(levels.at(-1)!, role, 2));
    const operators = levels.slice(1, -1).flat();
    await Promise.all(operators.map(async (o) => void (o.token = await login(o.username, PASSWORD))));

    // The superadmin generates 1,000,000 points; each level hands part of its points down.
    const gen = await must(
      api('POST', '/api/superadmins/credit-adjust', root.token, { password: SUPERADMIN_PASSWORD, adjustAmount: 1_000_000, transactionType: 'credit', toUserId: String(root.id) }),
      'generate',
    );
    book(gen, null, root.id, 100_000_000);
    const spread = async (givers: Node[], cents: number, pw: string) =>
      Promise.all(
        givers.flatMap((g) =>
          g.children.map(async (c) => {
            const r = await must(
              api('POST', `/api${tierOf(c.role).api}/credit-transfer`, g.token, { userId: String(g.id), password: pw, transferAmount: pts(cents), toUserId: String(c.id) }),
              `spread to ${c.username}`,
            );
            book(r, g.id, c.id, cents);
          }),
        ),
      );
    // 200,000 points per admin, then 50,000, 10,000, 2,000 and 200 a level down; a level a registry
    // adds gets a tenth of the one above, so every giver keeps more than it hands its two children.
    const share = [20_000_000, 5_000_000, 1_000_000, 200_000, 20_000];
    for (let d = 0; d < levels.length - 1; d++)
      await spread(levels[d]!, share[d] ?? share.at(-1)! / 10 ** (d - share.length + 1), d === 0 ? SUPERADMIN_PASSWORD : PASSWORD);
    console.log(`[concurrency] setup: ${nodes.size} accounts (${operators.length + 1} operators logged in), points spread, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  });

  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('keeps every balance non-negative and equal to its ledger, Σ balances = Σ generated − Σ burned, and never answers 5xx', async () => {
    const operators = [...nodes.values()].filter((n) => n.token !== '');
    const pick = <T,>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];
    const passwordOf = (o: Node) => (o === root ? SUPERADMIN_PASSWORD : PASSWORD);
    /** A small amount, at most ~1/20 of what the paying side was last seen holding (at least 0.01). */
    const small = (payer: number) => Math.max(1, Math.floor(Math.random() * Math.min(50_000, Math.max(1, (known.get(payer) ?? 10_000) / 20))));

    const counts = new Map<OpKind, Map<number, number>>();
    const tally = (k: OpKind, status: number) => {
      const m = counts.get(k) ?? new Map<number, number>();
      m.set(status, (m.get(status) ?? 0) + 1);
      counts.set(k, m);
    };
    const latencies: number[] = [];
    const unexpected: string[] = [];
    let idemSplit = 0;

    /** One credit request: a transfer or an adjust by `o` on `t` (`t` null = the superadmin on itself). */
    interface Req {
      path: string;
      body: Record<string, unknown>;
      from: number | null;
      to: number | null;
      cents: number;
    }
    const transferReq = (o: Node, t: Node, cents: number, childRoute = false): Req => ({
      path: childRoute ? `/api${tierOf(o.role).api}/${o.id}/children/${t.id}/credit-transfer` : `/api${tierOf(t.role).api}/credit-transfer`,
      body: { userId: String(o.id), password: passwordOf(o), transferAmount: pts(cents), toUserId: String(t.id) },
      from: o.id,
      to: t.id,
      cents,
    });
    const adjustReq = (o: Node, t: Node, type: 'credit' | 'debit', cents: number): Req => ({
      path: `/api${tierOf(t.role).api}/credit-adjust`,
      body: { userId: String(o.id), password: passwordOf(o), adjustAmount: pts(cents), transactionType: type, toUserId: String(t.id) },
      from: type === 'credit' ? t.id : o.id,
      to: type === 'credit' ? o.id : t.id,
      cents,
    });
    const send = async (o: Node, r: Req, key?: string) => {
      const res = await api('POST', r.path, o.token, r.body, key ? { 'idempotency-key': key } : {});
      latencies.push(res.ms);
      book(res, r.from, r.to, r.cents);
      if (res.status === 200) {
        const d = res.json.data as { sender: { walletBalance: number | null }; receiver: { walletBalance: number | null } | null };
        for (const b of [d.sender.walletBalance, d.receiver?.walletBalance]) if (typeof b === 'number' && b < 0) unexpected.push(`negative balance in an answer: ${JSON.stringify(d)}`);
      }
      return res;
    };
    const expect200or409 = (k: OpKind, res: Reply) => {
      tally(k, res.status);
      if (res.status !== 200 && res.status !== 409) unexpected.push(`${k}: ${res.status} ${JSON.stringify(res.json)}`);
    };

    /** A random credit request of `o` on an account below it, in either direction. */
    const randomReq = (o: Node): { kind: OpKind; req: Req } => {
      const t = pick(o.below);
      const x = Math.random();
      if (x < 0.45) {
        const child = t.parent === o.id && Math.random() < 0.3;
        return { kind: child ? 'transfer-child-route' : 'transfer', req: transferReq(o, t, small(o.id), child) };
      }
      if (x < 0.75) return { kind: 'adjust-credit', req: adjustReq(o, t, 'credit', small(t.id)) };
      return { kind: 'adjust-debit', req: adjustReq(o, t, 'debit', small(o.id)) };
    };

    async function step() {
      const o = pick(operators);
      const x = Math.random();
      if (x < 0.03) {
        // The superadmin creates points, or destroys some (sometimes more than it holds: 409).
        const burn = Math.random() < 0.5;
        const cents = burn && Math.random() < 0.3 ? (known.get(root.id) ?? 0) + 1 + small(root.id) : small(root.id);
        const req: Req = {
          path: '/api/superadmins/credit-adjust',
          body: { password: SUPERADMIN_PASSWORD, adjustAmount: pts(cents), transactionType: burn ? 'debit' : 'credit', toUserId: String(root.id) },
          from: burn ? root.id : null,
          to: burn ? null : root.id,
          cents,
        };
        const res = await send(root, req);
        expect200or409(burn ? 'burn' : 'generate', res);
      } else if (x < 0.13) {
        // Wrong password: 400, and nothing moves.
        const { req } = randomReq(o);
        const res = await send(o, { ...req, body: { ...req.body, password: 'not-the-password' } });
        tally('wrong-password', res.status);
        if (res.status !== 400) unexpected.push(`wrong-password: ${res.status} ${JSON.stringify(res.json)}`);
      } else if (x < 0.25) {
        // Overdraw: more than the paying side was last seen holding — or the whole of it (a race at the boundary).
        const t = pick(o.below);
        const takeBack = Math.random() < 0.5;
        const payer = takeBack ? t.id : o.id;
        const have = known.get(payer) ?? 0;
        const cents = Math.random() < 0.5 ? have + 1 + small(payer) : Math.max(1, have);
        const res = await send(o, takeBack ? adjustReq(o, t, 'credit', cents) : transferReq(o, t, cents));
        expect200or409('overdraw', res);
      } else if (x < 0.31) {
        // The same request twice at once with one Idempotency-Key: points move at most once. Half of
        // them spend the payer's whole last-seen balance, where the twin's balance check races the key check.
        let { req } = randomReq(o);
        if (Math.random() < 0.5 && req.from !== null) req = { ...req, cents: Math.max(1, known.get(req.from) ?? 1) };
        req.body = { ...req.body, [req.body.transferAmount !== undefined ? 'transferAmount' : 'adjustAmount']: pts(req.cents) };
        const key = randomUUID();
        const [a, b] = await Promise.all([send(o, req, key), send(o, req, key)]);
        expect200or409('idem-concurrent', a);
        expect200or409('idem-concurrent', b);
        if (a.status === 200 && b.status === 200) {
          if (a.json.data?.transactionId !== b.json.data?.transactionId) unexpected.push(`idem-concurrent: two movements for one key ${JSON.stringify([a.json, b.json])}`);
          if (!a.json.data?.replayed === !b.json.data?.replayed) unexpected.push(`idem-concurrent: not exactly one replay ${JSON.stringify([a.json, b.json])}`);
        } else if (a.status !== b.status) {
          // One twin was refused and the other moved. Legitimate when the refused one ran first and the
          // payer was credited by another client in between (a refused request records no key); the
          // lock-order bug this once hid is pinned down without other traffic in hardening.test.ts.
          idemSplit++;
        }
      } else if (x < 0.37) {
        // A retry after the answer, with the same key: the first movement comes back, nothing moves again.
        const { req } = randomReq(o);
        const key = randomUUID();
        const a = await send(o, req, key);
        const b = await send(o, req, key);
        expect200or409('idem-retry', a);
        tally('idem-retry', b.status);
        if (a.status === 200 && (b.status !== 200 || b.json.data?.replayed !== true || b.json.data?.transactionId !== a.json.data?.transactionId))
          unexpected.push(`idem-retry: the retry did not replay ${JSON.stringify([a.json, b.json])}`);
      } else {
        const { kind, req } = randomReq(o);
        expect200or409(kind, await send(o, req));
      }
    }

    const t0 = performance.now();
    const deadline = t0 + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < deadline) await step();
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;

    // The report.
    const statuses = new Map<number, number>();
    let requests = 0;
    let moved = 0;
    for (const m of counts.values())
      for (const [s, n] of m) {
        statuses.set(s, (statuses.get(s) ?? 0) + n);
        requests += n;
        if (s === 200) moved += n;
      }
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]?.toFixed(0);
    const [{ rows }] = await db.query<{ rows: string }>(`SELECT count(*)::text AS rows FROM transactions`);
    console.log(
      [
        `[concurrency] ${CLIENTS} clients, ${elapsed.toFixed(1)} s: ${requests} requests (${(requests / elapsed).toFixed(1)}/s), ${moved} answered 200 (${(moved / elapsed).toFixed(1)}/s); latency p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms`,
        `[concurrency] statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}; ledger rows: ${rows}`,
        ...[...counts].map(([k, m]) => `[concurrency]   ${k.padEnd(20)} ${JSON.stringify(Object.fromEntries([...m].sort((a, b) => a[0] - b[0])))}`),
        `[concurrency] same-key twins answered differently (one 200, one 409: the payer was credited between them): ${idemSplit}`,
      ].join('\n'),
    );

    // No 5xx and no dropped connection; only the answers each request may get.
    expect([...statuses.keys()].filter((s) => s >= 500 || s === 0)).toEqual([]);
    expect(serverLog).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(moved).toBeGreaterThan(0);

    // The ledger invariant, each part on its own for a clear failure.
    const inv = await checkInvariant(db);
    const balances = await db.query<{ id: string; balance: string; ledger: string }>(
      `SELECT a.id::text, a.wallet_balance::text AS balance,
              (coalesce((SELECT sum(amount) FROM transactions WHERE to_id = a.id), 0)
               - coalesce((SELECT sum(amount) FROM transactions WHERE from_id = a.id), 0))::text AS ledger
       FROM accounts a ORDER BY a.id`,
    );
    expect(balances.filter((b) => BigInt(b.balance) < 0n)).toEqual([]);
    expect(balances.filter((b) => b.balance !== b.ledger)).toEqual([]);
    const [sums] = await db.query<{ generated: string; burned: string }>(
      `SELECT coalesce(sum(amount) FILTER (WHERE kind = 'generated'), 0)::text AS generated,
              coalesce(sum(amount) FILTER (WHERE kind = 'burned'), 0)::text AS burned FROM transactions`,
    );
    const total = balances.reduce((s, b) => s + BigInt(b.balance), 0n);
    expect(total).toBe(BigInt(sums.generated) - BigInt(sums.burned));
    expect(inv).toMatchObject({ ok: true, mismatched: 0 });
    // What the clients were told succeeded is exactly what the database holds.
    expect(BigInt(sums.generated)).toBe(BigInt(generatedCents));
    expect(BigInt(sums.burned)).toBe(BigInt(burnedCents));
    expect(balances.filter((b) => BigInt(b.balance) !== BigInt(expected.get(Number(b.id)) ?? 0)).map((b) => ({ ...b, told: expected.get(Number(b.id)) ?? 0 }))).toEqual([]);
  }, (SECONDS + 90) * 1000);
});
