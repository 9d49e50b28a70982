import { useState } from 'react';
import { ListContextProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { resultLabel } from '../../../resources.config';
import { formatPoints } from '../../i18n/format';
import { PERIOD_CODES } from '../../../domain/periods';
import { RowsTable } from '../../common/RowsTable';
import { ScreenPagination } from '../../common/ScreenPagination';
import { PageSpinner } from '../../common/PageSpinner';
import { ScreenFrame } from '../../common/ScreenFrame';
import { PER_PAGE_OPTIONS, rowNumber, useScreenList } from '../../common/useScreenList';
import { formatDateTime } from '../../tiers/cellValue';
import { errorMessage } from '../../tiers/errorMessage';
import { HistoryFilters, periodWindow, type HistoryFilterValues } from './HistoryFilters';
import { currentUserId, historyFilter, useHistoryOptions, type HistoryRow, type HistoryTotals } from './historyQueries';
import { TicketDetailsDialog, type TicketRef } from './TicketDetailsDialog';

const COLUMNS = ['no', 'ticketId', 'username', 'game', 'time', 'playPoints', 'winPoints', 'result', 'claimDate', 'view'] as const;
const RIGHT = new Set<string>(['playPoints', 'winPoints']);

/** The result people read (`Q♥`, `3-4-5`): the server's label, else the game's own description of the key. */
const resultText = (r: HistoryRow): string | null => r.resultLabel ?? resultLabel(r.gameId, r.resultNo);

/** What the Result column says: the result, Refunded (a voided round), or Pending. */
const resultCell = (r: HistoryRow, translate: (key: string) => string): string =>
  r.refunded ? translate('td.gameHistory.refunded') : (resultText(r) ?? translate('td.gameHistory.pending'));

/**
 * The totals row: the server's sums over the whole filter (every page, not only the one shown),
 * added in cents on the server, with End = Play − Win.
 */
function TotalsRow({ totals }: { totals: HistoryTotals }) {
  const translate = useTranslate();
  const label = translate('td.gameHistory.totals');
  return (
    <Table size="small" aria-label={label} sx={{ mb: 2, maxWidth: 480 }}>
      <TableHead>
        <TableRow>
          <TableCell align="right">{translate('td.gameHistory.play')}</TableCell>
          <TableCell align="right">{translate('td.gameHistory.win')}</TableCell>
          <TableCell align="right">{translate('td.gameHistory.end')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow>
          <TableCell align="right">{formatPoints(totals.play)}</TableCell>
          <TableCell align="right">{formatPoints(totals.win)}</TableCell>
          <TableCell align="right">{formatPoints(totals.end)}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** `/{role}/gamehistory`, the Bet List: filters, totals, the tickets a page at a time, and each ticket's lines. */
export function GameHistoryPage() {
  const translate = useTranslate();
  const [filters, setFilters] = useState<HistoryFilterValues>(() => ({ gameId: '', userId: '', window: periodWindow(PERIOD_CODES.today) }));
  const [ticket, setTicket] = useState<{ ref: TicketRef | null; open: boolean }>({ ref: null, open: false });
  const { games } = useHistoryOptions();
  // The registry's bet list, through the dataProvider: GET history/gamehistory with the filter, a
  // page of tickets and (the list's meta) the totals over the whole filter. The selects hold the
  // window (a period or a day); react-admin holds the filter it stands for, and the page.
  const list = useScreenList<HistoryRow & { id: string }>({
    resource: 'gamehistory',
    filterDefaultValues: historyFilter({ gameId: filters.gameId, userId: filters.userId, range: filters.window.range }),
  });
  const { data, meta, error, isPending, isFetching } = list;
  const totals = (meta as { totals?: HistoryTotals } | undefined)?.totals ?? null;
  const title = translate('td.gameHistory.title');
  const na = translate('td.app.na');
  return (
    <ScreenFrame
      title={title}
      actions={
        <HistoryFilters
          value={filters}
          onChange={(v) => {
            setFilters(v);
            // A new filter reads its first page.
            list.setFilters(historyFilter({ gameId: v.gameId, userId: v.userId, range: v.window.range }));
          }}
          games={games}
          userQueryId={currentUserId()}
        />
      }
    >
      <ListContextProvider value={list}>
        {error && <Alert severity="error">{errorMessage(error, translate('td.messages.somethingWrong'))}</Alert>}
        {isPending && !error && <PageSpinner />}
        {data && (
          <>
            {isFetching && <LinearProgress aria-label={translate('td.app.loading')} />}
            {totals && <TotalsRow totals={totals} />}
            <RowsTable label={title} headers={COLUMNS.map((c) => ({ label: translate(`td.gameHistory.${c}`), right: RIGHT.has(c) }))} empty={translate('td.gameHistory.empty')} count={data.length}>
                  {data.map((r, i) => (
                    <TableRow key={r.ticketId}>
                      <TableCell>{rowNumber(list, i)}</TableCell>
                      <TableCell>{r.ticketId}</TableCell>
                      <TableCell>{r.username}</TableCell>
                      <TableCell title={r.gameId}>{r.gameName || r.gameId}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(r.timeopen) ?? na}
                        <br />
                        {formatDateTime(r.timeclose) ?? na}
                      </TableCell>
                      <TableCell align="right">{formatPoints(r.playpoints)}</TableCell>
                      <TableCell align="right">{formatPoints(r.winpoints)}</TableCell>
                      <TableCell>{resultCell(r, translate)}</TableCell>
                      <TableCell>{formatDateTime(r.claimdate) ?? na}</TableCell>
                      <TableCell>
                        <Button
                          size="small"
                          startIcon={<VisibilityIcon />}
                          aria-label={`${translate('td.gameHistory.view')} ${r.ticketId}`}
                          onClick={() => setTicket({ ref: { ticketId: r.ticketId, gameId: r.gameId }, open: true })}
                        >
                          {translate('td.gameHistory.view')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
            </RowsTable>
            <ScreenPagination rowsPerPageOptions={PER_PAGE_OPTIONS} />
          </>
        )}
      </ListContextProvider>
      <TicketDetailsDialog ticket={ticket.ref} open={ticket.open} onClose={() => setTicket((t) => ({ ...t, open: false }))} />
    </ScreenFrame>
  );
}
