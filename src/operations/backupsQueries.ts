import { useQuery } from '@tanstack/react-query';
import { request } from '../dataProvider/http';
import { queryKeys } from '../dataProvider/queryKeys';
import { expectSuccess, retryUnlessRefused } from './outcome';
import { API_PATHS } from '../../domain/apiPaths';

/** One backup folder of GET backup/list-backups: its name, when it was taken, its size on disk and its row count. */
export interface BackupFolder {
  folder: string;
  createdAt: string;
  size: number;
  rows: number;
}

/** The backups, newest first (the server's order). */
export function useBackups({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.backupList(),
    queryFn: async () => {
      const { json } = await request(API_PATHS.backupList);
      return ((expectSuccess(json).folders as BackupFolder[] | undefined) ?? []).slice();
    },
    enabled,
    retry: retryUnlessRefused,
  });
}

/** A size on disk for people: B, KB, MB, GB (1024s). */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 1024) return `${Math.max(0, Math.round(n || 0))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}
