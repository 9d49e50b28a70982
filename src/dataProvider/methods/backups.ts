import { API_PATHS } from '../../../domain/apiPaths';
import type { ClearHistoryRequest } from '../../operations/clearHistoryRules';
import type { Answer as Reply } from '../contract';
import { expectSuccess } from '../errors';
import { answered, call, send } from '../http';

/** One backup folder of the backup list: its name, when it was taken, its size on disk and its row count. */
export type BackupFolder = Reply<'backupList'>['folders'][number];

/** An answered call's envelope with the fields beside `data` (a transfer's folder, a clear's counts and backup). */
export type Answer = Reply<'backupExport' | 'backupImport' | 'backupTransfer' | 'deleteRecords'>;

/** A file's bytes and the name the server gave it (null when it gave none). */
export interface FileAnswer {
  blob: Blob;
  filename: string | null;
}

/** The Backups and Clear History screens' calls. A 200 that says it failed rejects with `Refused`, except Clear History's, which the screen reads. */
export interface BackupMethods {
  /** The backups, newest first (the server's order). */
  getBackups(): Promise<BackupFolder[]>;
  takeBackup(): Promise<Reply<'backupExport'>>;
  /** Restores a folder: every session ends on the server, this one too. */
  restoreBackup(folder: string): Promise<Reply<'backupImport'>>;
  /** A folder's archive, through the client's one HTTP call (a plain link or a new tab would carry no token). */
  downloadBackup(folder: string): Promise<FileAnswer>;
  transferBackup(folder: string): Promise<Reply<'backupTransfer'>>;
  /** Deletes the models' rows between the dates, after a backup (the server asks for a recent password check). */
  clearHistory(body: ClearHistoryRequest): Promise<Reply<'deleteRecords'>>;
}

export const backupMethods = (): BackupMethods => ({
  getBackups: async () => {
    const { json } = await call('backupList');
    return expectSuccess(json).folders.slice();
  },
  takeBackup: async () => expectSuccess((await call('backupExport')).json),
  restoreBackup: async (folder) => expectSuccess((await call('backupImport', { query: { folder } })).json),
  downloadBackup: async (folder) => {
    const res = await send(API_PATHS.backupDownload, { query: { folder } });
    const blob = await res.blob();
    answered();
    const filename = /filename="?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
    return { blob, filename };
  },
  transferBackup: async (folder) => expectSuccess((await call('backupTransfer', { query: { folder } })).json),
  clearHistory: async (body) => (await call('deleteRecords', { method: 'POST', body })).json,
});
