import { API_PATHS, fillPath } from '../../../domain/apiPaths';
import type { Answer } from '../contract';
import { request } from '../http';

/** A choice of one level; the three levels answer the one schema. */
export type GeoChoice = Answer<'geoCountries' | 'geoStates' | 'geoCities'>['data'][number];

export type GeoLevel = 'country' | 'state' | 'city';

/** The path of one level of the ISO dataset the server serves (null while its parent is unset). */
export function geoPath(level: GeoLevel, country?: string, state?: string): string | null {
  if (level === 'country') return API_PATHS.geoCountries;
  if (level === 'state') return country ? fillPath(API_PATHS.geoStates, { country }) : null;
  return country && state ? fillPath(API_PATHS.geoCities, { country, state }) : null;
}

export interface GeoMethods {
  /** The choices of one level, by its path (geoPath). */
  getGeoChoices(path: string): Promise<GeoChoice[]>;
}

export const geoMethods = (): GeoMethods => ({
  getGeoChoices: async (path) => (await request<GeoChoice[]>(path)).json.data ?? [],
});
