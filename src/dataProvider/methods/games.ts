import type { Answer } from '../contract';
import { call } from '../http';

/** A game of the bet history's game filter. */
export type GameOption = Answer<'historyGames'>['data'][number];

/** One line of a ticket's details: drawno is the option's key (`card:12`), label what people read (`Q`). */
export type TicketLine = Answer<'ticketDetails'>['data'][number];

type Percentages = Answer<'percentages'>;
/** One (admin, game) pool of the win-percentage list; its id is what the bulk update names. */
export type AdminGameRow = Percentages['adminGameList'][number];

export interface PercentageList {
  games: Percentages['games'];
  users: Percentages['users'];
  adminGameList: AdminGameRow[];
}

/** A changed percentage of the list's row `id` (the update's body reads it; its percentage is parsed there, so its type is the row's). */
export type PercentageUpdate = Pick<AdminGameRow, 'id' | 'winpercentage'>;

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
  getHistoryGames: async ({ id }) => (await call('historyGames', { query: { id } })).json.data,
  getTicketLines: async (query) => {
    const { json } = await call('ticketDetails', { query: { ...query } });
    return json.success ? json.data : [];
  },
  getPercentages: async ({ id }) => {
    const { json } = await call('percentages', { params: { id } });
    return { games: json.games, users: json.users, adminGameList: json.adminGameList };
  },
  setPercentages: async ({ id, updates }) => {
    const { json } = await call('winPercentages', { method: 'PUT', params: { id }, body: { data: { updates } } });
    return { message: json.message };
  },
});
