import { useQuery } from '@tanstack/react-query';
import { request } from '../../dataProvider/http';
import { queryKeys } from '../../dataProvider/queryKeys';
import { API_PATHS, fillPath } from '../../../domain/apiPaths';

export interface GeoChoice {
  id: string;
  name: string;
}

/** The path of one level of the ISO dataset the server serves (null while its parent is unset). */
export function geoPath(level: 'country' | 'state' | 'city', country?: string, state?: string): string | null {
  if (level === 'country') return API_PATHS.geoCountries;
  if (level === 'state') return country ? fillPath(API_PATHS.geoStates, { country }) : null;
  return country && state ? fillPath(API_PATHS.geoCities, { country, state }) : null;
}

/** Choices of one level, fetched once per parent and kept for the session. */
export function useGeoChoices(level: 'country' | 'state' | 'city', country?: string, state?: string) {
  const path = geoPath(level, country, state);
  const q = useQuery({
    queryKey: queryKeys.geoChoices(path),
    queryFn: async () => (await request<GeoChoice[]>(path as string)).json.data ?? [],
    enabled: path !== null,
    staleTime: Infinity,
  });
  return { choices: q.data ?? [], isPending: path !== null && q.isPending };
}
