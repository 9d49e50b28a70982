import { useState } from 'react';
import { Title, useGetList, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { formatPoints } from '../../i18n/format';
import { RowsTable } from '../../common/RowsTable';
import { PageSpinner } from '../../common/PageSpinner';
import { formatDateTime } from '../../tiers/cellValue';
import { errorMessage } from '../../tiers/errorMessage';
import { currentUserId, historyRetry, type OnlinePlayerRow } from './historyQueries';
import { ServerPagination } from './ServerPagination';

const POINT_COLUMNS = [
  ['points', 'td.onlinePlayers.points'],
  ['playPoints', 'td.onlinePlayers.play'],
  ['winPoints', 'td.onlinePlayers.win'],
  ['claimPoints', 'td.onlinePlayers.claim'],
  ['endPoints', 'td.onlinePlayers.end'],
] as const;

/** `/{role}/onlineplayers` (spec 2.5): the players below the operator, online ones first, with today's figures. */
export function OnlinePlayersPage() {
  const translate = useTranslate();
  const [paging, setPaging] = useState({ page: 1, perPage: 10 });
  // The registry's online players, through the dataProvider: GET onlinePlayer?loginid&page&limit.
  const { data, total = 0, error, isPending, isFetching } = useGetList<OnlinePlayerRow>(
    'onlineplayers',
    { pagination: paging, filter: { loginid: currentUserId() } },
    { placeholderData: (previous) => previous, retry: historyRetry },
  );
  const title = translate('td.onlinePlayers.title');
  return (
    <Card sx={{ mt: 2 }}>
      {/* The top bar carries the page's one title; the table is named by it. */}
      <Title title={title} />
      <CardContent>
        {error && <Alert severity="error">{errorMessage(error, translate('td.messages.somethingWrong'))}</Alert>}
        {isPending && !error && <PageSpinner />}
        {data && (
          <>
            {isFetching && <LinearProgress aria-label={translate('td.app.loading')} />}
            <RowsTable label={title} headers={[{ label: translate('td.onlinePlayers.no') }, { label: translate('td.onlinePlayers.username') }, ...POINT_COLUMNS.map(([, label]) => ({ label: translate(label), right: true })), { label: translate('td.onlinePlayers.isOnline') }, { label: translate('td.onlinePlayers.lastLogin') }]} empty={translate('td.onlinePlayers.empty')} count={data.length}>
                  {data.map((r, i) => (
                    <TableRow key={r._id}>
                      <TableCell>{(paging.page - 1) * paging.perPage + i + 1}</TableCell>
                      <TableCell>{r.username}</TableCell>
                      {POINT_COLUMNS.map(([field]) => (
                        <TableCell key={field} align="right">
                          {formatPoints(r[field])}
                        </TableCell>
                      ))}
                      <TableCell>
                        <Chip
                          size="small"
                          color={r.isOnline ? 'success' : 'default'}
                          label={translate(r.isOnline ? 'td.onlinePlayers.online' : 'td.onlinePlayers.offline')}
                        />
                      </TableCell>
                      <TableCell>{formatDateTime(r.lastLogin) ?? translate('td.app.na')}</TableCell>
                    </TableRow>
                  ))}
            </RowsTable>
            <ServerPagination total={total} paging={paging} onChange={setPaging} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
