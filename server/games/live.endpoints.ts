import { z } from 'zod';
import { subject } from '../../domain/activity';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { schemaMessage } from '../http/schemaMessages';
import { GAME_REPLIES } from './schemas';

// The console bodies extend this: there its messages are answered (a query value answers badParameter).
const consoleQuery = z.object({
  adminId: z.string({ error: schemaMessage('required', { field: 'adminId' }) }),
  gameId: z.string({ error: schemaMessage('required', { field: 'gameId' }) }),
});
const text = z.union([z.string(), z.number()]).transform(String);

/** The live result consoles: console data, Add / Reset Balance, SAVE of a result, the decision audit (the handlers answer whose admin may be run). */
export const LIVE_ENDPOINTS = {
  console: endpoint({ method: 'GET', path: API_PATHS.loadConsole, schema: { querystring: consoleQuery, response: GAME_REPLIES.loadConsole } }),

  addBalance: endpoint({
    method: 'POST',
    path: API_PATHS.addBalance,
    schema: {
      body: consoleQuery.extend({
        adminId: text,
        balance: z.union([z.string(), z.number()]).optional(),
        type: z.enum(['add', 'remove'], { error: schemaMessage('balanceType') }),
      }),
      response: GAME_REPLIES.addBalance,
    },
    subject: subject('gameBalance'),
  }),

  addResult: endpoint({
    method: 'POST',
    path: API_PATHS.addResult,
    schema: {
      body: consoleQuery.extend({
        adminId: text,
        result: text,
        boosterValue: z.coerce.number().int().default(1),
        color: z.string().optional(),
        type: z.string().optional(),
      }),
      response: GAME_REPLIES.addResult,
    },
    subject: subject('consoleResult'),
  }),

  decision: endpoint({
    method: 'GET',
    path: API_PATHS.decision,
    schema: { params: z.object({ roundId: z.string() }), querystring: z.object({ adminId: z.string() }), response: GAME_REPLIES.decision },
  }),
};
