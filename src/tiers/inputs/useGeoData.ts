import { useEffect, useState } from 'react';

type Geo = typeof import('country-state-city');

let cache: Promise<Geo> | null = null;
/** The ISO country/state/city dataset is large: it loads in its own chunk, once, on first use. */
export const loadGeo = (): Promise<Geo> => (cache ??= import('country-state-city'));

export function useGeoData(): Geo | null {
  const [geo, setGeo] = useState<Geo | null>(null);
  useEffect(() => {
    let live = true;
    loadGeo().then((g) => live && setGeo(g));
    return () => {
      live = false;
    };
  }, []);
  return geo;
}
