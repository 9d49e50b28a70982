import type { FastifyInstance } from 'fastify';
import { subject } from '../../domain/activity';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller, type Caller } from '../access/caller';
import { requireRecentStepUp } from '../auth/plugin';
import type { BackupS3Config } from '../config';
import { coded, forbidden } from '../http/errors';
import { backupArchive, exportBackup, importBackup, knownFolder, listBackups, sweepPartials, type BackupPlace } from './backup';
import { BackupLimits } from './backupLimits';
import { transferBackup } from './s3Transfer';
import { clearHistory, clearHistoryBody, HISTORY_MODELS, parseModels, parseRange } from './clearHistory';
import { findRef } from '../access/repository';
import { GAME_TIER } from '../../resources.config';
import { API_PATHS } from '../../domain/apiPaths';
import { BACKUP_REPLIES } from './schemas';


/** The 403 of an admin not named in BACKUP_ADMINS: says how the operator enables it. */
const notListed = (username: string) => coded(403, 'backupNotListed', { username });

export interface BackupOptions {
  dir: string;
  /** Usernames allowed whole-database backup, download and restore; empty: the installation's only admin, while there is one. */
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
 * Backups (admin only, as the spec says): export, list, download, cloud transfer; restore after a
 * password check. A backup is the whole database (every account's contact data and password hash,
 * every admin's money), so all but Clear History belong to the installation's owner: the admins
 * named in BACKUP_ADMINS, or, when it is unset, the only admin while there is just one.
 */
export async function backupRoutes(app: FastifyInstance, opts: BackupOptions) {
  const { db } = app;
  const { dir } = opts;
  const place: BackupPlace = { dir, key: opts.signingKey };
  const limits = new BackupLimits({ db, dir, perHour: opts.perHour, keep: opts.keep, freeBytes: opts.freeBytes });
  const r = app.withTypeProvider<ZodTypeProvider>();
  await sweepPartials(dir);
  const admin = (caller: Caller) => {
    if (caller.role !== GAME_TIER) throw coded(403, 'backupsAdminsOnly');
    return caller;
  };
  const owner = async (caller: Caller) => {
    admin(caller);
    if (opts.admins.length) {
      if (!opts.admins.includes(caller.username)) throw notListed(caller.username);
      return caller;
    }
    const [c] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts WHERE role = $1 AND deleted_at IS NULL`, [GAME_TIER]);
    const admins = Number(c?.n ?? 0);
    // BACKUP_ADMINS unset and several admins: the message says how the operator enables it.
    if (admins > 1) throw coded(403, 'backupOwnerOnly', { admins, username: caller.username });
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
  const folderQuery = { querystring: z.object({ folder: z.string().max(100).optional() }) };

  r.get(API_PATHS.backupExport, { schema: { response: BACKUP_REPLIES.exported }, config: { subject: subject('backup'), log: true } }, async (req) => {
    const caller = await owner(requireCaller(req));
    const { folder, manifest } = await backup(caller, () => exportBackup(db, place));
    return { success: true, message: 'Backup completed', folder, rows: manifest.tables.reduce((s, t) => s + t.rows, 0) };
  });

  r.get(API_PATHS.backupList, { schema: { response: BACKUP_REPLIES.list } }, async (req) => {
    await owner(requireCaller(req));
    const folders = await listBackups(dir);
    return { success: true, folders, message: folders.length ? '' : 'No backups yet.' };
  });

  r.get(API_PATHS.backupDownload, { schema: { ...folderQuery, response: BACKUP_REPLIES.download } }, async (req, reply) => {
    await owner(requireCaller(req));
    const folder = await knownFolder(dir, req.query.folder);
    return reply.type('application/gzip').header('Content-Disposition', `attachment; filename="${folder}.tar.gz"`).send(backupArchive(dir, folder));
  });

  r.get(API_PATHS.backupTransfer, { schema: { ...folderQuery, response: BACKUP_REPLIES.transferred }, config: { subject: subject('cloudTransfer'), log: true } }, async (req) => {
    await owner(requireCaller(req));
    if (!opts.s3) throw coded(409, 'cloudTransferOff');
    const folder = await knownFolder(dir, req.query.folder);
    const out = await transferBackup(opts.s3, dir, folder, req.log);
    req.activitySubject = subject('cloudTransferOf', { folder });
    return { success: true, message: `Transferred ${folder}`, folder, location: out.location, bytes: out.bytes, sha256: out.sha256 };
  });

  r.get(API_PATHS.backupImport, { schema: { ...folderQuery, response: BACKUP_REPLIES.restored }, config: { subject: subject('restore'), log: true, endsSessions: true } }, async (req) => {
    const caller = await owner(requireCaller(req));
    requireRecentStepUp(caller);
    const folder = await knownFolder(dir, req.query.folder);
    const { rows } = await limits.exclusive(() => importBackup(db, place, folder));
    // The restore ended every session, this one too; the activity row is written after the commit, so it survives.
    req.activitySubject = subject('restoreFrom', { folder });
    return { success: true, message: `Restored from ${folder}`, rows };
  });

  r.post(
    API_PATHS.deleteRecords,
    { schema: { body: clearHistoryBody, response: BACKUP_REPLIES.cleared }, config: { subject: subject('clearHistory') } },
    async (req) => {
      // The caller's own network only: not the owner's alone (BACKUP_ADMINS still names who may, when set); the backup it takes first stays on the server.
      const caller = admin(requireCaller(req));
      if (opts.admins.length && !opts.admins.includes(caller.username)) throw notListed(caller.username);
      requireRecentStepUp(caller);
      const range = parseRange(req.body.startDate, req.body.endDate);
      const models = parseModels(req.body.models);
      const ref = await findRef(db, caller.id);
      if (!ref) throw forbidden();
      const out = await backup(caller, () => clearHistory(db, place, ref, models, range).then((o) => ({ ...o, folder: o.backup })));
      const total = Object.values(out.counts).reduce((a, b) => a + b, 0);
      return { success: true, message: `Cleared ${total} record(s); a backup was taken first (${out.backup}).`, backup: out.backup, counts: out.counts, models: HISTORY_MODELS };
    },
  );
}
