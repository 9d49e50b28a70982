import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Range } from '../../../domain/periods';
import { getStoredUser } from '../../auth/session';
import type { TierDataProvider } from '../../dataProvider/dataProvider';
import type { GameOption, TicketLine } from '../../dataProvider/methods/games';
import { queryKeys } from '../../dataProvider/queryKeys';
import { retryUnlessRefused } from '../../operations/outcome';

/** One row of GET onlinePlayer: points as numbers with 2 decimals. */
export interface OnlinePlayerRow {
  id: string;
  _id: string;
  username: string;
  points: number;
  playPoints: number;
  winPoints: number;
  claimPoints: number;
  endPoints: number;
  isOnline: boolean;
  lastLogin: string | null;
}

/** One ticket of GET history/gamehistory, as the Bet List shows it. */
export interface HistoryRow {
  ticketId: string;
  username: string;
  gameId: string;
  gameName: string;
  drawno: number;
  timeopen: string;
  timeclose: string;
  playpoints: number;
  winpoints: number;
  resultNo: string | null;
  /** The result as the result strip shows it (`Q♥`, `3-4-5`); resultNo is its key. */
  resultLabel?: string | null;
  claimdate: string | null;
  /** Its round was voided (not settled in time) and the stake went back to the wallet. */
  refunded?: boolean;
}

/** The server's totals over the whole filter (every page), end = play − win in cents. */
export interface HistoryTotals {
  play: number;
  win: number;
  end: number;
}

export type { GameOption };

/** A page of a server-paged table: `page` counts from 1, as the API does. */
export interface Paging {
  page: number;
  perPage: number;
}

/** The logged-in operator's id: the `loginid` / `id` the spec's history calls carry. */
export const currentUserId = (): string | undefined => getStoredUser()?._id;

export interface HistoryFilter extends Paging {
  /** '' is every game, every user. */
  gameId: string;
  userId: string;
  range: Range;
}

/** The filter of GET history/gamehistory (paged by the dataProvider): the range's bounds as ISO instants. */
export const historyFilter = (f: Omit<HistoryFilter, keyof Paging>, id = currentUserId()) => ({
  gameId: f.gameId,
  userId: f.userId,
  startDate: f.range.start.toISOString(),
  endDate: f.range.end.toISOString(),
  id,
});

/** The bet list's game filter options (the player filter searches as the operator types: UserPicker). */
export function useHistoryOptions() {
  const id = currentUserId();
  const dataProvider = useDataProvider<TierDataProvider>();
  const games = useQuery({
    queryKey: queryKeys.historyGames(id),
    queryFn: () => dataProvider.getHistoryGames({ id }),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });
  return { games: games.data ?? [] };
}

/**
 * The lines of one ticket, fetched while its details are open. A failed fetch is only logged and
 * shows as no lines: a ticket's details are a convenience, and a failure there is not worth an error.
 */
export function useTicketLines(ticket: { ticketId: string; gameId: string } | null) {
  const dataProvider = useDataProvider<TierDataProvider>();
  return useQuery({
    queryKey: queryKeys.ticketLines(ticket?.ticketId, ticket?.gameId),
    queryFn: async (): Promise<TicketLine[]> => {
      try {
        return await dataProvider.getTicketLines({ ticketId: ticket!.ticketId, gameId: ticket!.gameId });
      } catch (err) {
        console.error('Ticket details could not be loaded', err);
        return [];
      }
    },
    enabled: ticket !== null,
  });
}
