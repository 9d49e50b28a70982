import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { TierDataProvider } from '../../dataProvider/dataProvider';
import { geoPath, type GeoLevel } from '../../dataProvider/methods/geo';
import { queryKeys } from '../../dataProvider/queryKeys';

/** Choices of one level, fetched once per parent and kept for the session. */
export function useGeoChoices(level: GeoLevel, country?: string, state?: string) {
  const dataProvider = useDataProvider<TierDataProvider>();
  const path = geoPath(level, country, state);
  const q = useQuery({
    queryKey: queryKeys.geoChoices(path),
    queryFn: () => dataProvider.getGeoChoices(path as string),
    enabled: path !== null,
    staleTime: Infinity,
  });
  return { choices: q.data ?? [], isPending: path !== null && q.isPending };
}
