import { z } from 'zod';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { queryText } from '../http/schemas';
import { GAME_REPLIES } from './schemas';

/** The round engine's health: the superadmin's status, and the rounds that wait past their close in the caller's scope. */
export const ENGINE_ENDPOINTS = {
  status: endpoint({ method: 'GET', path: API_PATHS.engineStatus, schema: { response: GAME_REPLIES.engine } }),

  // adminId: one admin's rounds (the console the superadmin opened for it); else all the caller's.
  delayed: endpoint({
    method: 'GET',
    path: API_PATHS.engineDelayed,
    schema: { querystring: z.looseObject({ gameId: queryText, adminId: queryText }), response: GAME_REPLIES.engineDelayed },
  }),
};
