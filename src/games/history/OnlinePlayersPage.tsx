import { ListContextProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { formatPoints } from '../../i18n/format';
import { RowsTable } from '../../common/RowsTable';
import { ScreenPagination } from '../../common/ScreenPagination';
import { PageSpinner } from '../../common/PageSpinner';
import { formatDateTime } from '../../tiers/cellValue';
import { errorMessage } from '../../tiers/errorMessage';
import { ScreenFrame } from '../../common/ScreenFrame';
import { PER_PAGE_OPTIONS, rowNumber, useScreenList } from '../../common/useScreenList';
import { currentUserId, type OnlinePlayerRow } from './historyQueries';

const POINT_COLUMNS = [
  ['points', 'td.onlinePlayers.points'],
  ['playPoints', 'td.onlinePlayers.play'],
  ['winPoints', 'td.onlinePlayers.win'],
  ['claimPoints', 'td.onlinePlayers.claim'],
  ['endPoints', 'td.onlinePlayers.end'],
] as const;

/** `/{role}/onlineplayers`: the players below the operator, online ones first, with today's figures. */
export function OnlinePlayersPage() {
  const translate = useTranslate();
  // The registry's online players, through the dataProvider: GET onlinePlayer?loginid&page&limit.
  const list = useScreenList<OnlinePlayerRow>({ resource: 'onlineplayers', filter: { loginid: currentUserId() } });
  const { data, error, isPending, isFetching } = list;
  const title = translate('td.onlinePlayers.title');
  return (
    // The top bar carries the page's one title; the table is named by it.
    <ScreenFrame title={title} heading={false}>
      <ListContextProvider value={list}>
        {error && <Alert severity="error">{errorMessage(error, translate('td.messages.somethingWrong'))}</Alert>}
        {isPending && !error && <PageSpinner />}
        {data && (
          <>
            {isFetching && <LinearProgress aria-label={translate('td.app.loading')} />}
            <RowsTable label={title} headers={[{ label: translate('td.onlinePlayers.no') }, { label: translate('td.onlinePlayers.username') }, ...POINT_COLUMNS.map(([, label]) => ({ label: translate(label), right: true })), { label: translate('td.onlinePlayers.isOnline') }, { label: translate('td.onlinePlayers.lastLogin') }]} empty={translate('td.onlinePlayers.empty')} count={data.length}>
                  {data.map((r, i) => (
                    <TableRow key={r._id}>
                      <TableCell>{rowNumber(list, i)}</TableCell>
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
            <ScreenPagination rowsPerPageOptions={PER_PAGE_OPTIONS} />
          </>
        )}
      </ListContextProvider>
    </ScreenFrame>
  );
}
