import { API_PATHS } from '../../domain/apiPaths';
import { commissionAndNet } from '../../domain/commission';
import { childTierOf, COMMISSION_SPLIT, COMMISSION_TIERS, type CommissionColumn, type Role, type TurnoverRow } from '../../resources.config';
import { rowsOf, summed, type ReportColumn, type ReportDef, type ReportExport } from './reportDef';

export type { TurnoverRow };

type Summed = 'playPoints' | 'winPoints' | 'endPoints' | CommissionColumn;
export type TurnoverTotals = Record<Summed | 'commission' | 'netToPay', number>;

const SUMMED = ['playPoints', 'winPoints', 'endPoints', ...(COMMISSION_SPLIT.columns as CommissionColumn[])] as Summed[];
const sum = summed<TurnoverRow, Summed>(SUMMED);

/** One column per tier that earns commission, in chain order, headed by the tier's own words. */
const commissionColumns: ReportColumn<TurnoverRow, TurnoverTotals>[] = COMMISSION_TIERS.map((t) => ({
  kind: 'points' as const,
  field: t.commission.column as CommissionColumn,
  label: `td.tier.${t.role}.commission.column`,
}));
/** The spreadsheet keeps the columns a tier gives a heading for (the players' own is left out). */
const commissionExport: ReportExport<TurnoverRow>['columns'] = COMMISSION_TIERS.filter((t) => t.commission.exportLabel).map((t) => ({
  label: `td.tier.${t.role}.commission.export`,
  value: (r: TurnoverRow) => r[t.commission.column as CommissionColumn],
  width: 20,
}));

/** Drill-down: into an account that has a tier below it (a player's own row would only repeat itself). */
export const drillTarget = (row: { id: string; role: string }) => (childTierOf(row.role as Role) ? { role: row.role, id: row.id } : null);

const L = 'td.reports.turnover';

/**
 * Turnover report: the columns summed in cents, then the footer's commission (the commission
 * columns) and net (end − commission).
 */
export const TURNOVER_REPORT: ReportDef<TurnoverRow, TurnoverTotals> = {
  key: 'turnover',
  api: API_PATHS.turnoverReport,
  title: `${L}.title`,
  read: (answer) => {
    const rows = rowsOf<TurnoverRow>(answer);
    const totals = sum(rows);
    return { rows, totals: { ...totals, ...commissionAndNet(totals, COMMISSION_SPLIT.columns) } };
  },
  cards: [
    { label: `${L}.cards.playPoints`, figure: 'playPoints' },
    { label: `${L}.cards.winPoints`, figure: 'winPoints' },
    { label: `${L}.cards.endPoints`, figure: 'endPoints' },
    { label: `${L}.cards.commission`, figure: 'commission' },
    { label: `${L}.cards.netToPay`, figure: 'netToPay' },
  ],
  columns: [
    { kind: 'index', label: `${L}.columns.no` },
    { kind: 'account', label: `${L}.columns.username` },
    { kind: 'points', field: 'playPoints', label: `${L}.columns.playPoints` },
    { kind: 'points', field: 'winPoints', label: `${L}.columns.winPoints` },
    { kind: 'points', field: 'endPoints', label: `${L}.columns.endPoints` },
    ...commissionColumns,
    { kind: 'points', field: 'netToPay', label: `${L}.columns.netToPay` },
  ],
  rowKey: (r) => r.id,
  drill: { route: 'turnoverreport', target: drillTarget },
  export: {
    file: 'TurnoverReport.xlsx',
    sheet: 'Turnover Report',
    columns: [
      { label: `${L}.export.username`, value: (r) => r.username, width: 20 },
      { label: `${L}.export.playPoints`, value: (r) => r.playPoints, width: 15 },
      { label: `${L}.export.winPoints`, value: (r) => r.winPoints, width: 15 },
      { label: `${L}.export.endPoints`, value: (r) => r.endPoints, width: 15 },
      ...commissionExport,
      { label: `${L}.export.netToPay`, value: (r) => r.netToPay, width: 15 },
    ],
  },
};
