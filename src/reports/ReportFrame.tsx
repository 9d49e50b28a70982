import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { formatPoints } from '../i18n/format';
import { PERIOD_CODES, periodRange, type PeriodCode } from '../../domain/periods';
import { childTierOf, type Role } from '../../resources.config';
import { PageSpinner } from '../common/PageSpinner';
import { errorMessage } from '../tiers/errorMessage';
import { writeSheet } from '../tiers/exportRows';
import { tierLabelKey } from '../tiers/registry';
import { DateRangeDialog } from './DateRangeDialog';
import { PeriodButtons } from './PeriodButtons';
import type { ReportDefOf } from '../../resources.config';
import { reportSheet } from './reportDef';
import { ReportTable } from './ReportTable';
import { useReportData, useReportText, useReportView } from './useReport';

/** The summary cards: each a figure of the totals, over every row of the report. */
function SummaryCards<Totals extends Record<string, number>>({ cards, totals }: { cards: ReportDefOf<{ username: string }, Totals>['cards']; totals: Totals }) {
  const translate = useTranslate();
  const text = useReportText();
  return (
    <Box role="group" aria-label={translate('td.reports.summary')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2, mb: 2 }}>
      {cards.map((c) => (
        <Card key={c.figure} variant="outlined" component="section" aria-label={text(c.label)}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {text(c.label)}
            </Typography>
            <Typography variant="h6" component="p">
              {formatPoints(totals[c.figure])}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/**
 * The one report screen: heading, period buttons and the
 * Date Range modal, a spinner while the report loads, the summary cards, the paged table with its
 * Total row, Back (drill-up through the browser's history) and the export. `def` is the report.
 */
export function ReportFrame<Row extends { username: string }, Totals extends Record<string, number>>({ def }: { def: ReportDefOf<Row, Totals> }) {
  const translate = useTranslate();
  const text = useReportText();
  const notify = useNotify();
  const navigate = useNavigate();
  const { view, role, choose } = useReportView();
  const { data, error, isPending, isFetching, refetch } = useReportData(def, view);
  const [dateRangeOpen, setDateRangeOpen] = useState(false);

  const child = role ? childTierOf(role as Role) : null;
  const tier = child ? translate(tierLabelKey(child, 'plural'), { _: child.labels.plural }) : '';
  const title = text(def.title, { tier }).trim();

  const onPeriod = (code: PeriodCode) => choose(periodRange(code, new Date())!);
  // Get Summary on the range already shown fetches it again: the operator asks for fresh figures.
  const onDateRange = (from: Date, to: Date) => {
    const range = periodRange(PERIOD_CODES.custom, new Date(), { from, to });
    if (range && !choose(range)) void refetch();
    setDateRangeOpen(false);
  };
  const exportRows = useMutation({
    mutationFn: async (rows: readonly Row[]) => {
      const sheet = reportSheet(def, rows, text);
      if (sheet) await writeSheet(sheet);
    },
    onError: (err) => notify(errorMessage(err, translate('td.messages.somethingWrong')), { type: 'error', autoHideDuration: 1500 }),
  });

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
            {translate('td.reports.back')}
          </Button>
          {def.export && (
            <Button startIcon={<DownloadIcon />} variant="outlined" disabled={!data || exportRows.isPending} onClick={() => data && exportRows.mutate(data.rows)}>
              {translate('td.reports.export')}
            </Button>
          )}
        </Box>
        <PeriodButtons active={view.code} onPeriod={onPeriod} onDateRange={() => setDateRangeOpen(true)} />
        {error && <Alert severity="error">{errorMessage(error, translate('td.messages.somethingWrong'))}</Alert>}
        {isPending && !error && <PageSpinner />}
        {data && (
          <>
            {isFetching && <LinearProgress aria-label={translate('td.app.loading')} />}
            <SummaryCards cards={def.cards} totals={data.totals} />
            <ReportTable def={def} rows={data.rows} totals={data.totals} range={view.range} title={title} />
          </>
        )}
        <DateRangeDialog open={dateRangeOpen} range={view.range} onClose={() => setDateRangeOpen(false)} onSubmit={onDateRange} />
      </CardContent>
    </Card>
  );
}

/** A report's page component, for the pages registry (src/pages/screens.tsx). */
export function reportScreen<Row extends { username: string }, Totals extends Record<string, number>>(def: ReportDefOf<Row, Totals>) {
  return function ReportScreen() {
    return <ReportFrame def={def} />;
  };
}
