import { z } from 'zod';
import { subject } from '../../domain/activity';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { schemaMessage } from '../http/schemaMessages';
import { GAME_REPLIES } from './schemas';

const PERCENT_MESSAGE = schemaMessage('winPercentageRange');
/** A number or a numeric string: null, '' and true are not 0 or 1 here (z.coerce would read them so). */
const percentage = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z.number({ error: PERCENT_MESSAGE }).min(1, PERCENT_MESSAGE).max(100, PERCENT_MESSAGE),
);
const updates = z
  .array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      winpercentage: percentage,
    }),
    { error: schemaMessage('updatesList') },
  )
  .min(1, schemaMessage('nothingToUpdate'))
  .max(5000, schemaMessage('tooManyRows'));

/** Win Percentage: the table of the caller's admins and games, and its bulk update (the handlers scope both to the caller's admins). */
export const PERCENTAGE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: API_PATHS.percentages,
    schema: { params: z.object({ id: z.string() }), response: GAME_REPLIES.percentages },
  }),

  update: endpoint({
    method: 'PUT',
    path: API_PATHS.winPercentages,
    schema: {
      params: z.object({ id: z.string() }),
      // Both shapes in one object, not a union: a union's refusal names no field and loses the message.
      body: z.object({ updates: updates.optional(), data: z.object({ updates }).optional() }),
      response: GAME_REPLIES.done,
    },
    subject: subject('winPercentage'),
  }),
};
