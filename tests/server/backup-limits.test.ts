import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { BACKUP_LOCK, BackupLimits } from '../../server/operations/backupLimits';
import { ENGINE } from './engine';
import { call, createAs, createChain, engineAvailable, grantBackups, loginAs, startHarness, type Harness } from './harness';

/** Backups are limited: one at a time, a rate per admin, a retention, room on the disk. */
describe.runIf(engineAvailable())('backup limits', () => {
  let h: Harness;
  let admin: string;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-limits-'));
  const KEEP = 3;
  const RATE = 6;

  beforeAll(async () => {
    h = await startHarness({ backupDir: dir, backupKeep: KEEP, backupRatePerHour: RATE, backupSigningKey: 'limits-test-signing-key-0123456789abcdef' });
    const games = (await h.db.query(`SELECT id FROM games ORDER BY id`)).map((r) => String(r.id));
    const a = await createAs(h, h.root.token, 'admin', h.root.id, { games });
    await createChain(h, a._id);
    await grantBackups(h, a._id);
    admin = await loginAs(h, a.username);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const exportNow = () => call(h, 'GET', '/api/backup/exportbackup', { token: admin });
  const listed = async () => ((await call(h, 'GET', '/api/backup/list-backups', { token: admin })).json.folders as { folder: string }[]).map((f) => f.folder);
  let made = 0;

  it('runs one backup at a time: a second one while it runs answers 409', async () => {
    const answers = await Promise.all([exportNow(), exportNow(), exportNow()]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses).toContain(409);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.json.message).toBe(MESSAGES.backupBusy);
    made += statuses.filter((s) => s === 200).length;
    // A restore waits for no one either: it is refused while a backup runs.
    const running = exportNow();
    await new Promise((r) => setTimeout(r, 5));
    expect((await call(h, 'POST', '/api/auth/checkpassword', { token: admin, body: { password: 'secret-pass' } })).status).toBe(200);
    const folder = (await listed())[0]!;
    const restore = await call(h, 'GET', `/api/backup/importbackup?folder=${folder}`, { token: admin });
    expect([200, 409]).toContain(restore.status);
    if (restore.status === 409) expect(restore.json.message).toBe(MESSAGES.backupBusy);
    const done = await running;
    if (restore.status === 200) {
      // The restore ran first (it ended every session): log in again.
      admin = await loginAs(h, (await h.db.query(`SELECT username FROM accounts WHERE role = 'admin'`))[0]!.username as string);
    }
    if (done.status === 200) made++;
  });

  it.runIf(ENGINE === 'postgres')('holds across instances on PostgreSQL (an advisory lock)', async () => {
    // Another instance's backup, as this one sees it: the advisory lock held by a transaction elsewhere.
    await h.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [BACKUP_LOCK]);
      const r = await exportNow();
      expect([r.status, r.json.message]).toEqual([409, MESSAGES.backupBusy]);
    });
  });

  it(`keeps the newest ${KEEP} folders: the oldest go after a successful backup`, async () => {
    const before = await listed();
    expect(before.length).toBeLessThanOrEqual(KEEP);
    const fresh: string[] = [];
    while (made < RATE) {
      const r = await exportNow();
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      fresh.push(String(r.json.folder));
      made++;
    }
    const after = await listed();
    expect(after).toHaveLength(KEEP);
    for (const f of fresh.slice(-KEEP)) expect(after).toContain(f);
    for (const f of before) if (!after.includes(f)) expect(existsSync(join(dir, f))).toBe(false);
  });

  it(`allows ${RATE} backups an hour per admin, then 429`, async () => {
    const r = await exportNow();
    expect([r.status, String(r.json.message)]).toEqual([429, expect.stringContaining(`At most ${RATE} backups an hour`)]);
    // Clear History's backup counts too: refused before anything is cleared.
    expect((await call(h, 'POST', '/api/auth/checkpassword', { token: admin, body: { password: 'secret-pass' } })).status).toBe(200);
    const today = new Date().toISOString();
    const logs = Number((await h.db.query(`SELECT count(*)::int AS n FROM activity_logs`))[0]!.n);
    const c = await call(h, 'POST', '/api/backup/deleterecords', { token: admin, body: { startDate: today, endDate: today, models: ['userlog'] } });
    expect(c.status).toBe(429);
    expect(Number((await h.db.query(`SELECT count(*)::int AS n FROM activity_logs`))[0]!.n)).toBeGreaterThanOrEqual(logs);
  });

  it('refuses a backup (507) when the disk has less free space than the last backup took', async () => {
    const limits = new BackupLimits({ db: h.db, dir, perHour: 100, keep: 20, freeBytes: async () => 1 });
    await expect(limits.ensureRoom()).rejects.toMatchObject({ statusCode: 507, message: expect.stringContaining('Not enough free disk space') });
    const roomy = new BackupLimits({ db: h.db, dir, perHour: 100, keep: 20, freeBytes: async () => 1e12 });
    await expect(roomy.ensureRoom()).resolves.toBeUndefined();
  });
});
