import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { queryKeys } from '../dataProvider/queryKeys';

/** Rounds named on screen at most; the rest are counted. */
const NAMED = 3;

/**
 * An admin's rounds that wait for their result past their close (the server retries them, and voids
 * one it cannot settle in time), in words: on its dashboard (every game) and its console (that
 * game). Nothing when none wait. Refreshed every 10 s.
 */
export function DelayedRounds({ adminId, gameId }: { adminId?: string | undefined; gameId?: string | undefined }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const q = useQuery({
    queryKey: queryKeys.delayedRounds(adminId, gameId),
    queryFn: () => dataProvider.getDelayedRounds({ adminId, gameId }),
    refetchInterval: 10_000,
    retry: false,
  });
  const d = q.data;
  if (!d?.count || !Array.isArray(d.rounds)) return null;
  const more = d.count - Math.min(NAMED, d.rounds.length);
  return (
    <Alert severity="warning" sx={{ my: 1 }} data-testid="delayed-rounds">
      {d.rounds.slice(0, NAMED).map((r) => (
        <div key={r.roundId}>{translate('td.engine.delayed', { drawNo: r.drawNo, game: r.gameName })}</div>
      ))}
      {more > 0 && <div>{translate('td.engine.delayedMore', { smart_count: more })}</div>}
    </Alert>
  );
}
