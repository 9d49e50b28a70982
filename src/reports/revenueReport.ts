import { API_PATHS } from '../../domain/apiPaths';
import type { NetRow } from '../../domain/api';
import { TIERS } from '../../resources.config';
import { rowsOf, summed, type ReportColumn, type ReportDef } from './reportDef';
import { drillTarget } from './turnoverReport';

/** A revenue row (spec section 3): the turnover figures of one child of the viewed account. */
export type RevenueRow = NetRow;

const FIGURES = ['playPoints', 'winPoints', 'endPoints', 'commission', 'netToPay'] as const;
export type RevenueTotals = Record<(typeof FIGURES)[number], number>;
const sum = summed<RevenueRow, (typeof FIGURES)[number]>(FIGURES);

/** The house's own accounts (gift, loan, otc: the registry's system kinds), never in revenue totals. */
const SYSTEM = new Set<string>(TIERS.filter((t) => t.kind === 'system').map((t) => t.role));

const L = 'td.reports.revenue';

const cards: ReportDef<RevenueRow, RevenueTotals>['cards'] = FIGURES.map((figure) => ({ label: `${L}.cards.${figure}`, figure }));
const columns: readonly ReportColumn<RevenueRow, RevenueTotals>[] = [
  { kind: 'index', label: `${L}.columns.no` },
  { kind: 'account', label: `${L}.columns.username` },
  { kind: 'role', field: 'role', label: `${L}.columns.role` },
  ...FIGURES.map((field) => ({ kind: 'points' as const, field, label: `${L}.columns.${field}` })),
];

/** The drill-down below the revenue report (spec 2.8: revenuebyid). */
const BY_ID_ROUTE = 'revenuereport/revenuebyid';

/** Revenue report (spec 2.8, admin only): one row per child tier account, every row summed. */
export const REVENUE_REPORT: ReportDef<RevenueRow, RevenueTotals> = {
  key: 'revenue',
  api: API_PATHS.revenueReport,
  title: `${L}.title`,
  read: (answer) => {
    const rows = rowsOf<RevenueRow>(answer);
    return { rows, totals: sum(rows) };
  },
  cards,
  columns,
  rowKey: (r) => r.id,
  drill: { route: BY_ID_ROUTE, target: drillTarget },
};

/**
 * Revenue by id (the drill-down): every child of the account, gift, loan and otc included in the
 * table, while the totals leave them out. The server's `totals` already do (routes.ts, hreport);
 * an answer without them is summed here by the same rule.
 */
export const REVENUE_BY_ID_REPORT: ReportDef<RevenueRow, RevenueTotals> = {
  ...REVENUE_REPORT,
  key: 'revenueById',
  api: API_PATHS.revenueById,
  read: (answer) => {
    const rows = rowsOf<RevenueRow>(answer);
    const totals = (answer.totals as RevenueTotals | undefined) ?? sum(rows.filter((r) => !SYSTEM.has(r.role)));
    return { rows, totals };
  },
};
