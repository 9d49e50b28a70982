import { ListContextProvider, useTranslate, useUpdate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { RowsTable } from '../common/RowsTable';
import { ScreenPagination } from '../common/ScreenPagination';
import { PageSpinner } from '../common/PageSpinner';
import { ScreenFrame } from '../common/ScreenFrame';
import { useTimedMessage } from '../common/useTimedMessage';
import { PER_PAGE_OPTIONS, rowNumber, useScreenList } from '../common/useScreenList';
import { formatDateTime } from '../tiers/cellValue';
import { COMPLAINT_STATUSES, COMPLAINTS_PER_PAGE, STATUS_COLOR, type ComplaintRow, type ComplaintStatus } from './complaintStatus';
import { serverMessage } from './outcome';

const COLUMNS = ['no', 'enquiryType', 'fullName', 'email', 'mobile', 'details', 'status', 'date'] as const;

/** The status select of one row, its value drawn in the status's colour. */
function StatusSelect({ row, onChange }: { row: ComplaintRow; onChange: (status: ComplaintStatus) => void }) {
  const translate = useTranslate();
  const label = (s: ComplaintStatus) => translate(`td.complaints.statuses.${s}`, { _: s });
  return (
    <Select
      size="small"
      variant="standard"
      disableUnderline
      value={row.status}
      onChange={(e) => {
        const next = e.target.value as ComplaintStatus;
        if (next !== row.status) onChange(next);
      }}
      inputProps={{ 'aria-label': translate('td.complaints.statusOf', { name: row.fullName }) }}
      renderValue={(s) => <Chip size="small" color={STATUS_COLOR[s] ?? 'default'} label={label(s)} data-status={s} />}
    >
      {COMPLAINT_STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          <Chip size="small" color={STATUS_COLOR[s]} label={label(s)} />
        </MenuItem>
      ))}
    </Select>
  );
}

/**
 * `/{role}/contactus` (spec 2.14, superadmin and admin): the landing page's messages ten a page,
 * newest first, each row's status changed straight from its select.
 */
export function ContactUsPage() {
  const translate = useTranslate();
  // The registry's messages resource, through the dataProvider: GET complaint?page&limit.
  const list = useScreenList<ComplaintRow>({ resource: 'contactus', perPage: COMPLAINTS_PER_PAGE });
  const { data, error, isPending, isFetching } = list;
  const [update] = useUpdate<ComplaintRow>();
  const { message, show } = useTimedMessage(5000);
  const title = translate('td.complaints.title');
  const na = translate('td.app.na');

  // PATCH complaint/{id}/status: the row shows the new status at once and goes back to the old one
  // if the server refuses (optimistic); the pages are read again either way.
  const change = (row: ComplaintRow, status: ComplaintStatus) =>
    void update(
      'contactus',
      { id: row.id, data: { status }, previousData: row },
      { mutationMode: 'optimistic', onError: (err) => show(serverMessage(err) ?? translate('td.complaints.error'), 'error') },
    );

  return (
    <ScreenFrame title={title}>
      <ListContextProvider value={list}>
        {message && (
          <Alert severity={message.severity} sx={{ mb: 2 }}>
            {message.text}
          </Alert>
        )}
        {error && <Alert severity="error">{serverMessage(error) ?? translate('td.complaints.error')}</Alert>}
        {isPending && !error && <PageSpinner />}
        {data && (
          <>
            {isFetching && <LinearProgress aria-label={translate('td.app.loading')} />}
            <RowsTable label={title} headers={COLUMNS.map((c) => ({ label: translate(`td.complaints.${c}`) }))} empty={translate('td.complaints.empty')} count={data.length}>
                  {data.map((r, i) => (
                    <TableRow key={r._id}>
                      <TableCell>{rowNumber(list, i)}</TableCell>
                      <TableCell>{translate(`td.complaints.form.types.${r.enquiryType}`, { _: r.enquiryType })}</TableCell>
                      <TableCell>{r.fullName}</TableCell>
                      <TableCell>{r.email}</TableCell>
                      <TableCell>{r.mobile}</TableCell>
                      <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 360 }}>{r.complaintDetails}</TableCell>
                      <TableCell>
                        <StatusSelect row={r} onChange={(s) => change(r, s)} />
                      </TableCell>
                      <TableCell>{formatDateTime(r.createdAt) ?? na}</TableCell>
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
