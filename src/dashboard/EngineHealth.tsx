import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { queryKeys } from '../dataProvider/queryKeys';

/** Failing rounds named on the card at most. */
const NAMED = 3;

/**
 * The superadmin's view of the round engine: rounds waiting past their close, and the ones that
 * failed to settle (retried with back-off meanwhile). Refreshed every 10 s.
 */
export function EngineHealth() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const q = useQuery({
    queryKey: queryKeys.engineStatus(),
    queryFn: () => dataProvider.getEngineStatus(),
    refetchInterval: 10_000,
    retry: false,
  });
  const s = q.data;
  const behind = s?.roundsBehind ?? 0;
  const failing = s?.failing.length ?? 0;
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography color="text.secondary">{translate('td.dashboard.roundsBehind')}</Typography>
        <Typography variant="h4" data-testid="rounds-behind" color={behind > 0 ? 'error' : undefined}>
          {s ? behind : '…'}
        </Typography>
        {q.isError && <Alert severity="warning">{translate('td.dashboard.engineUnknown')}</Alert>}
        {failing > 0 && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="rounds-failing">
            <div>{translate('td.dashboard.roundsFailing', { smart_count: failing })}</div>
            {s!.failing.slice(0, NAMED).map((f) => (
              <div key={f.roundId}>
                {f.drawNo !== null && f.gameName !== null
                  ? translate('td.dashboard.roundFailing', { drawNo: f.drawNo, game: f.gameName, admin: f.admin ?? '', attempts: f.attempts, code: f.code })
                  : translate('td.dashboard.roundFailingUnnamed', { roundId: f.roundId, attempts: f.attempts, code: f.code })}
              </div>
            ))}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
