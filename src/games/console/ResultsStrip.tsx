import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { gameDeclaration, resultLabel } from '../../../resources.config';
import { centsToPoints } from '../../../domain/money';
import { formatPoints } from '../../i18n/format';
import { PageSpinner } from '../../common/PageSpinner';
import { errorMessage } from '../../tiers/errorMessage';
import type { TierDataProvider } from '../../dataProvider/dataProvider';
import { queryKeys } from '../../dataProvider/queryKeys';
import type { ConsoleResult } from './consoleTypes';

// The decision fields that hold outcome keys (`12:heart`), shown as the result strip labels them (`Q♥`).
const OUTCOME_FIELDS = new Set(['chosen', 'ties', 'overridden']);

/** A decision value as an operator reads it: cents as points, outcomes and the game by name, lists joined. */
const show = (key: string, v: unknown, gameId: string): string => {
  if (v === null || v === undefined) return '—';
  if (/Cents$/.test(key) || key === 'payout') return formatPoints(centsToPoints(String(v)));
  if (key === 'gameId') return gameDeclaration(String(v))?.gameName ?? String(v);
  const word = (x: unknown) => (OUTCOME_FIELDS.has(key) ? (resultLabel(gameId, String(x)) ?? String(x)) : String(x));
  if (Array.isArray(v)) return v.map(word).join(', ') || '—';
  return typeof v === 'object' ? JSON.stringify(v) : word(v);
};

/** The audit of one settled round: pool, budget, each option's payout, the choice and why, the booster; of a voided one, why. */
function DecisionDialog({ result, adminId, onClose }: { result: ConsoleResult; adminId: string; onClose: () => void }) {
  const translate = useTranslate();
  const label = result.refunded ? translate('td.console.refunded') : result.label;
  const dataProvider = useDataProvider<TierDataProvider>();
  const q = useQuery({ queryKey: queryKeys.roundDecision(result.roundId), queryFn: () => dataProvider.getRoundDecision(result.roundId, adminId), retry: false });
  const d = q.data?.decision ?? {};
  const payouts = (d.payouts ?? null) as Record<string, unknown> | null;
  const gameId = String(d.gameId ?? q.data?.gameId ?? '');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('td.console.decisionTitle', { drawno: result.roundNo, label })}</DialogTitle>
      <DialogContent>
        {q.isPending && <PageSpinner />}
        {q.error && <Typography color="error">{errorMessage(q.error, translate('td.messages.somethingWrong'))}</Typography>}
        {q.data && (
          <Table size="small">
            <TableBody>
              {Object.entries(d)
                .filter(([k]) => k !== 'payouts')
                .map(([k, v]) => (
                  <TableRow key={k}>
                    <TableCell component="th">{translate(`td.console.decision.${k}`, { _: k })}</TableCell>
                    <TableCell>{show(k, v, gameId)}</TableCell>
                  </TableRow>
                ))}
            </TableBody>
          </Table>
        )}
        {payouts && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2">{translate('td.console.decision.payouts')}</Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxHeight: 200, overflowY: 'auto' }}>
              {Object.entries(payouts).map(([k, v]) => (
                <Chip key={k} size="small" label={`${resultLabel(gameId, k) ?? k}: ${show('payout', v, gameId)}`} variant="outlined" />
              ))}
            </Box>
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The latest results, each with its booster as Nx; a result opens its decision record. */
export function ResultsStrip({ results, adminId }: { results: ConsoleResult[]; adminId: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<ConsoleResult | null>(null);
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {translate('td.console.latest')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="results-strip">
        {results.length === 0 && <Typography color="text.secondary">{translate('td.console.noResults')}</Typography>}
        {results.map((r) =>
          r.refunded ? (
            <Chip
              key={r.roundId}
              clickable
              onClick={() => setOpen(r)}
              label={`#${r.roundNo} ${translate('td.console.refunded')}`}
              color="error"
              variant="outlined"
              aria-label={translate('td.console.openRefunded', { drawno: r.roundNo })}
            />
          ) : (
            <Chip
              key={r.roundId}
              clickable
              onClick={() => setOpen(r)}
              label={`${r.label} ${r.booster}x`}
              color={(r.booster ?? 1) > 1 ? 'warning' : 'default'}
              aria-label={translate('td.console.openDecision', { label: r.label, drawno: r.roundNo })}
            />
          ),
        )}
      </Box>
      {open && <DecisionDialog result={open} adminId={adminId} onClose={() => setOpen(null)} />}
    </Box>
  );
}
