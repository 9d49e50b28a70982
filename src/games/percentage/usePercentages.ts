import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { currentSession } from '../../auth/session';
import type { TierDataProvider } from '../../dataProvider/dataProvider';
import { ApiError } from '../../dataProvider/errors';
import type { AdminGameRow, PercentageList, PercentageUpdate } from '../../dataProvider/methods/games';
import { queryKeys } from '../../dataProvider/queryKeys';

export type { AdminGameRow };

/** Percentage messages, success and failure alike, clear after 800 ms. */
export const PERCENTAGE_MESSAGE_MS = 800;

const ownId = (): string | undefined => currentSession()?.user._id;

/** The caller's (admin, game) pairs with their win percentages; `enabled: false` asks nothing. */
export function usePercentageList({ enabled = true }: { enabled?: boolean } = {}) {
  const id = ownId();
  const dataProvider = useDataProvider<TierDataProvider>();
  return useQuery({
    queryKey: queryKeys.percentageList(id),
    queryFn: () => dataProvider.getPercentages({ id: id as string }),
    enabled: enabled && id !== undefined,
    // A refusal (403 for a role that runs no games) stays a refusal: shown at once, not retried.
    retry: (failures, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && failures < 3,
  });
}

/** What an input holds as the number sent: a non-numeric value is sent as 0 (which the server refuses: the least is 1). */
export const percentValue = (text: string): number => {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : 0;
};

/** The rows whose input differs from the stored percentage, as the bulk update's list (unchanged rows are not sent). */
export function pendingUpdates(rows: readonly AdminGameRow[], edits: Readonly<Record<string, string>>): PercentageUpdate[] {
  return rows.flatMap((row) => {
    const text = edits[row.id];
    if (text === undefined) return [];
    const winpercentage = percentValue(text);
    return winpercentage === row.winpercentage ? [] : [{ id: row.id, winpercentage }];
  });
}

/**
 * PUT percentage/bulk/winpercentage/{own id} with `{ data: { updates } }`. On success the cached
 * list takes the new values at once (the inputs show them while the list is read again).
 */
export function useSetPercentages() {
  const client = useQueryClient();
  const dataProvider = useDataProvider<TierDataProvider>();
  return useMutation({
    mutationFn: (updates: PercentageUpdate[]) => dataProvider.setPercentages({ id: ownId() ?? '', updates }),
    onSuccess: (_result, updates) => {
      const next = new Map(updates.map((u) => [u.id, u.winpercentage]));
      client.setQueriesData<PercentageList>({ queryKey: queryKeys.percentageLists() }, (old) =>
        old && { ...old, adminGameList: old.adminGameList.map((r) => (next.has(r.id) ? { ...r, winpercentage: next.get(r.id)! } : r)) },
      );
      void client.invalidateQueries({ queryKey: queryKeys.percentageLists() });
    },
  });
}
