import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentSession } from '../../auth/session';
import { ApiError, request } from '../../dataProvider/http';
import { queryKeys } from '../../dataProvider/queryKeys';
import { API_PATHS, fillPath } from '../../../domain/apiPaths';

/** One (admin, game) pool of GET percentage/usergames/{id} (docs/API.md). */
export interface AdminGameRow {
  /** The pool's id: what the bulk update names. */
  id: string;
  adminId: string;
  username: string;
  gameId: string;
  gameName: string;
  winpercentage: number;
}

export interface PercentageList {
  games: { gameId: string; gameName: string }[];
  users: { _id: string; username: string }[];
  adminGameList: AdminGameRow[];
}

export interface PercentageUpdate {
  id: string;
  winpercentage: number;
}

/** Percentage messages clear after 800 ms (spec sections 8 and 9). */
export const PERCENTAGE_MESSAGE_MS = 800;

const ownId = (): string | undefined => currentSession()?.user._id;

async function fetchPercentageList(id: string): Promise<PercentageList> {
  const { json } = await request(fillPath(API_PATHS.percentages, { id }));
  return {
    games: (json.games as PercentageList['games'] | undefined) ?? [],
    users: (json.users as PercentageList['users'] | undefined) ?? [],
    adminGameList: (json.adminGameList as AdminGameRow[] | undefined) ?? [],
  };
}

/** The caller's (admin, game) pairs with their win percentages; `enabled: false` asks nothing. */
export function usePercentageList({ enabled = true }: { enabled?: boolean } = {}) {
  const id = ownId();
  return useQuery({
    queryKey: queryKeys.percentageList(id),
    queryFn: () => fetchPercentageList(id as string),
    enabled: enabled && id !== undefined,
    // A refusal (403 for a role that runs no games) stays a refusal: shown at once, not retried.
    retry: (failures, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && failures < 3,
  });
}

/** What an input holds as the number sent: a non-numeric value is sent as 0 (spec section 5). */
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
  return useMutation({
    mutationFn: async (updates: PercentageUpdate[]) => {
      const { json } = await request(fillPath(API_PATHS.winPercentages, { id: ownId() ?? '' }), {
        method: 'PUT',
        body: { data: { updates } },
      });
      return { message: typeof json.message === 'string' ? json.message : undefined };
    },
    onSuccess: (_result, updates) => {
      const next = new Map(updates.map((u) => [u.id, u.winpercentage]));
      client.setQueriesData<PercentageList>({ queryKey: queryKeys.percentageLists() }, (old) =>
        old && { ...old, adminGameList: old.adminGameList.map((r) => (next.has(r.id) ? { ...r, winpercentage: next.get(r.id)! } : r)) },
      );
      void client.invalidateQueries({ queryKey: queryKeys.percentageLists() });
    },
  });
}
