import { z } from 'zod';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { pickerQuery } from '../http/picker';
import { pageParams, queryDate } from '../http/schemas';
import { GAME_REPLIES } from './schemas';

const historyQuery = z.object({
  gameId: z.string().optional(),
  userId: z.string().optional(),
  startDate: queryDate,
  endDate: queryDate,
  tdate: queryDate,
  id: z.string().optional(),
  ...pageParams(50),
});

/** Bet List (Game History), its pickers, a ticket's lines and Online Players: staff below the caller (the handlers answer who is staff). */
export const HISTORY_ENDPOINTS = {
  bets: endpoint({ method: 'GET', path: API_PATHS.gameHistory, schema: { querystring: historyQuery, response: GAME_REPLIES.gameHistory } }),

  ticket: endpoint({
    method: 'GET',
    path: API_PATHS.ticketDetails,
    schema: { querystring: z.object({ ticketId: z.string(), gameId: z.string().optional() }), response: GAME_REPLIES.ticketDetails },
  }),

  users: endpoint({
    method: 'GET',
    path: API_PATHS.historyUsers,
    schema: { querystring: pickerQuery.extend({ id: z.string().optional() }), response: GAME_REPLIES.historyUsers },
  }),

  games: endpoint({ method: 'GET', path: API_PATHS.historyGames, schema: { querystring: z.object({ id: z.string().optional() }), response: GAME_REPLIES.historyGames } }),

  onlinePlayers: endpoint({
    method: 'GET',
    path: API_PATHS.onlinePlayers,
    schema: {
      querystring: z.object({ loginid: z.string().optional(), ...pageParams(50) }),
      response: GAME_REPLIES.onlinePlayers,
    },
  }),
};
