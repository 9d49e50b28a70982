import { useState, type ChangeEvent } from 'react';
import { ListContextProvider, useList, useTranslate } from 'react-admin';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPoints } from '../../i18n/format';
import {
  COMMISSION_DAYS,
  COMMISSION_FIGURES,
  commissionTotals,
  needsPassword,
  sendFailure,
  useSendCommission,
  type CommissionDays,
  type CommissionRow,
} from './commissionApi';
import type { CommissionPreviewMeta } from '../../dataProvider/methods/commission';
import { roleLabel } from '../../tiers/registry';
import { StepUpCancelled, useStepUp } from '../../common/StepUp';
import { RowsTable } from '../../common/RowsTable';
import { ScreenFrame } from '../../common/ScreenFrame';
import { errorMessage } from '../../tiers/errorMessage';
import { ScreenPagination } from '../../common/ScreenPagination';
import { PER_PAGE_OPTIONS, useScreenList } from '../../common/useScreenList';

/** One empty list while loading (the in-memory list reads a new array as new rows). */
const NO_ROWS: CommissionRow[] = [];

/**
 * `/admin/commission`, Commission Data: pick Day or Week and Send. The first Send
 * of this screen asks for the password (the server wants a check within 5 minutes); a good one
 * sends at once and later Sends go straight out. The table is the send's answer with its totals.
 */
export function CommissionPage() {
  const translate = useTranslate();
  const [days, setDays] = useState<CommissionDays>('day');
  // The first Send of this screen asks for the password; later ones go straight out while the
  // password check is recent (the server keeps it on the session for 5 minutes).
  const stepUp = useStepUp('td.commission.password');
  const send = useSendCommission();
  // What Send will pay, before it is pressed: the period, and a server page of the rows of the chosen
  // Day or Week with the totals over every row (the list's meta).
  const preview = useScreenList<CommissionRow & { id: string }>({ resource: 'commission', filterDefaultValues: { days } });
  const previewMeta = preview.meta as CommissionPreviewMeta | undefined;

  const onSend = async () => {
    if (send.isPending) return;
    try {
      await stepUp.ensure();
    } catch (e) {
      if (e instanceof StepUpCancelled) return;
      throw e;
    }
    send.mutate(days, {
      // The check has expired on the server: the next Send asks again.
      onError: (err) => {
        if (needsPassword(err)) stepUp.forget();
      },
      // The period is paid now: the preview of it says so.
      onSettled: () => void preview.refetch(),
    });
  };
  const onDays = (next: CommissionDays) => {
    setDays(next);
    preview.setFilters({ days: next });
    // A send's answer belongs to the period it paid: another period shows its own preview.
    send.reset();
  };

  let outcome: { text: string; severity: AlertColor } | null = null;
  if (send.isSuccess)
    outcome =
      send.data.paid || !send.data.message
        ? { text: translate('td.commission.sent'), severity: 'success' }
        : // Nothing moved (the period was paid already, or nothing was played): the server says which.
          { text: send.data.message, severity: 'info' };
  else if (send.isError)
    outcome = { text: sendFailure(send.error, { failed: translate('td.commission.failed'), network: translate('td.commission.networkError') }), severity: 'error' };

  const sent = send.isSuccess ? send.data : null;
  // A send answers every row it paid: those are paged here, as the preview's are on the server.
  const sentList = useList({ data: sent?.rows ?? NO_ROWS, perPage: PER_PAGE_OPTIONS[0] });
  const list = sent ? sentList : preview;
  const rows = list.data ?? NO_ROWS;
  const totals: Readonly<Record<string, number | null>> | undefined = sent ? commissionTotals(sent.rows) : previewMeta?.totals;
  const period = sent ? sent.period : previewMeta?.period;
  const willPay = !sent && !send.isPending && previewMeta ? previewMeta : null;
  const title = translate('td.commission.title');
  return (
    <ScreenFrame
      title={title}
      actions={
        <>
          <TextField
            select
            id="commission-days"
            label={translate('td.commission.selectPeriod')}
            value={days}
            onChange={(e: ChangeEvent<HTMLInputElement>) => onDays(e.target.value as CommissionDays)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            size="small"
            sx={{ minWidth: 160 }}
          >
            {COMMISSION_DAYS.map((d) => (
              <option key={d} value={d}>
                {translate(`td.commission.periods.${d}`)}
              </option>
            ))}
          </TextField>
          <Button variant="contained" onClick={() => void onSend()} disabled={send.isPending}>
            {translate(send.isPending ? 'td.commission.sending' : 'td.commission.send')}
          </Button>
        </>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {translate('td.commission.selectedPeriod', { period: translate(`td.commission.periods.${days}`) })}
      </Typography>
      {period && (
        <Typography variant="body2" color="text.secondary">
          {period.from === period.to ? translate('td.commission.paidDay', { day: period.from }) : translate('td.commission.paidPeriod', period)}
        </Typography>
      )}
      {willPay && (
        <Alert severity={willPay.pays > willPay.wallet ? 'warning' : 'info'} sx={{ my: 1 }} data-testid="commission-preview">
          {willPay.pays === 0
            ? translate('td.commission.previewNothing')
            : willPay.pays > willPay.wallet
              ? translate('td.commission.previewShort', { pays: formatPoints(willPay.pays), wallet: formatPoints(willPay.wallet) })
              : translate('td.commission.preview', { pays: formatPoints(willPay.pays) })}
        </Alert>
      )}
      {preview.error && !sent && <Alert severity="error" sx={{ my: 1 }}>{errorMessage(preview.error, translate('td.messages.somethingWrong'))}</Alert>}
      {outcome && (
        <Alert severity={outcome.severity} sx={{ my: 1 }}>
          {outcome.text}
        </Alert>
      )}
      {send.isPending && <LinearProgress aria-label={translate('td.app.loading')} sx={{ my: 1 }} />}
      <Box sx={{ mt: 2 }}>
        <ListContextProvider value={list}>
          <RowsTable
            label={title}
            headers={[
              { label: translate('td.commission.id') },
              { label: translate('td.commission.username') },
              { label: translate('td.commission.role') },
              ...COMMISSION_FIGURES.map((f) => ({ label: translate(`td.commission.${f}`), right: true })),
            ]}
            empty={translate('td.commission.empty')}
            count={rows.length}
            footer={
              totals && (
                // Over every row of the period, not only the page shown.
                <TableRow>
                  <TableCell colSpan={3}>{translate('td.commission.total')}</TableCell>
                  {COMMISSION_FIGURES.map((f) => {
                    const total = totals[f];
                    return (
                      <TableCell key={f} align="right">
                        {total === null || total === undefined ? '' : formatPoints(total)}
                      </TableCell>
                    );
                  })}
                </TableRow>
              )
            }
          >
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.id}</TableCell>
                <TableCell>{r.username}</TableCell>
                <TableCell>{roleLabel(r.role)}</TableCell>
                {COMMISSION_FIGURES.map((f) => (
                  <TableCell key={f} align="right">
                    {formatPoints(r[f])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </RowsTable>
          <ScreenPagination rowsPerPageOptions={PER_PAGE_OPTIONS} />
        </ListContextProvider>
        {rows.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {translate('td.commission.totalNote')}
          </Typography>
        )}
      </Box>
      {stepUp.dialog}
    </ScreenFrame>
  );
}
