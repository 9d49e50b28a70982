import { useQuery } from '@tanstack/react-query';
import { useBasename, useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { canManageTier } from '../../resources.config';
import { DASHBOARD_COUNTS, GAME_TIER, ROOT_TIER } from '../../resources.config';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { queryKeys } from '../dataProvider/queryKeys';
import { getStoredRole } from '../auth/session';
import { ScreenFrame } from '../common/ScreenFrame';
import { tierOf } from '../tiers/registry';
import { DailyPlayChart } from './DailyPlayChart';
import { EngineHealth } from './EngineHealth';
import { DelayedRounds } from '../games/DelayedRounds';

/** Welcome heading and the counts of the tiers the role manages, each linking to its list. */
export function Dashboard() {
  const translate = useTranslate();
  const basename = useBasename();
  const dataProvider = useDataProvider<TierDataProvider>();
  const { identity } = useGetIdentity();
  const role = getStoredRole();
  const cards = DASHBOARD_COUNTS.filter((c) => role && canManageTier(role, c.tier));
  const { data } = useQuery({ queryKey: queryKeys.userCount(), queryFn: () => dataProvider.userCount(), enabled: cards.length > 0 });
  return (
    <ScreenFrame title={translate('td.page.dashboard', { _: 'Dashboard' })} heading={translate('td.dashboard.welcome', { username: identity?.fullName ?? '' })}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
        {cards.map((c) => (
          <Card key={c.tier} variant="outlined">
            <CardActionArea component={Link} to={`${basename}/${tierOf(c.tier).path}`}>
              <CardContent>
                <Typography color="text.secondary">{translate(`td.dashboard.counts.${c.tier}`, { _: c.label })}</Typography>
                <Typography variant="h4" data-testid={`count-${c.tier}`}>
                  {data ? data[c.field] : '…'}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {role === ROOT_TIER.role && <EngineHealth />}
      {role === GAME_TIER && <DelayedRounds />}
      <DailyPlayChart />
    </ScreenFrame>
  );
}
