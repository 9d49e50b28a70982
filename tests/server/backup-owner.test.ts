import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { buildApp } from '../../server/app';
import { call, createAs, createChain, engineAvailable, grantBackups, loginAs, startHarness, SUPERADMIN_PASSWORD, type Harness } from './harness';

/**
 * Whole-database backups never go dark: the superadmin always may, and grants an admin the right
 * from the admin's edit form (stored, logged, revocable); BACKUP_ADMINS overrides the grants.
 */
describe.runIf(engineAvailable())('backups belong to the superadmin and the admins it grants', () => {
  let h: Harness;
  let games: string[];
  let first: AccountRecord;
  let second: AccountRecord;
  let firstToken: string;
  let secondToken: string;
  let folder: string;
  let listed: FastifyInstance | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-owner-'));
  const today = new Date().toISOString();

  beforeAll(async () => {
    h = await startHarness({ backupDir: dir, backupSigningKey: 'owner-test-signing-key-0123456789abcdef' });
    games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    first = await createAs(h, h.root.token, 'admin', h.root.id, { games });
    await createChain(h, first._id);
    firstToken = await loginAs(h, first.username);
  });
  afterAll(async () => {
    await listed?.close();
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const stepUp = async (token: string, password = 'secret-pass') => expect((await call(h, 'POST', '/api/auth/checkpassword', { token, body: { password } })).status).toBe(200);
  const wholeDatabase = (f: string) => [
    ['GET', '/api/backup/exportbackup'],
    ['GET', '/api/backup/list-backups'],
    ['GET', `/api/backup/downloadbackup?folder=${f}`],
    ['GET', `/api/backup/transferbackup?folder=${f}`],
    ['GET', `/api/backup/importbackup?folder=${f}`],
  ] as const;
  const refusedAll = async (token: string, who: string) => {
    await stepUp(token);
    for (const [method, url] of wholeDatabase(folder)) {
      const r = await call(h, method, url, { token });
      expect(r.status, url).toBe(403);
      expect(r.json, url).toMatchObject({ code: 'backupNotGranted', params: { who, superadmin: 'superadmin' } });
      // Who can, in words; never a server variable to set.
      expect(String(r.json.message)).toContain(`only ${who} may`);
      expect(String(r.json.message)).not.toMatch(/BACKUP_ADMINS|restart/);
    }
  };

  it('lets the superadmin back up, list, download and restore the whole installation, with the step-up password', async () => {
    const made = await call(h, 'GET', '/api/backup/exportbackup', { token: h.root.token });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    folder = String(made.json.folder);
    expect(((await call(h, 'GET', '/api/backup/list-backups', { token: h.root.token })).json.folders as { folder: string }[])[0]?.folder).toBe(folder);
    expect((await call(h, 'GET', `/api/backup/downloadbackup?folder=${folder}`, { token: h.root.token })).status).toBe(200);
    // Cloud Transfer is not configured here: past the owner check, the configuration answers.
    expect((await call(h, 'GET', `/api/backup/transferbackup?folder=${folder}`, { token: h.root.token })).json).toMatchObject({ code: 'cloudTransferOff' });
    expect((await call(h, 'GET', `/api/backup/importbackup?folder=${folder}`, { token: h.root.token })).json).toMatchObject({ code: 'confirmPasswordFirst' });
    await stepUp(h.root.token, SUPERADMIN_PASSWORD);
    const restored = await call(h, 'GET', `/api/backup/importbackup?folder=${folder}`, { token: h.root.token });
    expect([restored.status, restored.json.message]).toEqual([200, `Restored from ${folder}`]);
    // The restore ended every session.
    h.root.token = await loginAs(h, 'superadmin', SUPERADMIN_PASSWORD);
    firstToken = await loginAs(h, first.username);
  });

  it('an admin without the grant is refused with who can; a second admin changes nothing for the superadmin', async () => {
    const folders = readdirSync(dir).sort();
    await refusedAll(firstToken, 'superadmin');
    second = await createAs(h, h.root.token, 'admin', h.root.id, { games });
    secondToken = await loginAs(h, second.username);
    await refusedAll(secondToken, 'superadmin');
    expect(readdirSync(dir).sort()).toEqual(folders);
    expect((await call(h, 'GET', '/api/backup/list-backups', { token: h.root.token })).status).toBe(200);
    // Clear History clears the caller's own network: any admin still may (it takes its backup on the server).
    const cleared = await call(h, 'POST', '/api/backup/deleterecords', { token: secondToken, body: { startDate: today, endDate: today, models: ['userlog'] } });
    expect(cleared.status, JSON.stringify(cleared.json)).toBe(200);
  });

  it('the superadmin grants an admin the right from its edit form: stored, logged, and revocable the same way', async () => {
    const granted = await grantBackups(h, second._id);
    expect((granted.json.data as AccountRecord).mayBackup).toBe(true);
    expect((await h.db.query(`SELECT may_backup FROM accounts WHERE id = $1`, [Number(second._id)]))[0]?.may_backup).toBe(true);
    const r = await call(h, 'GET', '/api/backup/list-backups', { token: secondToken });
    expect(r.status).toBe(200);
    // The other admin is told who can now: the superadmin and the granted admin.
    await refusedAll(firstToken, `superadmin, ${second.username}`);
    const log = async () => (await h.db.query(`SELECT username, subject FROM activity_logs WHERE subject LIKE '%backups%' ORDER BY id`)).map((x) => `${String(x.username)}: ${String(x.subject)}`);
    expect(await log()).toEqual([`superadmin: Update Admin: backups granted to ${second.username}`]);
    await grantBackups(h, second._id, false);
    expect((await call(h, 'GET', '/api/backup/list-backups', { token: secondToken })).status).toBe(403);
    expect(await log()).toEqual([`superadmin: Update Admin: backups granted to ${second.username}`, `superadmin: Update Admin: backups revoked from ${second.username}`]);
    // An admin cannot grant itself (its own profile holds no such field), nor a value other than yes or no.
    expect((await call(h, 'PUT', `/api/admins/${second._id}`, { token: secondToken, body: { updatedFields: { mayBackup: true } } })).status).toBe(403);
    const bad = await call(h, 'PUT', `/api/admins/${second._id}`, { token: h.root.token, body: { updatedFields: { mayBackup: 'sure' } } });
    expect([bad.status, bad.json.code, bad.json.field]).toEqual([400, 'yesOrNo', 'mayBackup']);
    expect((await call(h, 'GET', '/api/backup/list-backups', { token: secondToken })).status).toBe(403);
  });

  it('with BACKUP_ADMINS set, lets the named admins and the superadmin only, whatever was granted', async () => {
    await grantBackups(h, second._id);
    listed = await buildApp({ db: h.db, config: { ...h.config, backupAdmins: [first.username] } });
    await listed.ready();
    const ask = async (url: string, token: string) => {
      const res = await listed!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const json = res.headers['content-type']?.toString().startsWith('application/json') ? (res.json() as { message?: string; code?: string; params?: unknown }) : {};
      return { status: res.statusCode, code: json.code, params: json.params };
    };
    expect((await ask('/api/backup/list-backups', firstToken)).status).toBe(200);
    expect((await ask('/api/backup/list-backups', h.root.token)).status).toBe(200);
    expect((await ask(`/api/backup/downloadbackup?folder=${folder}`, firstToken)).status).toBe(200);
    for (const [, url] of wholeDatabase(folder)) {
      expect(await ask(url, secondToken), url).toEqual({ status: 403, code: 'backupNotGranted', params: { who: `superadmin, ${first.username}`, superadmin: 'superadmin' } });
    }
  });
});
