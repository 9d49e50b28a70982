import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { API_PATHS } from '../../domain/apiPaths';
import { request } from '../dataProvider/http';
import { queryKeys } from '../dataProvider/queryKeys';

export interface EngineStatus {
  roundsBehind: number;
  oldestClosedAt: string | null;
  failing: { roundId: string; attempts: number; error: string; nextAttemptAt: string }[];
}

/**
 * The superadmin's view of the round engine: rounds waiting past their close, and the ones that
 * failed to settle (retried with back-off meanwhile). Refreshed every 10 s.
 */
export function EngineHealth() {
  const translate = useTranslate();
  const q = useQuery({
    queryKey: queryKeys.engineStatus(),
    queryFn: async () => (await request<EngineStatus>(API_PATHS.engineStatus)).json.data ?? null,
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
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate('td.dashboard.roundsFailing', { smart_count: failing, error: s!.failing[0].error })}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
