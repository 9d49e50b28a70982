import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PERIOD_CODES, type PeriodCode } from '../../domain/periods';
import { PERIOD_BUTTONS } from './useReport';

/**
 * Last 6 Months … Today, then Date Range. The one showing is pressed. A period is
 * chosen at once; Date Range opens the modal and the range is chosen by its Get Summary.
 */
export function PeriodButtons({ active, onPeriod, onDateRange }: { active: PeriodCode; onPeriod: (code: PeriodCode) => void; onDateRange: () => void }) {
  const translate = useTranslate();
  const button = (name: keyof typeof PERIOD_CODES, onClick: () => void) => {
    const pressed = active === PERIOD_CODES[name];
    return (
      <Button key={name} size="small" variant={pressed ? 'contained' : 'outlined'} aria-pressed={pressed} onClick={onClick}>
        {translate(`td.reports.periods.${name}`)}
      </Button>
    );
  };
  return (
    <Box role="group" aria-label={translate('td.reports.period')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {PERIOD_BUTTONS.map((name) => button(name, () => onPeriod(PERIOD_CODES[name])))}
      {button('custom', onDateRange)}
    </Box>
  );
}
