import type { FastifyInstance } from 'fastify';
import { subject } from '../../domain/activity';
import { requireCaller, type Caller } from '../access/caller';
import { requireRecentStepUp } from '../auth/plugin';
import type { BackupS3Config } from '../config';
import { coded, forbidden } from '../http/errors';
import { checkedInput } from '../http/validated';
import { serve } from '../http/endpoint';
import { openArchive, exportBackup, importBackup, knownFolder, listBackups, sweepPartials, type BackupPlace } from './backup';
import { BackupLimits } from './backupLimits';
import { transferBackup } from './s3Transfer';
import { clearHistory, HISTORY_MODELS } from './clearHistory';
import { findRef } from '../access/repository';
import { col, queryRow, queryRows, rowsOf } from '../db/rows';
import { GAME_TIER, ROOT_TIER } from '../../resources.config';
import { BACKUP_ENDPOINTS as E } from './backup.endpoints';


export interface BackupOptions {
  dir: string;
  /** BACKUP_ADMINS: when set, the admins allowed whole-database backups instead of those the superadmin granted. */
  admins: readonly string[];
  /** Signs and checks backup manifests; kept outside `dir`. */
  signingKey: Buffer;
  /** Backups an admin may start per hour. */
  perHour: number;
  /** Backup folders kept. */
  keep: number;
  /** Free bytes where backups are written (tests give their own). */
  freeBytes?: (dir: string) => Promise<number>;
  /** Where Cloud Transfer uploads; undefined: not configured (409). */
  s3?: BackupS3Config;
}

/**
 * Backups: export, list, download, cloud transfer; restore after a password check. A backup is the
 * whole database (every account's contact data and password hash, every admin's money), so all but
 * Clear History belong to the installation's owner: the superadmin always, and the admins it granted
 * the right from their edit form (`accounts.may_backup`), or instead the admins named in
 * BACKUP_ADMINS when that is set. No count of admins turns them off.
 */
export async function backupRoutes(app: FastifyInstance, opts: BackupOptions) {
  const { db } = app;
  const { dir } = opts;
  const place: BackupPlace = { dir, key: opts.signingKey };
  const limits = new BackupLimits({ db, dir, perHour: opts.perHour, keep: opts.keep, freeBytes: opts.freeBytes });
  await sweepPartials(dir);
  const admin = (caller: Caller) => {
    if (caller.role !== GAME_TIER) throw coded(403, 'backupsAdminsOnly');
    return caller;
  };
  /** Who may, named for the one who may not: the superadmins, and the admins granted (or listed). */
  const notGranted = async () => {
    const rows = await queryRows(
      db,
      rowsOf({ username: col.text, role: col.text }),
      `SELECT username, role FROM accounts
        WHERE deleted_at IS NULL AND (role = $1 OR (role = $2 AND ${opts.admins.length ? 'username = ANY($3::text[])' : 'may_backup'}))
        ORDER BY role = $1 DESC, username`,
      [ROOT_TIER.role, GAME_TIER, ...(opts.admins.length ? [[...opts.admins]] : [])],
    );
    const superadmin = rows.filter((r) => r.role === ROOT_TIER.role).map((r) => r.username).join(', ');
    return coded(403, 'backupNotGranted', { who: rows.map((r) => r.username).join(', '), superadmin });
  };
  const mayBackUp = async (caller: Caller) => {
    if (opts.admins.length) return opts.admins.includes(caller.username);
    const r = await queryRow(db, rowsOf({ ok: col.bool }), `SELECT may_backup AS ok FROM accounts WHERE id = $1 AND deleted_at IS NULL`, [caller.id]);
    return r?.ok === true;
  };
  const owner = async (caller: Caller) => {
    if (caller.role === ROOT_TIER.role) return caller;
    admin(caller);
    if (!(await mayBackUp(caller))) throw await notGranted();
    return caller;
  };
  /** One backup: counted against the caller's rate, alone on the installation, with room on the disk; older folders pruned after. */
  const backup = async <T extends { folder: string }>(caller: Caller, fn: () => Promise<T>): Promise<T> =>
    limits.exclusive(async () => {
      await limits.ensureRoom();
      limits.take(caller.username);
      const out = await fn();
      await limits.prune(out.folder);
      return out;
    });
  serve(app, E.export, async (req) => {
    const caller = await owner(requireCaller(req));
    const { folder, manifest } = await backup(caller, () => exportBackup(db, place));
    return { success: true, message: 'Backup completed', folder, rows: manifest.tables.reduce((s, t) => s + t.rows, 0) };
  });

  serve(app, E.list, async (req) => {
    await owner(requireCaller(req));
    const folders = await listBackups(dir);
    return { success: true, folders, message: folders.length ? '' : 'No backups yet.' };
  });

  serve(app, E.download, async (req, reply) => {
    await owner(requireCaller(req));
    const folder = await knownFolder(dir, req.query.folder);
    const { stream } = await openArchive(place, folder);
    return reply.type('application/gzip').header('Content-Disposition', `attachment; filename="${folder}.tar.gz"`).send(stream);
  });

  serve(app, E.transfer, async (req) => {
    await owner(requireCaller(req));
    if (!opts.s3) throw coded(409, 'cloudTransferOff');
    const folder = await knownFolder(dir, req.query.folder);
    const out = await transferBackup(opts.s3, place, folder, req.log);
    req.activitySubject = subject('cloudTransferOf', { folder });
    return { success: true, message: `Transferred ${folder}`, folder, location: out.location, bytes: out.bytes, sha256: out.sha256 };
  });

  serve(app, E.restore, async (req) => {
    const caller = await owner(requireCaller(req));
    requireRecentStepUp(caller);
    const folder = await knownFolder(dir, req.query.folder);
    const { rows } = await limits.exclusive(() => importBackup(db, place, folder));
    // The restore ended every session, this one too; the activity row is written after the commit, so it survives.
    req.activitySubject = subject('restoreFrom', { folder });
    return { success: true, message: `Restored from ${folder}`, rows };
  });

  serve(
    app,
    E.clearHistory,
    // The schema's refusal is answered after the access checks.
    async (req) => {
      // The caller's own network only: not the owner's alone (BACKUP_ADMINS still names who may, when set); the backup it takes first stays on the server.
      const caller = admin(requireCaller(req));
      if (opts.admins.length && !opts.admins.includes(caller.username)) throw await notGranted();
      requireRecentStepUp(caller);
      const { range, models } = checkedInput(req, req.body);
      const ref = await findRef(db, caller.id);
      if (!ref) throw forbidden();
      const out = await backup(caller, () => clearHistory(db, place, ref, models, range).then((o) => ({ ...o, folder: o.backup })));
      const total = Object.values(out.counts).reduce((a, b) => a + b, 0);
      return { success: true, message: `Cleared ${total} record(s); a backup was taken first (${out.backup}).`, backup: out.backup, counts: out.counts, models: HISTORY_MODELS };
    },
  );
}
