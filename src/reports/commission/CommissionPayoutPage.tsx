import { useState, type ChangeEvent } from 'react';
import { ListContextProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { formatNumber, formatPoints } from '../../i18n/format';
import { PageSpinner } from '../../common/PageSpinner';
import { ScreenPagination } from '../../common/ScreenPagination';
import { ScreenFrame } from '../../common/ScreenFrame';
import { PER_PAGE_OPTIONS, rowNumber, useScreenList } from '../../common/useScreenList';
import { errorMessage } from '../../tiers/errorMessage';
import { payoutRoleOptions, pendingOf, viewer, type PendingRow, type PendingTotals } from './commissionApi';
import { roleLabel } from '../../tiers/registry';

const FIGURE_COLUMNS = ['percent', 'totalcommission', 'pending'] as const;

/**
 * `/{role}/commissionpayoutReport`: the pending commission of the accounts of one tier under the
 * operator, the tier picked from those the operator's role manages that earn commission.
 * Pending = play since last paid × rate, computed here with the domain's formula in cents.
 */
export function CommissionPayoutPage() {
  const translate = useTranslate();
  const me = viewer();
  const options = me ? payoutRoleOptions(me.role) : [];
  const [role, setRole] = useState<string>(() => options[0]?.role ?? '');
  // A server page of the tier's rows at a time; the totals (the list's meta) are over every row.
  const list = useScreenList<PendingRow & { id: string }>({ resource: 'commissionpayoutReport', filter: { id: me?.id }, filterDefaultValues: { role }, enabled: role !== '' && me !== null });
  const { data, error, isPending, isFetching } = list;
  const title = translate('td.commission.payout.title');
  const heading = translate('td.commission.payout.heading');
  const shown = data ?? [];
  const totals = (list.meta as { totals?: PendingTotals } | undefined)?.totals;
  return (
    <ScreenFrame
      title={title}
      heading={heading}
      actions={
        <TextField
          select
          id="payout-role"
          label={translate('td.commission.payout.selectRole')}
          value={role}
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            setRole(e.target.value);
            list.setFilters({ role: e.target.value });
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          size="small"
          sx={{ minWidth: 220 }}
        >
          {options.map((t) => (
            <option key={t.role} value={t.role}>
              {t.labels.singular}
            </option>
          ))}
        </TextField>
      }
    >
      <ListContextProvider value={list}>
        {error && <Alert severity="error">{errorMessage(error, translate('td.messages.somethingWrong'))}</Alert>}
        {isPending && !error && role !== '' && <PageSpinner />}
        {data && (
          <>
            {isFetching && <LinearProgress aria-label={translate('td.app.loading')} />}
            <TableContainer>
              <Table size="small" aria-label={heading}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('td.commission.payout.no')}</TableCell>
                    <TableCell>{translate('td.commission.payout.username')}</TableCell>
                    <TableCell>{translate('td.commission.payout.role')}</TableCell>
                    {FIGURE_COLUMNS.map((c) => (
                      <TableCell key={c} align="right">
                        {translate(`td.commission.payout.${c}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shown.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={FIGURE_COLUMNS.length + 3} align="center">
                        {translate('td.commission.payout.empty')}
                      </TableCell>
                    </TableRow>
                  )}
                  {shown.map((r, i) => (
                    <TableRow key={r.id}>
                      <TableCell>{rowNumber(list, i)}</TableCell>
                      <TableCell>{r.username}</TableCell>
                      <TableCell>{roleLabel(r.role)}</TableCell>
                      <TableCell align="right">
                        {translate('td.commission.payout.percentValue', { value: formatNumber(r.commission) })}
                      </TableCell>
                      <TableCell align="right">{formatPoints(r.totalcommission)}</TableCell>
                      <TableCell align="right">{formatPoints(pendingOf(r))}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                {shown.length > 0 && totals && (
                  <TableFooter>
                    {/* Over every row of the tier, not only the page shown. */}
                    <TableRow>
                      <TableCell colSpan={4}>{translate('td.commission.payout.total')}</TableCell>
                      <TableCell align="right">{formatPoints(totals.totalcommission)}</TableCell>
                      <TableCell align="right">{formatPoints(totals.pending)}</TableCell>
                    </TableRow>
                  </TableFooter>
                )}
              </Table>
            </TableContainer>
            <ScreenPagination rowsPerPageOptions={PER_PAGE_OPTIONS} />
          </>
        )}
      </ListContextProvider>
    </ScreenFrame>
  );
}
