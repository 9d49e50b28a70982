import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { ancestorRoles, CHAIN, ROOT_TIER, tierOf, type Role, type TierDef } from '../../resources.config';
import { buildApp, type AppOptions } from '../../server/app';
import { configFromEnv, type ServerConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/setup/seed';
import { ENGINE, PG_URL, withDb } from './engine';
import { accountBody } from '../fixtures/accountBody';

export const SUPERADMIN_PASSWORD = 'root-pass-123';

export interface Harness {
  app: FastifyInstance;
  db: Database;
  config: ServerConfig;
  /** The seeded superadmin's token and id. */
  root: { token: string; id: string };
  close(): Promise<void>;
}

/** Whether this run's engine is there: PGlite always; PostgreSQL when the global setup reached it. */
export const engineAvailable = (): boolean => ENGINE === 'pglite' || inject('pgTemplate') !== null;

/** A fresh database of its own for one test file (PGlite snapshot, or a PostgreSQL clone of the template). */
export async function openTestDatabase(poolSize = 10): Promise<{ db: Database; drop(): Promise<void> }> {
  if (ENGINE === 'pglite') {
    const snapshot = inject('pgliteTemplate');
    if (!snapshot) throw new Error('No PGlite snapshot: this project runs on PostgreSQL (TEST_ENGINE=postgres)');
    const blob = new Blob([readFileSync(snapshot)]);
    const db = await openDatabase({ loadDataDir: blob });
    return { db, drop: () => db.close() };
  }
  const clone = await cloneTemplate();
  const db = await openDatabase({ databaseUrl: clone.url, poolSize });
  return {
    db,
    async drop() {
      await db.close();
      await clone.drop();
    },
  };
}

/** One statement on the PostgreSQL server's maintenance connection (CREATE and DROP DATABASE). */
async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client(PG_URL);
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A PostgreSQL database of its own, cloned from this run's migrated template (a leftover of the same
 * name is dropped first); `drop` removes it.
 */
export async function cloneTemplate(name = `tierdesk_t_${randomBytes(6).toString('hex')}`): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('pgTemplate');
  if (!template) throw new Error('PostgreSQL is not reachable');
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  return { url: withDb(PG_URL, name), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** `logger`: the server's log (none unless given), e.g. `{ level: 'trace', stream }` to capture every line. */
export async function startHarness(overrides: Partial<ServerConfig> = {}, opts: { logger?: AppOptions['logger'] } = {}): Promise<Harness> {
  const { db, drop } = await openTestDatabase();
  // A signing key of the tests' own, so that no test writes one into the project's ./data.
  const config = { ...configFromEnv({}), clientDir: '/nonexistent', loginRateLimit: 10_000, schedulerEnabled: false, backupSigningKey: 'tierdesk-tests-backup-signing-key-0123456789', ...overrides };
  await seed(db, { username: 'superadmin', password: SUPERADMIN_PASSWORD });
  const app = await buildApp({ db, config, logger: opts.logger });
  await app.ready();
  const h: Harness = { app, db, config, root: { token: '', id: '' }, close: async () => { await app.close(); await drop(); } };
  const login = await call(h, 'POST', '/api/auth/login', { body: { username: 'superadmin', password: SUPERADMIN_PASSWORD } });
  h.root = { token: login.json.token as string, id: (login.json.user as AccountRecord)._id };
  return h;
}

export interface Reply {
  status: number;
  json: Record<string, unknown> & { success?: boolean; message?: string; data?: unknown };
  headers: Record<string, unknown>;
}

export async function call(
  h: Harness,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const res = await h.app.inject({
    method,
    url,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.headers ?? {}) },
    ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
  });
  let json: Reply['json'] = {};
  try {
    json = res.json();
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, json, headers: res.headers };
}

/** A valid create body for a tier, from its registry fields. */
export function validBody(role: Role, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...accountBody(role), ...extra };
}

/** The secrets an edit of this tier must send again (area manager, gift and loan edit require password and PIN), the same ones validBody created it with. */
export function editSecrets(tier: TierDef): Record<string, unknown> {
  const body = accountBody(tier.role);
  return Object.fromEntries(tier.editFields.filter((f) => f.required && f.type === 'password').map((f) => [f.name, body[f.name]]));
}

/** Creates an account through the API, under `parentId`, as `token`; returns the record and a token of its own. */
export async function createAs(h: Harness, token: string, role: Role, parentId: string, extra: Record<string, unknown> = {}): Promise<AccountRecord> {
  const r = await call(h, 'POST', `/api${tierOf(role).api}/create`, { token, body: validBody(role, { refId: parentId, ...extra }) });
  if (r.status !== 201) throw new Error(`create ${role} failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data as AccountRecord;
}

/** The tiers createUnder put between an ancestor and its descendants, per database, so that siblings share them. */
const between = new WeakMap<Database, Map<string, Promise<AccountRecord>>>();

/**
 * Creates `role` below `ancestorId` (any account above it, not only its parent tier), as `token`.
 * The tiers the registry puts between the two are created first, at 0 % commission so that they
 * earn nothing, and reused by every later call for the same ancestor: a test's figures hold
 * whatever tiers a registry adds. Under the parent tier itself this is `createAs`.
 */
export async function createUnder(h: Harness, token: string, role: Role, ancestorId: string, fields: Record<string, unknown> = {}): Promise<AccountRecord> {
  const found = await h.db.query(`SELECT role FROM accounts WHERE id = $1`, [Number(ancestorId)]);
  if (!found[0]) throw new Error(`no account ${ancestorId}`);
  const above = ancestorRoles(role);
  const at = above.indexOf(String(found[0].role) as Role);
  if (at < 0) throw new Error(`${role} does not hang under a ${String(found[0].role)}`);
  const byKey = between.get(h.db) ?? new Map<string, Promise<AccountRecord>>();
  between.set(h.db, byKey);
  let parentId = ancestorId;
  for (const tier of above.slice(0, at).reverse()) {
    const key = `${parentId}/${tier}`;
    let made = byKey.get(key);
    if (!made) {
      // The tier's own rate fields, whatever the registry names them, at 0.
      const zero = Object.fromEntries(tierOf(tier).createFields.filter((f) => f.name === 'commission' || f.name === 'commissionAmount').map((f) => [f.name, 0]));
      made = createAs(h, token, tier, parentId, zero);
      byKey.set(key, made);
      // A failed creation is not kept: the next call tries again.
      made.catch(() => byKey.delete(key));
    }
    parentId = (await made)._id;
  }
  return createAs(h, token, role, parentId, fields);
}

/** The superadmin's grant (or revocation) of whole-installation backups to an admin, from the admin's edit form. */
export async function grantBackups(h: Harness, adminId: string, may = true): Promise<Reply> {
  const r = await call(h, 'PUT', `/api${tierOf('admin').api}/${adminId}`, { token: h.root.token, body: { updatedFields: { mayBackup: may } } });
  if (r.status !== 200) throw new Error(`grant failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r;
}

export async function loginAs(h: Harness, username: string, password = 'secret-pass'): Promise<string> {
  const r = await call(h, 'POST', '/api/auth/login', { body: { username, password } });
  if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.token as string;
}

/**
 * One account of every chain tier below the root, each under the one above it, walking the
 * registry's chain: a tier a test registry adds is created in its place and the tiers below hang
 * under it. `under` starts the walk below an existing account of its role.
 */
async function walkChain(h: Harness, token: string, under?: AccountRecord): Promise<Record<string, AccountRecord>> {
  const out: Record<string, AccountRecord> = {};
  let parent = under ?? ({ _id: h.root.id, role: ROOT_TIER.role } as AccountRecord);
  if (under) out[under.role] = under;
  for (const role of CHAIN.slice(CHAIN.indexOf(parent.role) + 1)) {
    parent = await createAs(h, token, role, parent._id);
    out[role] = parent;
  }
  return out;
}

export interface Chain {
  /** Every chain tier below the root, by role (a test registry's extra tier included). */
  byRole: Record<string, AccountRecord>;
  admin: AccountRecord;
  sam: AccountRecord;
  am: AccountRecord;
  master: AccountRecord;
  player: AccountRecord;
  tokens: Record<'superadmin' | 'admin' | 'superareamanager' | 'areamanager' | 'master' | 'player', string>;
}

/** One account of every chain level, each created by the superadmin, each logged in. */
export async function buildChain(h: Harness): Promise<Chain> {
  const t = h.root.token;
  const byRole = await walkChain(h, t);
  const tokens: Record<string, string> = { [ROOT_TIER.role]: t };
  for (const [role, account] of Object.entries(byRole)) tokens[role] = await loginAs(h, account.username);
  const { admin, superareamanager: sam, areamanager: am, master, player } = byRole as Record<ChainRole, AccountRecord>;
  return { byRole, admin, sam, am, master, player, tokens: tokens as Chain['tokens'] };
}

/** Generates points into the superadmin's wallet. */
export async function generate(h: Harness, points: number): Promise<void> {
  const r = await call(h, 'POST', '/api/superadmins/credit-adjust', {
    token: h.root.token,
    body: { password: SUPERADMIN_PASSWORD, adjustAmount: points, transactionType: 'credit', toUserId: h.root.id },
  });
  if (r.status !== 200) throw new Error(`generate failed: ${JSON.stringify(r.json)}`);
}

// ---------------------------------------------------------------------------------------------
// Helpers of the API test suite (auth, accounts, children, credit, authorization matrix, validation).

/** Keys that must never appear in any reply (secrets and their hashes), whatever their case. */
const SECRET_KEY = /^(pin|pass|opass|npass|cpass|secret)$|hash|password/i;

/** Every path of a JSON value whose key looks like a secret or whose string value is an argon2 hash. */
export function findSecrets(value: unknown, path = '$'): string[] {
  if (typeof value === 'string') return value.includes('$argon2') ? [`${path} (argon2 value)`] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => findSecrets(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [...(SECRET_KEY.test(k) ? [`${path}.${k}`] : []), ...findSecrets(v, `${path}.${k}`)]);
  return [];
}

/** Fails when a reply carries a password, PIN or hash anywhere. */
export function expectNoSecrets(r: Reply, what = ''): void {
  const found = findSecrets(r.json);
  if (found.length) throw new Error(`secret field(s) in the reply${what ? ` of ${what}` : ''}: ${found.join(', ')}`);
}

/** `call`, then the deep scan for secrets on whatever came back. */
export async function callSafe(
  h: Harness,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const r = await call(h, method, url, opts);
  expectNoSecrets(r, `${method} ${url}`);
  return r;
}

/** The balance of an account in cents, read from the database. */
export async function balanceCents(h: Harness, id: string | number): Promise<bigint> {
  const rows = await h.db.query(`SELECT wallet_balance::text AS b FROM accounts WHERE id = $1`, [Number(id)]);
  if (!rows[0]) throw new Error(`no account ${id}`);
  return BigInt(String(rows[0].b));
}

/** Number of ledger rows. */
export async function ledgerCount(h: Harness): Promise<number> {
  const rows = await h.db.query(`SELECT count(*)::int AS n FROM transactions`);
  return Number(rows[0].n);
}

/**
 * What a refused call must not change: every account's balance, status, existence, parent, path and
 * editable text, the ledger and the sessions' revocations.
 */
export async function stateSnapshot(h: Harness): Promise<string> {
  const accounts = await h.db.query(
    `SELECT id::text, username, role, parent_id::text AS parent, path, active, wallet_balance::text AS wallet,
            deleted_at IS NOT NULL AS deleted, city, note, email, phone, commission::text AS commission, password_hash, pin_hash
     FROM accounts ORDER BY id`,
  );
  const games = await h.db.query(`SELECT account_id::text AS a, game_id::text AS g FROM account_games ORDER BY 1, 2`);
  const other = await h.db.query(
    `SELECT (SELECT count(*) FROM transactions)::int AS tx, (SELECT count(*) FROM sessions WHERE revoked_at IS NOT NULL)::int AS revoked`,
  );
  return JSON.stringify({ accounts, games, other });
}

/** Generates points and hands them to an account, as the superadmin. */
export async function fund(h: Harness, toId: string, points: number, role: Role): Promise<void> {
  await generate(h, points);
  const r = await call(h, 'POST', `/api${tierOf(role).api}/credit-transfer`, {
    token: h.root.token,
    body: { userId: h.root.id, password: SUPERADMIN_PASSWORD, transferAmount: points, toUserId: toId },
  });
  if (r.status !== 200) throw new Error(`fund ${role} ${toId} failed: ${r.status} ${JSON.stringify(r.json)}`);
}

export type ChainRole = 'admin' | 'superareamanager' | 'areamanager' | 'master' | 'player';

/** One account of every level below the superadmin, each under the previous one (created by the superadmin, no logins). */
export async function createChain(h: Harness, adminId?: string): Promise<Record<ChainRole, AccountRecord> & Record<string, AccountRecord>> {
  const t = h.root.token;
  const admin = adminId ? ((await call(h, 'GET', `/api/admins/${adminId}`, { token: t })).json.data as AccountRecord) : undefined;
  return (await walkChain(h, t, admin)) as Record<ChainRole, AccountRecord> & Record<string, AccountRecord>;
}

/**
 * An admin given these games (catalogue row ids) with the chain below it, its player and itself
 * funded with `points` each, both logged in: the set-up of a test that plays a game end to end.
 */
export async function playingChain(h: Harness, games: string[], points = 100) {
  const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games });
  const chain = await createChain(h, admin._id);
  await fund(h, chain.player._id, points, 'player');
  await fund(h, admin._id, points, 'admin');
  return { admin, player: chain.player, adminToken: await loginAs(h, admin.username), playerToken: await loginAs(h, chain.player.username) };
}

/**
 * Two admins' networks, `a` and `b`, each admin → super area manager → area manager → master → one
 * player funded with 1,000 points, every game assigned: `acc.admina`, `acc.mastera`, `acc.playera` and
 * the same for `b`; the admins and masters logged in (`tok.admina`, `tok.mastera`, …).
 */
export async function twoNetworks(h: Harness) {
  const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
  const acc: Record<string, AccountRecord> = {};
  const tok: Record<string, string> = {};
  for (const k of ['a', 'b']) {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id, { games });
    const chain = await createChain(h, admin._id);
    await fund(h, chain.player._id, 1000, 'player');
    Object.assign(acc, { [`admin${k}`]: admin, [`master${k}`]: chain.master, [`player${k}`]: chain.player });
    tok[`admin${k}`] = await loginAs(h, admin.username);
    tok[`master${k}`] = await loginAs(h, chain.master.username);
  }
  return { acc, tok };
}

/**
 * A harness for the tests of one describe block: started before them, closed after them. The
 * returned object forwards to the live harness, so tests use it like the harness itself.
 */
export function useHarness(overrides: Partial<ServerConfig> = {}): Harness {
  let live: Harness | undefined;
  beforeAll(async () => {
    live = await startHarness(overrides);
  });
  afterAll(() => live?.close());
  return new Proxy({} as Harness, {
    get(_, key: keyof Harness) {
      if (!live) throw new Error('the harness starts in beforeAll: use it inside a test or hook');
      return live[key];
    },
  });
}
