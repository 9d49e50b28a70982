import { useState, type ChangeEvent } from 'react';
import { Title, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatNumber, formatPoints } from '../../i18n/format';
import { PageSpinner } from '../../common/PageSpinner';
import { ServerPagination } from '../../games/history/ServerPagination';
import { errorMessage } from '../../tiers/errorMessage';
import { payoutRoleOptions, pendingTotals, usePendingCommissions, viewer } from './commissionApi';
import { roleLabel } from '../../tiers/registry';

const FIGURE_COLUMNS = ['percent', 'totalcommission', 'pending'] as const;

/**
 * `/{role}/commissionpayoutReport` (spec 2.10): the pending commission of the accounts of one tier
 * under the operator, the tier picked from the options the operator's role has (spec section 6).
 * Pending = play since last paid × rate, computed here with the domain's formula in cents.
 */
export function CommissionPayoutPage() {
  const translate = useTranslate();
  const me = viewer();
  const options = me ? payoutRoleOptions(me.role) : [];
  const [role, setRole] = useState<string>(() => options[0]?.role ?? '');
  const [paging, setPaging] = useState({ page: 1, perPage: 10 });
  const { data, error, isPending, isFetching } = usePendingCommissions({ id: me?.id, role });
  const title = translate('td.commission.payout.title');
  const heading = translate('td.commission.payout.heading');
  const rows = data ?? [];
  const shown = rows.slice((paging.page - 1) * paging.perPage, paging.page * paging.perPage);
  const totals = pendingTotals(rows);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {heading}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
          <TextField
            select
            id="payout-role"
            label={translate('td.commission.payout.selectRole')}
            value={role}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              setRole(e.target.value);
              setPaging((p) => ({ ...p, page: 1 }));
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
        </Box>
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
                  {rows.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={FIGURE_COLUMNS.length + 3} align="center">
                        {translate('td.commission.payout.empty')}
                      </TableCell>
                    </TableRow>
                  )}
                  {shown.map((r, i) => (
                    <TableRow key={r.id}>
                      <TableCell>{(paging.page - 1) * paging.perPage + i + 1}</TableCell>
                      <TableCell>{r.username}</TableCell>
                      <TableCell>{roleLabel(r.role)}</TableCell>
                      <TableCell align="right">
                        {translate('td.commission.payout.percentValue', { value: formatNumber(r.commission) })}
                      </TableCell>
                      <TableCell align="right">{formatPoints(r.totalcommission)}</TableCell>
                      <TableCell align="right">{formatPoints(r.pending)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                {rows.length > 0 && (
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
            <ServerPagination total={rows.length} paging={paging} onChange={setPaging} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
