import { Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatPoints } from '../i18n/format';
import type { TierDef } from '../../resources.config';
import { PageSpinner } from '../common/PageSpinner';
import { AccountMissing, useAccount } from './useAccount';
import { childTierOf, roleLabel, tierLabelKey } from './registry';
import { TierTable } from './TierList';

function InfoCard({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        {rows.map(([k, v]) => (
          <Typography key={k}>
            {k}: <b>{v}</b>
          </Typography>
        ))}
      </CardContent>
    </Card>
  );
}

/**
 * `/{role}/{tier}/players/details/{id}`: the account's cards (week figures are fixed 0.00
 * placeholders, as the product has them) and, below, its child tier's table with Add and the row actions.
 */
export function DetailsPage({ tier }: { tier: TierDef }) {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { data, isPending, error } = useAccount(tier, id);
  const child = childTierOf(tier.role);
  if (isPending) return <PageSpinner />;
  if (error || !data) return <AccountMissing error={error} />;
  const zero = formatPoints(0);
  const week = (key: string) => (
    <InfoCard
      title={translate(key)}
      rows={[
        [translate('td.details.totalPlayed'), zero],
        [translate('td.details.totalWon'), zero],
        [translate('td.details.endPoint'), zero],
      ]}
    />
  );
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={data.username} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', mb: 2 }}>
        <InfoCard
          title={translate('td.details.details')}
          rows={[
            [translate('td.details.role'), data.role ? roleLabel(data.role) : translate('td.app.na')],
            [translate('td.details.username'), data.username ?? translate('td.app.na')],
          ]}
        />
        <InfoCard
          title={translate('td.details.credit')}
          rows={[
            [translate('td.details.creditLabel'), formatPoints(data.walletBalance)],
            [translate('td.details.commission'), formatPoints(data.commission)],
          ]}
        />
        {week('td.details.lastWeek')}
        {week('td.details.thisWeek')}
      </Box>
      {child && (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
            {translate(tierLabelKey(child, 'plural'), { _: child.labels.plural })}
          </Typography>
          <TierTable scope={{ tier: child, parent: { tier, id } }} title={false} />
        </>
      )}
    </Box>
  );
}
