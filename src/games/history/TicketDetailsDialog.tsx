import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { optionLabel } from '../../../resources.config';
import { formatPoints } from '../../i18n/format';
import { useTicketLines } from './historyQueries';

export interface TicketRef {
  ticketId: string;
  gameId: string;
}

/**
 * The View modal of the bet list: the ticket's lines as #, Draw No (the option's label,
 * `Q` for `card:12`), Qty, Total. Escape
 * closes it. The ticket stays set while the modal closes, so its lines stay shown until it is gone.
 */
export function TicketDetailsDialog({ ticket, open, onClose }: { ticket: TicketRef | null; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { data: lines, isPending } = useTicketLines(ticket);
  const title = translate('td.gameHistory.ticket.title');
  return (
    <Dialog open={open && ticket !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ticket-details-title">
      <DialogTitle id="ticket-details-title">{title}</DialogTitle>
      <DialogContent>
        {ticket && (
          <Typography color="text.secondary" gutterBottom>
            {translate('td.gameHistory.ticket.ticketId', { id: ticket.ticketId })}
          </Typography>
        )}
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress aria-label={translate('td.app.loading')} />
          </Box>
        ) : !lines || lines.length === 0 ? (
          <Typography>{translate('td.gameHistory.ticket.empty')}</Typography>
        ) : (
          <>
            {lines.some((l) => l.refunded) && (
              <Typography color="warning.main" gutterBottom data-testid="ticket-refunded">
                {translate('td.gameHistory.ticket.refunded')}
              </Typography>
            )}
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('td.gameHistory.ticket.index')}</TableCell>
                  <TableCell>{translate('td.gameHistory.ticket.drawNo')}</TableCell>
                  <TableCell align="right">{translate('td.gameHistory.ticket.qty')}</TableCell>
                  <TableCell align="right">{translate('td.gameHistory.ticket.total')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((l, i) => (
                  <TableRow key={`${l.drawno}-${i}`}>
                    <TableCell>{i + 1}</TableCell>
                    <TableCell title={l.drawno}>{l.label ?? optionLabel(ticket?.gameId ?? '', l.drawno)}</TableCell>
                    <TableCell align="right">{l.drawqty}</TableCell>
                    <TableCell align="right">{formatPoints(l.drawtotal)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('td.gameHistory.ticket.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
