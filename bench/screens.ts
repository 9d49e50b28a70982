/**
 * Every screen's reads at a year's scale, on PostgreSQL: the installation of screensBuild.ts (by
 * default 100,000 players, 10,000,000 tickets and ledger rows, 1,000,000 activity rows, 100,000
 * complaints) is built once into `tierdesk_bench_screens` and kept; a later run reuses it when its
 * sizes and builder version match (BENCH_SCREENS_REBUILD=1 builds it again). Then every GET route of
 * the served OpenAPI document is called as the superadmin, an admin and a master: page 1, a deep
 * page, a search and a sort, where the route's query takes them. A 403 means the role may not read
 * it (not timed). Target: p95 ≤ 100 ms for page 1, ≤ 200 ms for the rest, and no answer over 100 KB.
 */
import pg from 'pg';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seed } from '../server/setup/seed';
import { checkInvariant } from '../server/credit/ledger';
import { DAYS, buildInstallation, sizeFromEnv } from './screensBuild';
import { LEAF_TIER, ROOT_TIER, TIERS, childTierOf, hasFlag, type Role } from '../resources.config';
import { dayRange } from '../domain/periods';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The kept database (another name keeps a second size beside it). */
const NAME = process.env.BENCH_SCREENS_DB ?? 'tierdesk_bench_screens';
if (!/^tierdesk_bench_screens\w*$/.test(NAME)) throw new Error(`BENCH_SCREENS_DB=${NAME}: the name starts with tierdesk_bench_screens`);
/** Bumped when the builder writes different data: a kept database of another version is rebuilt. */
const BUILDER_VERSION = 2;
const RUNS = Number(process.env.BENCH_SCREENS_RUNS ?? 5);
const PASSWORD = 'bench-screens-pass';
const MAX_BYTES = 100 * 1024;
/** Only routes whose path contains this text (for looking at one screen). */
const ONLY = process.env.BENCH_SCREENS_ONLY ?? '';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

interface Param {
  name: string;
  in: string;
}
type Doc = { paths: Record<string, Record<string, { parameters?: Param[] }>> };

/**
 * GET routes that are not a screen's read: they change state, stream a file, or belong to a player's
 * app or a console (timed by the bets bench).
 */
const NOT_SCREEN_READS: RegExp[] = [
  /^\/api\/reports\/sendcommission$/, // pays commission
  /^\/api\/backup\//, // files on disk, not the database
  /^\/api\/logs\/export$/, // a download of the whole filter, by design
  /\/export$/, // a tier list's Export to Excel: the whole list streamed, by design
  /^\/api\/app\//,
  /^\/api\/live\//,
  /^\/api\/auth\/userauth/,
  /^\/api\/auth\/logout$/, // ends the caller's session
  /^\/api\/game\/image\//,
  /^\/api\/health$/,
];

/** Picks the path parameters of a route for one caller: accounts it may read, found in the built data. */
function pathPicker(direct: pg.Client, ids: { player: number; ticket: number; logOf: Map<number, number> }) {
  const cache = new Map<string, number | undefined>();
  const first = async (sql: string, params: unknown[]) => {
    const key = sql + JSON.stringify(params);
    if (!cache.has(key)) cache.set(key, (await direct.query(sql, params)).rows[0]?.id as number | undefined);
    return cache.get(key);
  };
  /** The account of a tier a caller reads: itself when it is of that tier, else the first below it. */
  const ofTier = (role: string, caller: { id: number; path: string }) =>
    first(`SELECT id FROM accounts WHERE role = $1 AND deleted_at IS NULL AND (id = $3 OR path LIKE $2) ORDER BY id LIMIT 1`, [role, `${caller.path}%`, caller.id]);
  return async (path: string, name: string, caller: { id: number; path: string; role: Role }, filled: Record<string, number>): Promise<string | undefined> => {
    const tier = TIERS.find((t) => path.startsWith(`/api${t.api}/`));
    if (name === 'action') return 'active';
    if (name === 'userId') return String(ids.player);
    if (name === 'id' && path.startsWith('/api/logs/getUserLogById')) return ids.logOf.has(caller.id) ? String(ids.logOf.get(caller.id)) : undefined;
    if (tier && name === 'id') {
      if (path.includes('/children') && !childTierOf(tier.role)) return undefined;
      const id = await ofTier(tier.role, caller);
      if (id !== undefined) filled.id = Number(id);
      return id === undefined ? undefined : String(id);
    }
    if (tier && name === 'childId') {
      const id = await first(`SELECT id FROM accounts WHERE parent_id = $1 AND role = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1`, [filled.id, childTierOf(tier.role)?.role]);
      return id === undefined ? undefined : String(id);
    }
    // The games of an account that runs them (the root's or an admin's own): no screen of a tier below asks for them.
    if (name === 'id' && path.startsWith('/api/game/usergames/')) return caller.role === ROOT_TIER.role || hasFlag(caller.role, 'runsGames') ? String(caller.id) : undefined;
    if (name === 'id') return String(caller.id);
    return undefined;
  };
}

export async function screensBench(): Promise<{ exitCode: number }> {
  const admin = new pg.Client(ADMIN_URL);
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${ADMIN_URL} is not reachable: the screens bench is skipped.`);
    return { exitCode: 0 };
  }
  const size = sizeFromEnv();
  const version = JSON.stringify({ v: BUILDER_VERSION, ...size });
  const existing = (await admin.query(`SELECT shobj_description(oid, 'pg_database') AS d FROM pg_database WHERE datname = $1`, [NAME])).rows[0] as { d: string | null } | undefined;
  const reuse = existing !== undefined && existing.d === version && !process.env.BENCH_SCREENS_REBUILD;
  if (existing && !reuse) await admin.query(`DROP DATABASE ${NAME} WITH (FORCE)`);
  if (!reuse) await admin.query(`CREATE DATABASE ${NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${NAME}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  const direct = new pg.Client(url.toString());
  try {
    await db.migrate();
    await seed(db, { username: 'superadmin', password: PASSWORD });
    await direct.connect();
    const rootId = Number((await direct.query(`SELECT id FROM accounts WHERE role = 'superadmin'`)).rows[0].id);
    const t0 = performance.now();
    if (!reuse) {
      console.log(`building ${NAME}: ${JSON.stringify(size)}`);
      await buildInstallation(direct, rootId, size);
      await admin.query(`COMMENT ON DATABASE ${NAME} IS '${version}'`);
      const inv = await checkInvariant(db);
      if (!inv.ok) throw new Error(`ledger invariant broken after the build: ${JSON.stringify(inv, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`);
    }
    const counts = (
      await direct.query(
        `SELECT (SELECT count(*) FROM accounts WHERE role = 'player') AS players, (SELECT count(*) FROM tickets) AS tickets, (SELECT count(*) FROM transactions) AS ledger,
                (SELECT count(*) FROM activity_logs) AS logs, (SELECT count(*) FROM complaints) AS complaints`,
      )
    ).rows[0];
    console.log(`${reuse ? 'reused' : 'built'} ${NAME}: ${counts.players} players, ${counts.tickets} tickets over ${DAYS} days, ${counts.ledger} ledger rows, ${counts.logs} activity rows, ${counts.complaints} complaints (${((performance.now() - t0) / 1000).toFixed(0)} s)`);

    const app = await buildApp({ db, config: { ...configFromEnv({}), clientDir: '/nonexistent', schedulerEnabled: false, loginRateLimit: 1_000_000 } });
    await app.ready();
    const login = async (username: string) => {
      const r = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: PASSWORD } });
      if (r.statusCode !== 200) throw new Error(`login ${username}: ${r.statusCode} ${r.body}`);
      return String(r.json().token);
    };
    const one = async (sql: string) => (await direct.query(sql)).rows[0] as { id: string; username: string };
    const anAdmin = await one(`SELECT id, username FROM accounts WHERE role = 'admin' ORDER BY id LIMIT 1`);
    const aMaster = await one(`SELECT id, username FROM accounts WHERE role = 'master' AND path LIKE (SELECT path FROM accounts WHERE id = ${anAdmin.id}) || '%' ORDER BY id LIMIT 1`);
    const aPlayer = await one(`SELECT id, username FROM accounts WHERE role = 'player' AND parent_id = ${aMaster.id} ORDER BY id LIMIT 1`);
    const callers = {
      superadmin: { role: 'superadmin' as Role, id: rootId, path: String((await direct.query(`SELECT path FROM accounts WHERE id = $1`, [rootId])).rows[0].path) },
      admin: { role: 'admin' as Role, id: Number(anAdmin.id), path: String((await direct.query(`SELECT path FROM accounts WHERE id = $1`, [anAdmin.id])).rows[0].path) },
      master: { role: 'master' as Role, id: Number(aMaster.id), path: String((await direct.query(`SELECT path FROM accounts WHERE id = $1`, [aMaster.id])).rows[0].path) },
    };
    const ticket = Number((await direct.query(`SELECT id FROM tickets WHERE player_id = $1 ORDER BY id DESC LIMIT 1`, [aPlayer.id])).rows[0]?.id ?? 0);
    const logOf = new Map<number, number>();
    for (const c of Object.values(callers)) {
      const row = (await direct.query(`SELECT max(l.id) AS id FROM activity_logs l JOIN accounts a ON a.id = l.account_id WHERE a.path LIKE $1`, [`${c.path}%`])).rows[0];
      if (row?.id) logOf.set(c.id, Number(row.id));
    }
    const pick = pathPicker(direct, { player: Number(aPlayer.id), ticket, logOf });
    const tokens = { superadmin: await login('superadmin'), admin: await login(anAdmin.username), master: await login(aMaster.username) };

    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${tokens.superadmin}` } })).json() as Doc;
    // Whole days, as the screens' period pickers send them (the first day's start to today's end).
    const days = dayRange(new Date(Date.now() - DAYS * 86_400_000), new Date());
    const start = days.start.toISOString();
    const end = days.end.toISOString();
    // Each line as it is measured: a whole run takes minutes, and a slow route shows while it runs.
    console.log(`\nGET route, caller, call (${RUNS} calls)                             | st | p50 ms | p95 ms |      KB | target p95 ≤ 100 ms page 1, ≤ 200 ms else; ≤ 100 KB`);
    const lines: string[] = [];
    let misses = 0;
    /** `optional`: a 400 means the route does not take that search or sort key; shown, not a miss. */
    const time = async (label: string, url: string, token: string, limitMs: number, optional = false) => {
      const times: number[] = [];
      let bytes = 0;
      let status = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const r = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        times.push(performance.now() - t);
        status = r.statusCode;
        bytes = r.rawPayload.length;
        if (status === 403 || status >= 500 || status === 400) break;
        // Ten times over its target is a miss however often it is called: the rest of the routes go first.
        if (times[0]! > 10 * limitMs) break;
      }
      if (status === 401) throw new Error(`${label}: 401, the bench's session ended`);
      if (status === 403) return { status };
      if (optional && status === 400) return { status };
      const p95 = pct(times, 95);
      const ok = status < 400 && p95 <= limitMs && bytes <= MAX_BYTES;
      if (!ok) misses++;
      const line = `${label.padEnd(62)} | ${status} | ${pct(times, 50).toFixed(0).padStart(6)} | ${p95.toFixed(0).padStart(6)} | ${(bytes / 1024).toFixed(1).padStart(7)} | ${ok ? 'ok' : status >= 400 ? `MISSED (${status})` : 'MISSED'}`;
      lines.push(line);
      console.log(line);
      return { status };
    };
    const routes = Object.entries(doc.paths)
      .filter(([p, ops]) => ops.get && !NOT_SCREEN_READS.some((x) => x.test(p)) && p.includes(ONLY))
      .sort(([a], [b]) => a.localeCompare(b));
    for (const [path, ops] of routes) {
      const params = ops.get!.parameters ?? [];
      const query = new Set(params.filter((x) => x.in === 'query').map((x) => x.name));
      for (const role of ['superadmin', 'admin', 'master'] as const) {
        let filled = path;
        let skip = false;
        const chosen: Record<string, number> = {};
        for (const p of params.filter((x) => x.in === 'path')) {
          const v = await pick(path, p.name, callers[role], chosen);
          if (v === undefined) skip = true;
          else filled = filled.replace(`{${p.name}}`, encodeURIComponent(v));
        }
        if (skip) continue;
        const base = new URLSearchParams();
        if (query.has('startDate')) base.set('startDate', start);
        if (query.has('endDate')) base.set('endDate', end);
        if (query.has('ticketId')) base.set('ticketId', String(ticket));
        const u = (extra: Record<string, string>) => {
          const s = new URLSearchParams(base);
          for (const [k, v] of Object.entries(extra)) s.set(k, v);
          const qs = s.toString();
          return qs ? `${filled}?${qs}` : filled;
        };
        const first = await time(`${path} ${role} page 1`, u({}), tokens[role], 100);
        if (first.status === 403) continue;
        const perParam = query.has('limit') ? 'limit' : query.has('perPage') ? 'perPage' : undefined;
        if (query.has('page') && perParam) await time(`${path} ${role} page 2000`, u({ page: '2000', [perParam]: '50' }), tokens[role], 200);
        // A report of one tier's accounts (pending commission): its largest, the leaf tier (every player under the caller).
        if (query.has('role')) await time(`${path} ${role} role ${LEAF_TIER}`, u({ role: LEAF_TIER }), tokens[role], 100, true);
        const searchParam = ['q', 'search', 'username'].find((x) => query.has(x));
        if (searchParam) await time(`${path} ${role} search`, u({ [searchParam]: 'SP1' }), tokens[role], 200, true);
        // The first sort key the route knows, other than its default order.
        if (query.has('sort'))
          for (const key of ['username', 'createdAt', 'timecount']) if ((await time(`${path} ${role} sort ${key}`, u({ sort: key, order: 'ASC' }), tokens[role], 200, true)).status !== 400) break;
      }
    }
    console.log(`${misses} missed of ${lines.length}`);
    for (const l of lines.filter((x) => !x.endsWith('| ok'))) console.log(`missed: ${l}`);
    await app.close();
    return { exitCode: misses ? 1 : 0 };
  } finally {
    await direct.end().catch(() => undefined);
    await db.close();
    await admin.end();
  }
}
