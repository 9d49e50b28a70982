import { z } from 'zod';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { schemaMessage } from '../http/schemaMessages';
import { pageParams } from '../http/schemas';
import { GAME_REPLIES } from './schemas';

// The bet's body extends this: there its message is answered (a query value answers badParameter).
const GAME_ID_REQUIRED = schemaMessage('required', { field: 'gameId' });
const gameQuery = z.object({ gameId: z.string({ error: GAME_ID_REQUIRED }).min(1, GAME_ID_REQUIRED) });

/** The player API: bets, own tickets, results of the own admin's rounds, the round timer (the handlers answer who is a player). */
export const PLAYER_ENDPOINTS = {
  bet: endpoint({
    method: 'POST',
    path: API_PATHS.createBet,
    schema: {
      body: gameQuery.extend({
        draws: z
          .array(z.object({ drawno: z.union([z.string(), z.number()]).transform(String), drawqty: z.number({ error: schemaMessage('drawqtyNumber') }) }), {
            error: schemaMessage('drawsList'),
          })
          .max(1200, schemaMessage('tooManyOptions')),
      }),
      response: GAME_REPLIES.createBet,
    },
    config: { log: false },
  }),

  tickets: endpoint({
    method: 'GET',
    path: API_PATHS.tickets,
    schema: {
      querystring: z.object({ gameId: z.string().optional(), ...pageParams(20, 100) }),
      response: GAME_REPLIES.tickets,
    },
  }),

  lastResults: endpoint({ method: 'GET', path: API_PATHS.lastResults, schema: { querystring: gameQuery, response: GAME_REPLIES.lastResults } }),

  // Rounds follow the clock, so every admin's round of a game closes at the same moment: `adminId`
  // (what operators pass) is accepted and checked, and the countdown depends on the game alone.
  timer: endpoint({ method: 'GET', path: API_PATHS.timer, schema: { querystring: gameQuery.extend({ adminId: z.string().optional() }), response: GAME_REPLIES.timer } }),
};
