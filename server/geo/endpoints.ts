import { z } from 'zod';
import { API_PATHS } from '../../domain/apiPaths';
import { endpoint } from '../http/endpoint';
import { ERROR_REPLIES, ok } from '../http/schemas';

const tags = ['geo'];
const choices = { ...ERROR_REPLIES, 200: ok(z.array(z.object({ id: z.string(), name: z.string() }))) };

/** The account form's country → state → city choices, one level at a time, for any signed-in caller. */
export const GEO_ENDPOINTS = {
  countries: endpoint({ method: 'GET', path: API_PATHS.geoCountries, schema: { tags, response: choices } }),
  states: endpoint({ method: 'GET', path: API_PATHS.geoStates, schema: { tags, params: z.object({ country: z.string() }), response: choices } }),
  cities: endpoint({ method: 'GET', path: API_PATHS.geoCities, schema: { tags, params: z.object({ country: z.string(), state: z.string() }), response: choices } }),
};
