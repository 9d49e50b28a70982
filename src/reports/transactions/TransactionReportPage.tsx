import { useState, type ChangeEvent } from 'react';
import { DateField } from '../../common/DateField';
import { ListContextProvider, useDataProvider, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { FilterSelect } from '../../common/FilterSelect';
import { UserPicker } from '../../common/UserPicker';
import { API_PATHS } from '../../../domain/apiPaths';
import DownloadIcon from '@mui/icons-material/Download';
import { formatPoints } from '../../i18n/format';
import { currentSession } from '../../auth/session';
import type { TierDataProvider } from '../../dataProvider/dataProvider';
import { RowsTable } from '../../common/RowsTable';
import { ScreenPagination } from '../../common/ScreenPagination';
import { PageSpinner } from '../../common/PageSpinner';
import { ScreenFrame } from '../../common/ScreenFrame';
import { PER_PAGE_OPTIONS, rowNumber, useScreenList } from '../../common/useScreenList';
import { formatDateTime } from '../../tiers/cellValue';
import { errorMessage } from '../../tiers/errorMessage';
import { writeSheet } from '../../tiers/exportRows';
import {
  amountKind,
  messageText,
  sideName,
  statusColor,
  statusLabel,
  transactionQuery,
  transactionSheet,
  TX_STATUSES,
  TX_TYPES,
  typeLabel,
  type ReportUser,
  type TransactionRow,
  type TransactionFilter,
  type TxStatus,
  type TxType,
} from './transactionsApi';

const COLUMNS = ['no', 'from', 'to', 'amount', 'transactionType', 'newBalance', 'message', 'status', 'createdAt'] as const;
const RIGHT = new Set<string>(['amount', 'newBalance']);
/** A pool's name ("Fun Timer pool · AD0005") on two lines, not four, while every column stays in view. */
const SIDE_SX = { minWidth: '6.5em' } as const;

/**
 * `/{role}/transactionreport`: the ledger of the operator or of an account below it,
 * filtered by status, own movements or the whole subtree, and day; a server page at a time, the
 * export reads the whole filtered set.
 */
export function TransactionReportPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const session = currentSession();
  const me = session ? { id: session.user._id, role: session.role } : { id: '', role: 'player' as const };
  const [filter, setFilter] = useState<TransactionFilter>({ user: null, status: '', type: 'all', date: '' });
  const query = transactionQuery(filter, me);
  // The registry's ledger report, through the dataProvider: GET the report with the filter, page and
  // limit. The selects hold the picked account; react-admin holds the query it stands for, and the page.
  const list = useScreenList<TransactionRow & { id: string }>({ resource: 'transactionreport', filterDefaultValues: query });
  const { data, total = 0, error, isPending, isFetching } = list;
  const exporter = useMutation({ mutationFn: async () => writeSheet(transactionSheet(await dataProvider.getAllTransactions(query), translate)) });
  const title = translate('td.transactions.title');
  const na = translate('td.app.na');
  // A new filter reads its first page.
  const change = (next: Partial<TransactionFilter>) => {
    setFilter({ ...filter, ...next });
    list.setFilters(transactionQuery({ ...filter, ...next }, me));
  };
  const pick = (e: ChangeEvent<HTMLInputElement>) => e.target.value;
  return (
    <ScreenFrame
      title={title}
      actions={
        <>
          <UserPicker<ReportUser>
            id="transactions-user"
            label={translate('td.transactions.selectUser')}
            path={API_PATHS.reportUsers}
            query={{ id: session?.user._id }}
            exclude={me.id}
            value={filter.user?._id ?? ''}
            // The operator itself is the default view.
            emptyText={session?.user.username ?? ''}
            onChange={(user) => change({ user })}
          />
          <FilterSelect
            id="transactions-status"
            label={translate('td.transactions.selectStatus')}
            value={filter.status}
            options={[{ value: '', label: translate('td.transactions.allStatuses') }, ...TX_STATUSES.map((s) => ({ value: s, label: statusLabel(translate, s) }))]}
            onChange={(status) => change({ status: status as TxStatus | '' })}
          />
          <FilterSelect
            id="transactions-type"
            label={translate('td.transactions.selectType')}
            value={filter.type}
            options={TX_TYPES.map((t) => ({ value: t, label: translate(`td.transactions.typeOptions.${t}`) }))}
            onChange={(type) => change({ type: type as TxType })}
          />
          <DateField
            id="transactions-date"
            label={translate('td.transactions.selectDate')}
            value={filter.date}
            onChange={(e: ChangeEvent<HTMLInputElement>) => change({ date: pick(e) })}
           
            size="small"
          />
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => exporter.mutate()} disabled={exporter.isPending || !data || total === 0}>
            {translate('td.transactions.export')}
          </Button>
        </>
      }
    >
      <ListContextProvider value={list}>
        {exporter.isError && <Alert severity="error">{errorMessage(exporter.error, translate('td.transactions.exportFailed'))}</Alert>}
        {error && <Alert severity="error">{errorMessage(error, translate('td.messages.somethingWrong'))}</Alert>}
        {isPending && !error && <PageSpinner />}
        {data && (
          <>
            {(isFetching || exporter.isPending) && <LinearProgress aria-label={translate('td.app.loading')} />}
            <RowsTable label={title} headers={COLUMNS.map((c) => ({ label: translate(`td.transactions.${c}`), right: RIGHT.has(c) }))} empty={translate('td.transactions.empty')} count={data.length}>
                  {data.map((r, i) => {
                    const kind = amountKind(r.amount);
                    return (
                      <TableRow key={r._id}>
                        <TableCell>{rowNumber(list, i)}</TableCell>
                        <TableCell sx={SIDE_SX}>{sideName(translate, r.userId) ?? na}</TableCell>
                        <TableCell sx={SIDE_SX}>{sideName(translate, r.toUserId) ?? na}</TableCell>
                        {/* On a tablet the word goes under the amount (the table was a column too wide for its card); the amount never breaks. */}
                        <TableCell align="right" sx={{ whiteSpace: { xs: 'normal', lg: 'nowrap' }, color: kind === 'credit' ? 'success.main' : kind === 'debit' ? 'error.main' : undefined }}>
                          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                            {formatPoints(r.amount)}
                          </Box>
                          {kind && ` ${translate(`td.transactions.${kind}`)}`}
                        </TableCell>
                        <TableCell>{typeLabel(translate, r.transactionType)}</TableCell>
                        <TableCell align="right" title={r.account ? translate('td.transactions.balanceOf', { name: sideName(translate, r.account) }) : undefined}>
                          {r.newBalance === null ? na : formatPoints(r.newBalance)}
                        </TableCell>
                        <TableCell>{messageText(translate, r.transactionMessage)}</TableCell>
                        <TableCell>
                          <Chip size="small" color={statusColor(r.status)} label={statusLabel(translate, r.status)} />
                        </TableCell>
                        <TableCell>{formatDateTime(r.createdAt) ?? na}</TableCell>
                      </TableRow>
                    );
                  })}
            </RowsTable>
            <ScreenPagination rowsPerPageOptions={PER_PAGE_OPTIONS} />
          </>
        )}
      </ListContextProvider>
    </ScreenFrame>
  );
}
