import { z } from 'zod';
import { subject } from '../../domain/activity';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { schemaMessage } from '../http/schemaMessages';
import { noBody } from '../http/schemas';
import { gameCreateForm, gameEditForm } from './gameForm';
import { STORED_NAME } from './images';
import { GAME_REPLIES, restListQuery } from './schemas';

const gameParams = z.object({ id: z.string() });
// One schema for both spellings of each list: one contract, two paths.
const gamesList = { querystring: restListQuery, response: GAME_REPLIES.games };
const timesList = { querystring: restListQuery, response: GAME_REPLIES.times };

/**
 * Game Master and Time Master, and the images of games. The superadmin's alone, except the times and
 * the images every signed-in caller reads: the handlers answer who may (a refusal that names the
 * superadmin), no registry page.
 */
export const CATALOGUE_ENDPOINTS = {
  games: endpoint({ method: 'GET', path: API_PATHS.games, schema: gamesList }),
  gamesSlash: endpoint({ method: 'GET', path: API_PATHS.gamesSlash, schema: gamesList }),

  game: endpoint({ method: 'GET', path: API_PATHS.game, schema: { params: gameParams, response: GAME_REPLIES.game } }),

  // A multipart form's text fields are checked by the same schema as a JSON body; only the superadmin's form is read.
  addGame: endpoint({
    method: 'POST',
    path: API_PATHS.games,
    schema: { body: gameCreateForm, response: GAME_REPLIES.gameCreated },
    subject: subject('addGame'),
    inputCheckedInHandler: true,
  }),

  // JSON (`{gameData}` or flat), or multipart with the optional Logo file (Edit Game may keep the logo it has).
  editGame: endpoint({
    method: 'PUT',
    path: API_PATHS.game,
    schema: { params: gameParams, body: gameEditForm, response: GAME_REPLIES.game },
    subject: subject('editGame'),
    inputCheckedInHandler: true,
  }),

  toggleGame: endpoint({
    method: 'PUT',
    path: API_PATHS.gameToggle,
    schema: {
      params: z.object({ id: z.string(), action: z.enum(['activate', 'deactivate'], { error: 'The action is activate or deactivate.' }) }),
      body: noBody,
      response: GAME_REPLIES.game,
    },
    subject: subject('gameStatus'),
  }),

  deleteGame: endpoint({
    method: 'DELETE',
    path: API_PATHS.game,
    schema: { params: gameParams, response: GAME_REPLIES.done },
    subject: subject('deleteGame'),
  }),

  // Images by their generated name only: nothing from the request becomes a path.
  image: endpoint({
    method: 'GET',
    path: API_PATHS.gameImage,
    schema: { params: z.object({ name: z.string().regex(STORED_NAME, 'No such image.') }), response: GAME_REPLIES.image },
  }),

  timeList: endpoint({ method: 'GET', path: API_PATHS.timeList, schema: timesList }),
  times: endpoint({ method: 'GET', path: API_PATHS.times, schema: timesList }),

  addTime: endpoint({
    method: 'POST',
    path: API_PATHS.times,
    schema: {
      body: z.object({
        timecount: z.coerce
          .number({ error: schemaMessage('timeSecondsRequired') })
          .int(schemaMessage('timeWholeSeconds'))
          .min(5, schemaMessage('timeAtLeast', { min: 5 }))
          .max(3600, schemaMessage('timeAtMost', { max: 3600 })),
      }),
      response: GAME_REPLIES.timeCreated,
    },
    subject: subject('addTime'),
  }),
};
