import { z } from 'zod';
import { subject } from '../../domain/activity';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { clearHistoryBody } from './clearHistory';
import { BACKUP_REPLIES } from './schemas';

const folderQuery = z.object({ folder: z.string().max(100).optional() });

/**
 * Backups and Clear History. Who may call them is the handler's to answer (the superadmin, and the
 * admins granted backups or named in BACKUP_ADMINS), not a registry page's: the refusals name who may.
 */
export const BACKUP_ENDPOINTS = {
  export: endpoint({
    method: 'GET',
    path: API_PATHS.backupExport,
    schema: { response: BACKUP_REPLIES.exported },
    subject: subject('backup'),
    config: { log: true },
  }),

  list: endpoint({
    method: 'GET',
    path: API_PATHS.backupList,
    schema: { response: BACKUP_REPLIES.list },
  }),

  download: endpoint({
    method: 'GET',
    path: API_PATHS.backupDownload,
    schema: { querystring: folderQuery, response: BACKUP_REPLIES.download },
  }),

  transfer: endpoint({
    method: 'GET',
    path: API_PATHS.backupTransfer,
    schema: { querystring: folderQuery, response: BACKUP_REPLIES.transferred },
    subject: subject('cloudTransfer'),
    config: { log: true },
  }),

  restore: endpoint({
    method: 'GET',
    path: API_PATHS.backupImport,
    schema: { querystring: folderQuery, response: BACKUP_REPLIES.restored },
    subject: subject('restore'),
    config: { log: true, endsSessions: true },
  }),

  clearHistory: endpoint({
    method: 'POST',
    path: API_PATHS.deleteRecords,
    schema: { body: clearHistoryBody, response: BACKUP_REPLIES.cleared },
    subject: subject('clearHistory'),
    // Who may clear is answered before the form is read.
    inputCheckedInHandler: true,
  }),
};
