import { useState, type ChangeEvent } from 'react';
import { DateField } from '../common/DateField';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { format, isValid, parseISO } from 'date-fns';
import type { Range } from '../../domain/periods';

/** A browser calendar day (YYYY-MM-DD) as a local date, or null. */
const dayOf = (value: string): Date | null => {
  const d = value ? parseISO(value) : null;
  return d && isValid(d) ? d : null;
};

/** The fields; the modal mounts them at each opening, so they start from the range shown. */
function DateRangeFields({ range, onClose, onSubmit }: { range: Range; onClose: () => void; onSubmit: (from: Date, to: Date) => void }) {
  const translate = useTranslate();
  const [from, setFrom] = useState(() => format(range.start, 'yyyy-MM-dd'));
  const [to, setTo] = useState(() => format(range.end, 'yyyy-MM-dd'));
  const fromDay = dayOf(from);
  const toDay = dayOf(to);
  return (
    <>
      <DialogContent>
        {/* No check that the start is not after the end (the contract has none): such a range reports nothing. */}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', pt: 1 }}>
          <DateField
            id="report-from-date"
            label={translate('td.reports.dateRange.from')}
            value={from}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setFrom(e.target.value)}
           
            size="small"
          />
          <DateField
            id="report-to-date"
            label={translate('td.reports.dateRange.to')}
            value={to}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setTo(e.target.value)}
           
            size="small"
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('td.reports.dateRange.close')}</Button>
        <Button variant="contained" disabled={!fromDay || !toDay} onClick={() => fromDay && toDay && onSubmit(fromDay, toDay)}>
          {translate('td.reports.dateRange.submit')}
        </Button>
      </DialogActions>
    </>
  );
}

/** "Select Date Range": From Date, To Date, Close, Get Summary. */
export function DateRangeDialog({ open, range, onClose, onSubmit }: { open: boolean; range: Range; onClose: () => void; onSubmit: (from: Date, to: Date) => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="report-date-range-title">
      <DialogTitle id="report-date-range-title">{translate('td.reports.dateRange.title')}</DialogTitle>
      <DateRangeFields range={range} onClose={onClose} onSubmit={onSubmit} />
    </Dialog>
  );
}
