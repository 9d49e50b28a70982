import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { queryKeys } from '../dataProvider/queryKeys';
import { retryUnlessRefused } from './outcome';

/** The backups, newest first (the server's order). */
export function useBackups({ enabled = true }: { enabled?: boolean } = {}) {
  const dataProvider = useDataProvider<TierDataProvider>();
  return useQuery({
    queryKey: queryKeys.backupList(),
    queryFn: () => dataProvider.getBackups(),
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
