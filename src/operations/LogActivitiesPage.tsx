import { useEffect, useState } from 'react';
import { DateField } from '../common/DateField';
import { ListContextProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { saveBlob } from '../common/download';
import { request } from '../dataProvider/http';
import { RowsTable } from '../common/RowsTable';
import { ScreenPagination } from '../common/ScreenPagination';
import { PageSpinner } from '../common/PageSpinner';
import { ScreenFrame } from '../common/ScreenFrame';
import { useTimedMessage } from '../common/useTimedMessage';
import { PER_PAGE_OPTIONS, rowNumber, useScreenList } from '../common/useScreenList';
import { formatDateTime } from '../tiers/cellValue';
import { failureText, serverMessage } from './outcome';
import { activityWords, logsCsv, outcomeText, subjectText } from './activityText';
import { API_PATHS } from '../../domain/apiPaths';
import type { LogRow as ApiLogRow } from '../../domain/api';

/** Typing in the search asks the server once the user pauses. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The CSV's name (spec section 9). */
export const LOGS_CSV = 'logs.csv';

/** One row of GET logs (domain/api.ts) as react-admin keys it. */
export type LogRow = ApiLogRow & { id: string };

const COLUMNS = ['username', 'subject', 'outcome', 'method', 'requestUrl', 'ipAddress', 'createdAt'] as const satisfies readonly (keyof LogRow)[];

/**
 * `/{role}/logactivities` (spec 2.13): the activity log of the caller's subtree, newest first and
 * paged on the server; search by username or subject, one day, "Showing X of Y entries", and
 * logs.csv of the whole filtered set (the server writes it: every matching row, not this page).
 */
export function LogActivitiesPage() {
  const translate = useTranslate();
  // The registry's logs resource, through the dataProvider: GET logs?page&limit&search&date; the
  // filter and the page are react-admin's (a new filter reads page 1).
  const list = useScreenList<LogRow>({ resource: 'logactivities' });
  const { data, total = 0, error, isPending, isFetching, filterValues, setFilters } = list;
  const search = typeof filterValues.search === 'string' ? filterValues.search : '';
  const [searchText, setSearchText] = useState('');
  const [date, setDate] = useState('');
  const { message, show } = useTimedMessage(3000);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (searchText.trim() === search) return;
    const t = setTimeout(() => setFilters({ ...filterValues, search: searchText.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [searchText, search, filterValues, setFilters]);

  // The server gives every row of the same filter, with no paging, by code; the CSV is written here
  // in the reader's language (its English CSV is for API users).
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { json } = await request<LogRow[]>(API_PATHS.logsExport, { query: { search, date, format: 'json' } });
      saveBlob(new Blob([logsCsv(json.data ?? [], translate)], { type: 'text/csv;charset=utf-8' }), LOGS_CSV);
    } catch (err) {
      show(failureText(err, translate('td.logs.exportFailed')), 'error');
    } finally {
      setExporting(false);
    }
  };

  const title = translate('td.logs.title');
  const na = translate('td.app.na');
  const words = activityWords(translate);
  return (
    <ScreenFrame
      title={title}
      actions={
        <>
          <TextField
            type="search"
            size="small"
            label={translate('td.logs.search')}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            // Wide enough (in characters) for its label, which the frame's row would otherwise cut.
            slotProps={{ htmlInput: { maxLength: 100, size: 28 } }}
          />
          <DateField
            size="small"
            label={translate('td.logs.date')}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setFilters({ ...filterValues, date: e.target.value });
            }}
           
          />
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={exporting}
            onClick={() => void exportCsv()}
          >
            {translate(exporting ? 'td.logs.exporting' : 'td.logs.export')}
          </Button>
        </>
      }
    >
      <ListContextProvider value={list}>
        {message && (
          <Alert severity={message.severity} sx={{ mb: 2 }}>
            {message.text}
          </Alert>
        )}
        {error && <Alert severity="error">{serverMessage(error) ?? translate('td.logs.error')}</Alert>}
        {isPending && !error && <PageSpinner />}
        {data && (
          <>
            {isFetching && <LinearProgress aria-label={translate('td.app.loading')} />}
            <RowsTable label={title} headers={[{ label: translate('td.logs.no') }, ...COLUMNS.map((c) => ({ label: translate(`td.logs.${c}`) }))]} empty={translate('td.logs.empty')} count={data.length}>
                  {data.map((r, i) => (
                    <TableRow key={r._id}>
                      <TableCell>{rowNumber(list, i)}</TableCell>
                      <TableCell>{r.username ?? na}</TableCell>
                      <TableCell>{subjectText(r, words)}</TableCell>
                      <TableCell>{outcomeText(r, words)}</TableCell>
                      <TableCell>{r.method}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{r.requestUrl}</TableCell>
                      <TableCell>{r.ipAddress ?? na}</TableCell>
                      <TableCell>{formatDateTime(r.createdAt) ?? na}</TableCell>
                    </TableRow>
                  ))}
            </RowsTable>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary">
                {translate('td.logs.showing', { shown: data.length, total })}
              </Typography>
              <ScreenPagination rowsPerPageOptions={PER_PAGE_OPTIONS} />
            </Box>
          </>
        )}
      </ListContextProvider>
    </ScreenFrame>
  );
}
