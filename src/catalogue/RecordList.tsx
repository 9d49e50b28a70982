import { ListContextProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RecordDef } from '../../resources.config';
import { PageSpinner } from '../common/PageSpinner';
import { RowsTable } from '../common/RowsTable';
import { ScreenFrame } from '../common/ScreenFrame';
import { ScreenPagination } from '../common/ScreenPagination';
import { useTimedMessage } from '../common/useTimedMessage';
import { PER_PAGE_OPTIONS, rowNumber, useScreenList } from '../common/useScreenList';
import { serverMessage } from '../operations/outcome';
import { RecordCell } from './RecordCell';
import { RecordFilters } from './RecordFilters';
import { recordLabel } from './recordText';

/** A refused row change stays 5 s, a failed export 3 s. */
const CHANGE_MESSAGE_MS = 5000;
const EXPORT_MESSAGE_MS = 3000;

/**
 * The list screen of a registry record list (resources/records.ts): react-admin's list controller
 * over the dataProvider (page, page size and filter held by react-admin, read a page at a time on
 * the server), the declared filters and export above, the declared columns, the empty message, the
 * server's refusal in a banner, and "Showing X of Y entries" when declared.
 */
export function RecordList({ def }: { def: RecordDef }) {
  const translate = useTranslate();
  const list = useScreenList({ resource: def.page, perPage: def.list.perPage });
  const { data, total = 0, error, isPending, isFetching } = list;
  const { message, show } = useTimedMessage(CHANGE_MESSAGE_MS);
  const text = (key: string, english: string, params?: Record<string, unknown>) => recordLabel(translate, def, key, english, params);
  const title = text('title', def.labels.title);
  const { filters = [], showing } = def.list;
  const actions = filters.length > 0 || def.export ? <RecordFilters def={def} list={list} onError={(t) => show(t, 'error', EXPORT_MESSAGE_MS)} /> : undefined;
  return (
    <ScreenFrame title={title} actions={actions}>
      <ListContextProvider value={list}>
        {message && (
          <Alert severity={message.severity} sx={{ mb: 2 }}>
            {message.text}
          </Alert>
        )}
        {error && <Alert severity="error">{serverMessage(error) ?? text('error', def.labels.error)}</Alert>}
        {isPending && !error && <PageSpinner />}
        {data && (
          <>
            {isFetching && <LinearProgress aria-label={translate('td.app.loading')} />}
            <RowsTable label={title} headers={def.list.columns.map((c) => ({ label: text(c.header, c.label) }))} empty={text('empty', def.labels.empty)} count={data.length}>
              {data.map((r, i) => (
                <TableRow key={r.id}>
                  {def.list.columns.map((c) => (
                    <RecordCell key={c.source} def={def} column={c} record={r} number={rowNumber(list, i)} onError={(t) => show(t, 'error')} />
                  ))}
                </TableRow>
              ))}
            </RowsTable>
            {showing ? (
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary">
                  {text(showing.header, showing.label, { shown: data.length, total })}
                </Typography>
                <ScreenPagination rowsPerPageOptions={PER_PAGE_OPTIONS} />
              </Box>
            ) : (
              <ScreenPagination rowsPerPageOptions={PER_PAGE_OPTIONS} />
            )}
          </>
        )}
      </ListContextProvider>
    </ScreenFrame>
  );
}
