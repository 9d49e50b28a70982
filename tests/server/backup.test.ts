import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant } from '../../server/credit/ledger';
import { tablesInOrder } from '../../server/operations/backup';
import { signManifest } from '../../server/operations/backupSigning';
import { call, createAs, createChain, engineAvailable, fund, grantBackups, loginAs, startHarness, SUPERADMIN_PASSWORD, type Harness } from './harness';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const SIGNING_KEY = 'backup-test-signing-key-not-in-backup-dir-0123';

describe.runIf(engineAvailable())('backups and restore', () => {
  let h: Harness;
  let chain: Awaited<ReturnType<typeof createChain>>;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-backups-'));
  let admin: string;

  beforeAll(async () => {
    h = await startHarness({ backupDir: dir, backupSigningKey: SIGNING_KEY });
    const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const a = await createAs(h, h.root.token, 'admin', h.root.id, { games });
    chain = await createChain(h, a._id);
    await grantBackups(h, a._id);
    await fund(h, chain.player._id, 50, 'player');
    const bet = await call(h, 'POST', '/api/app/createbet', { token: await loginAs(h, chain.player.username), body: { gameId: 'MNOQqWWi', draws: [{ drawno: '3', drawqty: 2 }] } });
    expect(bet.status).toBe(201);
    admin = await loginAs(h, chain.admin.username);
  });
  afterEach(async () => {
    expect(await checkInvariant(h.db), 'ledger invariant').toMatchObject({ ok: true, mismatched: 0 });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every backed-up table, row for row, in a canonical order. */
  async function dump(except: string[] = []) {
    const out: Record<string, string> = {};
    for (const t of await tablesInOrder(h.db)) {
      if (except.includes(t)) continue;
      const [r] = await h.db.query(`SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY to_jsonb(x)::text), '[]')::text AS d FROM "${t}" x`);
      out[t] = String(r.d);
    }
    return out;
  }
  /** Signs a folder's manifest again with the installation's key: what only the key's holder can do. */
  const resign = (f: string) => {
    const m = JSON.parse(readFileSync(join(dir, f, 'manifest.json'), 'utf8'));
    m.signature = signManifest(Buffer.from(SIGNING_KEY), m);
    writeFileSync(join(dir, f, 'manifest.json'), JSON.stringify(m));
  };
  const stepUp = async (token: string) => expect((await call(h, 'POST', '/api/auth/checkpassword', { token, body: { password: 'secret-pass' } })).status).toBe(200);
  let folder: string;

  it('writes a snapshot of every table but sessions, with a manifest of counts and checksums', async () => {
    const r = await call(h, 'GET', '/api/backup/exportbackup', { token: admin });
    expect([r.status, r.json.message]).toEqual([200, 'Backup completed']);
    folder = String(r.json.folder);
    const list = await call(h, 'GET', '/api/backup/list-backups', { token: admin });
    expect((list.json.folders as { folder: string }[])[0].folder).toBe(folder);
    const manifest = JSON.parse(readFileSync(join(dir, folder, 'manifest.json'), 'utf8')) as { tables: { name: string; file: string; sha256: string; rows: number }[] };
    expect(manifest.tables.map((t) => t.name)).not.toContain('sessions');
    for (const t of manifest.tables) expect(sha(readFileSync(join(dir, folder, t.file)))).toBe(t.sha256);
    expect(manifest.tables.find((t) => t.name === 'tickets')?.rows).toBe(1);
  });

  it('downloads one archive holding the manifest’s files', async () => {
    const res = await h.app.inject({ method: 'GET', url: `/api/backup/downloadbackup?folder=${folder}`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.headers['content-disposition']).toContain(`${folder}.tar.gz`);
    const tar = gunzipSync(res.rawPayload);
    const files = new Map<string, Buffer>();
    for (let at = 0; at + 512 <= tar.length; ) {
      const name = tar.subarray(at, at + 100).toString('utf8').replace(/\0.*$/s, '');
      if (!name) break;
      const size = parseInt(tar.subarray(at + 124, at + 136).toString('utf8').replace(/\0.*$/s, ''), 8);
      files.set(name, tar.subarray(at + 512, at + 512 + size));
      at += 512 + Math.ceil(size / 512) * 512;
    }
    const manifest = JSON.parse(files.get(`${folder}/manifest.json`)!.toString()) as { tables: { file: string; sha256: string }[] };
    for (const t of manifest.tables) expect(sha(files.get(`${folder}/${t.file}`)!)).toBe(t.sha256);
  });

  it('refuses other roles, unknown folders and a restore without a fresh password check', async () => {
    expect((await call(h, 'GET', '/api/backup/list-backups', { token: await loginAs(h, chain.areamanager.username) })).status).toBe(403);
    expect((await call(h, 'GET', '/api/backup/exportbackup', { token: await loginAs(h, chain.master.username) })).status).toBe(403);
    expect((await call(h, 'GET', `/api/backup/importbackup?folder=${folder}`, { token: admin })).status).toBe(403);
    await stepUp(admin);
    expect((await call(h, 'GET', `/api/backup/importbackup?folder=${encodeURIComponent('../../etc')}`, { token: admin })).status).toBe(400);
    expect((await call(h, 'GET', `/api/backup/downloadbackup?folder=${encodeURIComponent(`${folder}/../x`)}`, { token: admin })).status).toBe(400);
  });

  it('refuses a tampered file or a manifest of another schema, and changes nothing', async () => {
    const copy = (suffix: string) => {
      const f = folder.replace(/-[0-9a-f]{6}$/, `-${suffix}`);
      rmSync(join(dir, f), { recursive: true, force: true });
      cpSync(join(dir, folder), join(dir, f), { recursive: true });
      return f;
    };
    const tampered = copy('aaaaa1');
    writeFileSync(join(dir, tampered, 'accounts.json'), `${readFileSync(join(dir, tampered, 'accounts.json'), 'utf8')} `);
    const other = copy('aaaaa2');
    const m = JSON.parse(readFileSync(join(dir, other, 'manifest.json'), 'utf8'));
    writeFileSync(join(dir, other, 'manifest.json'), JSON.stringify({ ...m, schemaVersion: '0000_someone_elses' }));
    // A backup whose checksums hold but whose ledger does not add up fails inside the transaction.
    const broken = copy('aaaaa3');
    const original = readFileSync(join(dir, broken, 'accounts.json'), 'utf8');
    const accounts = original.replace(/"wallet_balance": ?([1-9]\d*)/, (_m, n: string) => `"wallet_balance":${Number(n) + 1}`);
    expect(accounts).not.toBe(original);
    writeFileSync(join(dir, broken, 'accounts.json'), accounts);
    const bm = JSON.parse(readFileSync(join(dir, broken, 'manifest.json'), 'utf8'));
    bm.tables.find((t: { name: string }) => t.name === 'accounts').sha256 = sha(accounts);
    writeFileSync(join(dir, broken, 'manifest.json'), JSON.stringify(bm));
    // Both signed with this installation's key, so that the checks after the signature are reached.
    resign(other);
    resign(broken);
    const before = await dump();
    await stepUp(admin);
    for (const [f, text] of [[tampered, 'checksum'], [other, 'schema'], [broken, 'does not add up']] as const) {
      const r = await call(h, 'GET', `/api/backup/importbackup?folder=${f}`, { token: admin });
      expect([r.status, String(r.json.message)]).toEqual([409, expect.stringContaining(text)]);
    }
    expect(await dump(['activity_logs', 'login_guards'])).toEqual(Object.fromEntries(Object.entries(before).filter(([k]) => k !== 'activity_logs' && k !== 'login_guards')));
  });

  it('refuses a forged backup (a wallet raised, the checksums recomputed) whatever its signature, and changes nothing', async () => {
    const forge = (suffix: string, edit: (line: string) => string, sign: (m: Record<string, unknown>) => void) => {
      const f = folder.replace(/-[0-9a-f]{6}$/, `-${suffix}`);
      rmSync(join(dir, f), { recursive: true, force: true });
      cpSync(join(dir, folder), join(dir, f), { recursive: true });
      const original = readFileSync(join(dir, f, 'accounts.json'), 'utf8');
      const accounts = original.split('\n').map(edit).join('\n');
      expect(accounts).not.toBe(original);
      writeFileSync(join(dir, f, 'accounts.json'), accounts);
      const m = JSON.parse(readFileSync(join(dir, f, 'manifest.json'), 'utf8'));
      m.tables.find((t: { name: string }) => t.name === 'accounts').sha256 = sha(accounts);
      sign(m);
      writeFileSync(join(dir, f, 'manifest.json'), JSON.stringify(m));
      return f;
    };
    const rows = readFileSync(join(dir, folder, 'accounts.json'), 'utf8').split('\n');
    const hashOf = (username: string) => /"password_hash":"([^"]+)"/.exec(rows.find((l) => l.includes(`"username":"${username}"`))!)![1]!;
    // What a writer to BACKUP_DIR would do: raise the admin's wallet, or give the superadmin the admin's password.
    const raiseWallet = (l: string) => (l.includes(`"username":"${chain.admin.username}"`) ? l.replace(/"wallet_balance":(\d+)/, (_m, n: string) => `"wallet_balance":${Number(n) + 1_000_000}`) : l);
    const swapRootPassword = (l: string) => (l.includes('"username":"superadmin"') ? l.replace(hashOf('superadmin'), hashOf(chain.admin.username)) : l);
    const unsign = (m: Record<string, unknown>) => delete m.signature;
    const otherKey = (m: Record<string, unknown>) => (m.signature = signManifest(Buffer.from('someone-elses-key-0123456789-0123456789'), m as never));
    const forged = [
      forge('bbbbb2', swapRootPassword, () => undefined),
      forge('bbbbb1', raiseWallet, () => undefined),
      forge('bbbbb3', swapRootPassword, unsign),
      forge('bbbbb4', swapRootPassword, otherKey),
      forge('bbbbb5', raiseWallet, otherKey),
    ];
    const before = await dump();
    await stepUp(admin);
    for (const f of forged) {
      const r = await call(h, 'GET', `/api/backup/importbackup?folder=${f}`, { token: admin });
      expect([r.status, String(r.json.message)], f).toEqual([409, expect.stringContaining('not signed by this installation')]);
    }
    expect(await dump(['activity_logs', 'login_guards'])).toEqual(Object.fromEntries(Object.entries(before).filter(([k]) => k !== 'activity_logs' && k !== 'login_guards')));
    // The session survived (nothing was restored), and the superadmin's password is its own.
    expect((await call(h, 'GET', '/api/auth/session', { token: admin })).status).toBe(200);
    expect((await call(h, 'POST', '/api/auth/login', { body: { username: 'superadmin', password: 'secret-pass' } })).status).toBe(401);
  });

  it('gives back every table row for row, and logs the restore in a row that survives it', async () => {
    const folders = (await call(h, 'GET', '/api/backup/list-backups', { token: admin })).json.folders as { folder: string }[];
    expect(folders.map((f) => f.folder)).toContain(folder);
    // What the backup holds, read back from its own files.
    const saved = await dump();
    // Change the data: a transfer, a new account, a bet.
    await fund(h, chain.master._id, 7, 'master');
    await createAs(h, h.root.token, 'player', chain.master._id);
    await call(h, 'POST', '/api/app/createbet', { token: await loginAs(h, chain.player.username), body: { gameId: 'MNOQqWWi', draws: [{ drawno: '4', drawqty: 1 }] } });
    expect(await dump()).not.toEqual(saved);
    await stepUp(admin);
    const r = await call(h, 'GET', `/api/backup/importbackup?folder=${folder}`, { token: admin });
    expect([r.status, r.json.message]).toEqual([200, `Restored from ${folder}`]);
    const after = await dump(['activity_logs', 'login_guards']);
    const savedBackup = JSON.parse(readFileSync(join(dir, folder, 'tickets.json'), 'utf8')) as unknown[];
    expect(savedBackup).toHaveLength(1);
    for (const [table, rows] of Object.entries(after)) {
      const file = JSON.parse(readFileSync(join(dir, folder, `${table}.json`), 'utf8')) as unknown[];
      // Rows compared by their fields, whatever the key order of the JSON they came in.
      const canonical = (xs: unknown[]) => xs.map((x) => JSON.stringify(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))).sort();
      expect(canonical(JSON.parse(rows) as unknown[]), table).toEqual(canonical(file));
    }
    // The restore ended every session, the restorer's too.
    expect((await call(h, 'GET', '/api/auth/session', { token: admin })).status).toBe(401);
    const logs = await h.db.query(`SELECT subject FROM activity_logs ORDER BY id DESC LIMIT 1`);
    expect(logs[0].subject).toBe(`Restore from ${folder}`);
    // New ids continue after the restored ones.
    const root = await loginAs(h, 'superadmin', SUPERADMIN_PASSWORD);
    const maxId = Number((await h.db.query(`SELECT max(id) AS m FROM accounts`))[0].m);
    expect(Number((await createAs(h, root, 'player', chain.master._id))._id)).toBeGreaterThan(maxId);
  });

  it('streams a table larger than one batch both ways, a file of one row per line', async () => {
    // The restore before ended every session: log in again.
    admin = await loginAs(h, chain.admin.username);
    await h.db.query(
      `INSERT INTO complaints (enquiry_type, full_name, email, mobile, details, status, ip_address)
       SELECT 'Other', 'Bulk ' || g, 'bulk' || g || '@example.com', '98765' || lpad(g::text, 5, '0'), 'Line one of ' || g || E'\nline two', 'Pending', '127.0.0.1'
       FROM generate_series(1, 12001) g`,
    );
    const before = await h.db.query(`SELECT count(*)::int AS n, md5(string_agg(details || email, ',' ORDER BY id)) AS digest FROM complaints`);
    const made = await call(h, 'GET', '/api/backup/exportbackup', { token: admin });
    expect(made.status).toBe(200);
    // The folder the export answers (two backups of one second are not ordered by their names).
    const newest = String(made.json.folder);
    const listed = (await call(h, 'GET', '/api/backup/list-backups', { token: admin })).json.folders as { folder: string }[];
    expect(listed.map((f) => f.folder)).toContain(newest);
    const lines = readFileSync(join(dir, newest, 'complaints.json'), 'utf8').split('\n');
    expect(lines[0]).toBe('[');
    expect(lines.filter((l) => l.startsWith('{'))).toHaveLength(Number(before[0].n));
    await h.db.query(`DELETE FROM complaints WHERE id % 2 = 0`);
    await stepUp(admin);
    const r = await call(h, 'GET', `/api/backup/importbackup?folder=${newest}`, { token: admin });
    expect([r.status, r.json.message]).toEqual([200, `Restored from ${newest}`]);
    expect(await h.db.query(`SELECT count(*)::int AS n, md5(string_agg(details || email, ',' ORDER BY id)) AS digest FROM complaints`)).toEqual(before);
  });
});
