import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../resources.config';
import { buildApp } from '../../server/app';
import { call, createAs, createChain, engineAvailable, loginAs, startHarness, type Harness } from './harness';

/** Whole-database backup, download and restore belong to the installation's owner (issue 14 item 5). */
describe.runIf(engineAvailable())('backups belong to the installation owner', () => {
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

  const stepUp = async (token: string) => expect((await call(h, 'POST', '/api/auth/checkpassword', { token, body: { password: 'secret-pass' } })).status).toBe(200);
  const wholeDatabase = (f: string) => [
    ['GET', '/api/backup/exportbackup'],
    ['GET', '/api/backup/list-backups'],
    ['GET', `/api/backup/downloadbackup?folder=${f}`],
    ['GET', `/api/backup/transferbackup?folder=${f}`],
    ['GET', `/api/backup/importbackup?folder=${f}`],
  ] as const;

  it('lets the only admin of an installation back up (BACKUP_ADMINS unset)', async () => {
    const r = await call(h, 'GET', '/api/backup/exportbackup', { token: firstToken });
    expect(r.status).toBe(200);
    folder = String(r.json.folder);
  });

  it('refuses every admin once there are two, with a message that says how to enable it; Clear History stays', async () => {
    second = await createAs(h, h.root.token, 'admin', h.root.id, { games });
    secondToken = await loginAs(h, second.username);
    const folders = readdirSync(dir).sort();
    for (const token of [firstToken, secondToken]) {
      await stepUp(token);
      for (const [method, url] of wholeDatabase(folder)) {
        const r = await call(h, method, url, { token });
        expect([r.status, String(r.json.message)], url).toEqual([403, expect.stringContaining('set BACKUP_ADMINS=')]);
        expect(r.json, url).toMatchObject({ code: 'backupOwnerOnly', params: { admins: 2 } });
      }
    }
    expect(readdirSync(dir).sort()).toEqual(folders);
    // Clear History clears the caller's own network: any admin still may (it takes its backup on the server).
    const cleared = await call(h, 'POST', '/api/backup/deleterecords', { token: secondToken, body: { startDate: today, endDate: today, models: ['userlog'] } });
    expect(cleared.status, JSON.stringify(cleared.json)).toBe(200);
  });

  it('counts admins that are not deleted', async () => {
    await h.db.query(`UPDATE accounts SET deleted_at = now() WHERE id = $1`, [Number(second._id)]);
    expect((await call(h, 'GET', '/api/backup/list-backups', { token: firstToken })).status).toBe(200);
    await h.db.query(`UPDATE accounts SET deleted_at = NULL WHERE id = $1`, [Number(second._id)]);
    expect((await call(h, 'GET', '/api/backup/list-backups', { token: firstToken })).status).toBe(403);
  });

  it('with BACKUP_ADMINS set, lets the named admins only, whatever the number of admins', async () => {
    listed = await buildApp({ db: h.db, config: { ...h.config, backupAdmins: [first.username] } });
    await listed.ready();
    const ask = async (url: string, token: string) => {
      const res = await listed!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const json = res.headers['content-type']?.toString().startsWith('application/json') ? (res.json() as { message?: string }) : {};
      return { status: res.statusCode, message: String(json.message ?? '') };
    };
    expect((await ask('/api/backup/list-backups', firstToken)).status).toBe(200);
    expect((await ask(`/api/backup/downloadbackup?folder=${folder}`, firstToken)).status).toBe(200);
    for (const [, url] of wholeDatabase(folder)) {
      expect(await ask(url, secondToken), url).toEqual({ status: 403, message: expect.stringContaining(`BACKUP_ADMINS=${second.username}`) });
    }
  });
});
