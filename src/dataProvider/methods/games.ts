import { API_PATHS, fillPath } from '../../../domain/apiPaths';
import { request } from '../http';

/** A game of the bet history's game filter. */
export interface GameOption {
  gameId: string;
  gameName: string;
}

/** One line of a ticket's details. */
export interface TicketLine {
  ticketid: string;
  /** The option's key (`card:12`); label is what people read (`Q`). */
  drawno: string;
  label?: string;
  round: number;
  drawqty: number;
  drawtotal: number;
  refunded?: boolean;
}

/** One (admin, game) pool of the win-percentage list. */
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

/** The bet history's and the win percentages' calls. */
export interface GameMethods {
  /** The games an operator's bet history can be filtered by. */
  getHistoryGames(params: { id: string | undefined }): Promise<GameOption[]>;
  /** The lines of one ticket (none when the server says it failed). */
  getTicketLines(params: { ticketId: string; gameId: string }): Promise<TicketLine[]>;
  /** An admin's (admin, game) pairs with their win percentages. */
  getPercentages(params: { id: string }): Promise<PercentageList>;
  /** Writes the changed percentages (the list's rows by id); resolves with the server's message. */
  setPercentages(params: { id: string; updates: PercentageUpdate[] }): Promise<{ message: string | undefined }>;
}

export const gameMethods = (): GameMethods => ({
  getHistoryGames: async ({ id }) => (await request<GameOption[]>(API_PATHS.historyGames, { query: { id } })).json.data ?? [],
  getTicketLines: async (query) => {
    const { json } = await request<TicketLine[]>(API_PATHS.ticketDetails, { query: { ...query } });
    return json.success ? (json.data ?? []) : [];
  },
  getPercentages: async ({ id }) => {
    const { json } = await request(fillPath(API_PATHS.percentages, { id }));
    return {
      games: (json.games as PercentageList['games'] | undefined) ?? [],
      users: (json.users as PercentageList['users'] | undefined) ?? [],
      adminGameList: (json.adminGameList as AdminGameRow[] | undefined) ?? [],
    };
  },
  setPercentages: async ({ id, updates }) => {
    const { json } = await request(fillPath(API_PATHS.winPercentages, { id }), { method: 'PUT', body: { data: { updates } } });
    return { message: typeof json.message === 'string' ? json.message : undefined };
  },
});
