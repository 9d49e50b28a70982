import { API_PATHS } from '../../domain/apiPaths';
import { adminCommission, percentToBp } from '../../domain/commission';
import { centsToPoints } from '../../domain/money';
import { rowsOf, summed, toCents, type ReportDef } from './reportDef';
import type { AdminCommissionRow } from '../../domain/api';
export type { AdminCommissionRow };


const FIGURES = ['commission', 'totalpoints', 'totalwinpoints'] as const;
export type AdminCommissionTotals = Record<(typeof FIGURES)[number], number>;
const sum = summed<AdminCommissionRow, (typeof FIGURES)[number]>(FIGURES);

/** Commission per row = total points × win percentage / 100 (spec section 9), in cents as the server does it. */
export const withCommission = (r: Omit<AdminCommissionRow, 'commission'>): AdminCommissionRow => ({
  ...r,
  commission: centsToPoints(adminCommission(toCents(r.totalpoints), percentToBp(r.winpercentage))),
});

const L = 'td.reports.adminCommission';

/** Admin Commission Report (spec 2.9, superadmin and admin): per admin and game; export AdminCommissionData. */
export const ADMIN_COMMISSION_REPORT: ReportDef<AdminCommissionRow, AdminCommissionTotals> = {
  key: 'adminCommission',
  api: API_PATHS.adminCommissionReport,
  title: `${L}.title`,
  read: (answer) => {
    const rows = rowsOf<AdminCommissionRow>(answer).map(withCommission);
    return { rows, totals: sum(rows) };
  },
  cards: [
    { label: `${L}.cards.commission`, figure: 'commission' },
    { label: `${L}.cards.totalpoints`, figure: 'totalpoints' },
    { label: `${L}.cards.totalwinpoints`, figure: 'totalwinpoints' },
  ],
  columns: [
    { kind: 'index', label: `${L}.columns.no` },
    { kind: 'text', field: 'gameId', label: `${L}.columns.gameId` },
    { kind: 'text', field: 'gameName', label: `${L}.columns.gameName` },
    { kind: 'text', field: 'username', label: `${L}.columns.username` },
    { kind: 'text', field: 'nofDigit', label: `${L}.columns.nofDigit` },
    { kind: 'text', field: 'winpercentage', label: `${L}.columns.winpercentage` },
    { kind: 'points', field: 'totalpoints', label: `${L}.columns.totalpoints` },
    { kind: 'points', field: 'totalwinpoints', label: `${L}.columns.totalwinpoints` },
    { kind: 'points', field: 'commission', label: `${L}.columns.commission` },
  ],
  rowKey: (r) => `${r.username}/${r.gameId}`,
  export: {
    file: 'AdminCommissionData.xlsx',
    sheet: 'Admin Commission Data',
    columns: [
      { label: `${L}.columns.gameId`, value: (r) => r.gameId, width: 14 },
      { label: `${L}.columns.gameName`, value: (r) => r.gameName, width: 20 },
      { label: `${L}.columns.username`, value: (r) => r.username, width: 20 },
      { label: `${L}.columns.nofDigit`, value: (r) => r.nofDigit, width: 12, whole: true },
      { label: `${L}.columns.winpercentage`, value: (r) => r.winpercentage, width: 15 },
      { label: `${L}.columns.totalpoints`, value: (r) => r.totalpoints, width: 15 },
      { label: `${L}.columns.totalwinpoints`, value: (r) => r.totalwinpoints, width: 17 },
      { label: `${L}.columns.commission`, value: (r) => r.commission, width: 15 },
    ],
  },
};
