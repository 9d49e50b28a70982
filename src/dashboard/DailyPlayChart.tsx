import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatPoints } from '../i18n/format';
import { formatShortDay } from '../i18n/dates';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { queryKeys } from '../dataProvider/queryKeys';
import type { DayFigures } from '../../domain/api';
export type { DayFigures };


const W = 720;
const H = 220;
const PAD = { left: 56, right: 8, top: 12, bottom: 28 };

/**
 * The bars' geometry: play and win side by side per day, on one scale from the lowest net (a loss
 * day's net is below 0, so the scale reaches below the zero line) to the largest figure.
 */
export function chartLayout(days: readonly DayFigures[]) {
  const max = Math.max(1, ...days.flatMap((d) => [d.playPoints, d.winPoints, d.endPoints]));
  const min = Math.min(0, ...days.map((d) => d.endPoints));
  const slot = (W - PAD.left - PAD.right) / Math.max(days.length, 1);
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * ((max - v) / (max - min));
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  return { max, min, slot, x, y, base: y(0) };
}

/** The net line's points: each day's net where it is, below the zero line on a loss day. */
export const netPoints = (days: readonly DayFigures[]): { x: number; y: number }[] => {
  const { x, y } = chartLayout(days);
  return days.map((d, i) => ({ x: x(i), y: y(d.endPoints) }));
};

/** The last 14 days of play, win and net of the caller's subtree (GET reports/dailyplay), as bars and a net line. */
export function DailyPlayChart() {
  const translate = useTranslate();
  const theme = useTheme();
  const dataProvider = useDataProvider<TierDataProvider>();
  const q = useQuery({
    queryKey: queryKeys.dailyPlay(),
    queryFn: () => dataProvider.getDailyPlay({ days: 14 }),
    retry: false,
  });
  const days = q.data ?? [];
  const { slot, y, base, max, min } = chartLayout(days);
  const bar = Math.max(2, slot / 3);
  const netAt = netPoints(days);
  const net = netAt.map((p) => `${p.x},${p.y}`).join(' ');
  const total = (k: keyof Omit<DayFigures, 'day'>) => days.reduce((s, d) => s + Math.round(d[k] * 100), 0) / 100;
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('td.dashboard.chartTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="chart-totals">
          {translate('td.dashboard.chartTotals', { play: formatPoints(total('playPoints')), win: formatPoints(total('winPoints')), net: formatPoints(total('endPoints')) })}
        </Typography>
        {q.error ? (
          <Typography color="error">{translate('td.messages.somethingWrong')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={translate('td.dashboard.chartTitle')} style={{ minWidth: 480 }}>
              <line x1={PAD.left} x2={W - PAD.right} y1={base} y2={base} stroke={theme.palette.divider} />
              <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
                {formatPoints(max)}
              </text>
              <text x={PAD.left - 6} y={base + 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
                0
              </text>
              {min < 0 && (
                <text x={PAD.left - 6} y={y(min) + 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
                  {formatPoints(min)}
                </text>
              )}
              {days.map((d, i) => {
                const x = PAD.left + slot * i + slot / 2;
                return (
                  <g key={d.day}>
                    <title>{`${d.day}: ${translate('td.dashboard.play')} ${formatPoints(d.playPoints)}, ${translate('td.dashboard.win')} ${formatPoints(d.winPoints)}, ${translate('td.dashboard.net')} ${formatPoints(d.endPoints)}`}</title>
                    <rect x={x - bar} y={y(d.playPoints)} width={bar} height={base - y(d.playPoints)} fill={theme.palette.primary.main} />
                    <rect x={x} y={y(d.winPoints)} width={bar} height={base - y(d.winPoints)} fill={theme.palette.warning.main} />
                    <text x={x} y={H - 8} textAnchor="middle" fontSize="10" fill={theme.palette.text.secondary}>
                      {formatShortDay(d.day)}
                    </text>
                  </g>
                );
              })}
              {days.length > 1 && <polyline points={net} fill="none" stroke={theme.palette.success.main} strokeWidth={2} data-testid="net-line" />}
              {netAt.map((p, i) => (
                <circle key={days[i]!.day} cx={p.x} cy={p.y} r={3} fill={days[i]!.endPoints < 0 ? theme.palette.error.main : theme.palette.success.main} />
              ))}
            </svg>
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
          {(['play', 'win', 'net'] as const).map((k, i) => (
            <Typography key={k} variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box component="span" sx={{ width: 12, height: 12, bgcolor: [theme.palette.primary.main, theme.palette.warning.main, theme.palette.success.main][i] }} />
              {translate(`td.dashboard.${k}`)}
            </Typography>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
