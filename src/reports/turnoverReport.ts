import { API_PATHS } from '../../domain/apiPaths';
import { commissionAndNet } from '../../domain/commission';
import type { TurnoverRow } from '../../domain/api';
import { childTierOf, type Role } from '../../resources.config';

export type { TurnoverRow };
import { rowsOf, summed, type ReportDef } from './reportDef';

export type TurnoverTotals = Record<'playPoints' | 'winPoints' | 'endPoints' | 'supercom' | 'distcom' | 'retailcom' | 'usercom' | 'commission' | 'netToPay', number>;

const SUMMED = ['playPoints', 'winPoints', 'endPoints', 'supercom', 'distcom', 'retailcom', 'usercom'] as const;
const sum = summed<TurnoverRow, (typeof SUMMED)[number]>(SUMMED);

/** Drill-down: into an account that has a tier below it (a player's own row would only repeat itself). */
export const drillTarget = (row: { id: string; role: string }) => (childTierOf(row.role as Role) ? { role: row.role, id: row.id } : null);

const L = 'td.reports.turnover';

/**
 * Turnover report (spec 2.7): the columns summed in cents, then the footer's commission (the four
 * columns) and net (end − commission) by the spec's formula.
 */
export const TURNOVER_REPORT: ReportDef<TurnoverRow, TurnoverTotals> = {
  key: 'turnover',
  api: API_PATHS.turnoverReport,
  title: `${L}.title`,
  read: (answer) => {
    const rows = rowsOf<TurnoverRow>(answer);
    const totals = sum(rows);
    return { rows, totals: { ...totals, ...commissionAndNet(totals) } };
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
    { kind: 'points', field: 'supercom', label: `${L}.columns.supercom` },
    { kind: 'points', field: 'distcom', label: `${L}.columns.distcom` },
    { kind: 'points', field: 'retailcom', label: `${L}.columns.retailcom` },
    { kind: 'points', field: 'usercom', label: `${L}.columns.usercom` },
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
      { label: `${L}.export.supercom`, value: (r) => r.supercom, width: 18 },
      { label: `${L}.export.distcom`, value: (r) => r.distcom, width: 22 },
      { label: `${L}.export.retailcom`, value: (r) => r.retailcom, width: 20 },
      { label: `${L}.export.netToPay`, value: (r) => r.netToPay, width: 15 },
    ],
  },
};
