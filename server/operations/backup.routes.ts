import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller, type Caller } from '../access/caller';
import { requireRecentStepUp } from '../auth/plugin';
import type { BackupS3Config } from '../config';
import type { Database } from '../db/client';
import { conflict, forbidden } from '../http/errors';
import { backupArchive, exportBackup, importBackup, knownFolder, listBackups, sweepPartials } from './backup';
import { transferBackup } from './s3Transfer';
import { clearHistory, HISTORY_MODELS, parseModels, parseRange } from './clearHistory';
import { findRef } from '../access/repository';
import { tiersWith } from '../../resources.config';

/** The admins' tier (runsGames): clearing history clears the rounds, tickets and results of the admin's games. */
const GAME_TIER = tiersWith('runsGames')[0]!.role;

export interface BackupOptions {
  db: Database;
  dir: string;
  /** Usernames allowed to back up and restore; empty: every admin. */
  admins: readonly string[];
  /** Where Cloud Transfer uploads; undefined: not configured (409). */
  s3?: BackupS3Config;
}

/** Backups (admin only, as the spec says): export, list, download, cloud transfer; restore after a password check. */
export async function backupRoutes(app: FastifyInstance, opts: BackupOptions) {
  const { db, dir } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  await sweepPartials(dir);
  const allowed = (caller: Caller) => {
    if (caller.role !== GAME_TIER) throw forbidden('Backups are for admins only.');
    if (opts.admins.length && !opts.admins.includes(caller.username)) throw forbidden('Backups are limited to named admins (BACKUP_ADMINS).');
    return caller;
  };
  const folderQuery = { querystring: z.object({ folder: z.string().max(100).optional() }) };

  r.get('/backup/exportbackup', { config: { subject: 'Backup', log: true } }, async (req) => {
    allowed(requireCaller(req));
    const { folder, manifest } = await exportBackup(db, dir);
    return { success: true, message: 'Backup completed', folder, rows: manifest.tables.reduce((s, t) => s + t.rows, 0) };
  });

  r.get('/backup/list-backups', async (req) => {
    allowed(requireCaller(req));
    const folders = await listBackups(dir);
    return { success: true, folders, message: folders.length ? '' : 'No backups yet.' };
  });

  r.get('/backup/downloadbackup', { schema: folderQuery }, async (req, reply) => {
    allowed(requireCaller(req));
    const folder = await knownFolder(dir, req.query.folder);
    return reply.type('application/gzip').header('Content-Disposition', `attachment; filename="${folder}.tar.gz"`).send(backupArchive(dir, folder));
  });

  r.get('/backup/transferbackup', { schema: folderQuery, config: { subject: 'Cloud transfer', log: true } }, async (req) => {
    allowed(requireCaller(req));
    if (!opts.s3) throw conflict('Cloud transfer is not configured on this server (BACKUP_S3_URL is not set).');
    const folder = await knownFolder(dir, req.query.folder);
    const out = await transferBackup(opts.s3, dir, folder, req.log);
    req.activitySubject = `Transfer ${folder}`;
    return { success: true, message: `Transferred ${folder}`, folder, location: out.location, bytes: out.bytes, sha256: out.sha256 };
  });

  r.get('/backup/importbackup', { schema: folderQuery, config: { subject: 'Restore', log: true, endsSessions: true } }, async (req) => {
    const caller = allowed(requireCaller(req));
    requireRecentStepUp(caller);
    const folder = await knownFolder(dir, req.query.folder);
    const { rows } = await importBackup(db, dir, folder);
    // The restore ended every session, this one too; the activity row is written after the commit, so it survives.
    req.activitySubject = `Restore from ${folder}`;
    return { success: true, message: `Restored from ${folder}`, rows };
  });

  r.post(
    '/backup/deleterecords',
    { schema: { body: z.object({ startDate: z.unknown().optional(), endDate: z.unknown().optional(), models: z.unknown().optional() }) }, config: { subject: 'Clear history' } },
    async (req) => {
      const caller = allowed(requireCaller(req));
      requireRecentStepUp(caller);
      const range = parseRange(req.body.startDate, req.body.endDate);
      const models = parseModels(req.body.models);
      const admin = await findRef(db, caller.id);
      if (!admin) throw forbidden();
      const out = await clearHistory(db, dir, admin, models, range);
      const total = Object.values(out.counts).reduce((a, b) => a + b, 0);
      return { success: true, message: `Cleared ${total} record(s); a backup was taken first (${out.backup}).`, backup: out.backup, counts: out.counts, models: HISTORY_MODELS };
    },
  );
}
