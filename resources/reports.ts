/**
 * The registry's table reports. A report is one declaration here: its page (menu entry, the roles
 * that open it, its route) or the report page it drills down from, its API path and answer schema,
 * its texts (key and English), summary cards, columns, export and how its answer reads. The server
 * registers its route from it and answers through its query (server/reports/queries.ts, by `key`);
 * the client mounts its menu entry, route and screen (the one report frame) from it; docs/API.md is
 * generated from the route. Pure: nothing here imports React or Node, so the sheets are tested in node.
 * The schemas are written here as functions of zod, which the server hands in: the client draws the
 * reports from the same declarations without loading zod.
 */
import type { z } from 'zod';
import { API_PATHS } from '../domain/apiPaths';
import type { AdminCommissionRow, NetRow } from '../domain/api';
import { adminCommission, commissionAndNet, percentToBp, sumPoints } from '../domain/commission';
import { centsToPoints, pointsToCents } from '../domain/money';
import type { PageDefOf } from '../domain/tiers';
import { rowOf } from '../domain/rowSchema';
import { STAFF_ROLES, type StaffRole, type TurnoverRow } from './roles';
import { TIERS, type CommissionColumn } from './tiers';

/** A text of a report: its catalogue key and its English (the English catalogue takes it from here). */
export interface ReportText {
  key: string;
  en: string;
}

/** The texts of one branch of the catalogue: `t('columns.no', 'No')` is the key `{branch}.columns.no`. */
export const textsUnder =
  (branch: string) =>
  (key: string, en: string): ReportText => ({ key: `${branch}.${key}`, en });

/** zod's API, as the server passes it to a declaration's schemas. */
export type Zod = typeof z;

/** A schema built on first use from the zod handed in, and the same object after (an OpenAPI component keeps one id). */
export const schemaOnce = <S>(build: (zod: Zod) => S): ((zod: Zod) => S) => {
  let built: S | undefined;
  return (zod) => (built ??= build(zod));
};

/** The keys of a row whose values are points. */
export type PointsKey<Row> = { [K in keyof Row]-?: Row[K] extends number ? K : never }[keyof Row] & string;

export type ReportColumn<Row, Totals> =
  /** The row's number over all pages (1, 2, …); the Total row puts its label here. */
  | { kind: 'index'; label: ReportText }
  /** The username, a link (and an eye icon) into the drill-down when the report has one for the row. */
  | { kind: 'account'; label: ReportText }
  /** Points with 2 decimals, right-aligned; the Total row shows `totals[field]`. */
  | { kind: 'points'; field: PointsKey<Row> & keyof Totals; label: ReportText }
  /** A value shown as it comes (ids, names, counts, percentages); nothing in the Total row. */
  | { kind: 'text'; field: keyof Row & string; label: ReportText }
  /** A role key shown as its tier's label ("Super Area Manager"). */
  | { kind: 'role'; field: keyof Row & string; label: ReportText };

export interface ReportExport<Row> {
  file: string;
  sheet: string;
  /** Header, value and width of each column; points go in as numbers. */
  columns: readonly { label: ReportText; value: (row: Row) => string | number; width: number; whole?: boolean }[];
}

/** A report's answer as the frame shows it: the table rows and the footer's figures. */
export interface ReportData<Row, Totals> {
  rows: Row[];
  totals: Totals;
}

/** A report's own page: the page table's entry (its key is the route segment). */
export type ReportPage<P extends string> = PageDefOf<StaffRole> & { key: P };
/** A drill-down report: a route below another report's page, open to that page's roles. */
export interface ReportBelow {
  of: string;
  route: string;
}

/** `P` is the key of the report's own page (never for a drill-down), which the page table's keys take in. */
export interface ReportDefOf<Row extends { username: string }, Totals extends Record<string, number>, P extends string = string> {
  /** Names the report: the server's query of it, the client's query cache. */
  key: string;
  page: ReportPage<P> | ReportBelow;
  /** The API path (domain/apiPaths.ts), called with role, id, startDate and endDate (and `params`). */
  api: string;
  /** Query parameters beyond the period and the viewed account, checked before the query runs. */
  params?: (zod: Zod) => z.ZodRawShape;
  /** The answer's schema, its `data` the rows (the server adds `success: true` to what the query gives). */
  reply: (zod: Zod) => z.ZodType<{ data: Row[] }>;
  /** The heading; `%{tier}` is the plural label of the viewed role's child tier. */
  title: ReportText;
  /** Rows and totals from the answer's envelope. */
  read: (answer: { data?: unknown; [k: string]: unknown }) => ReportData<Row, Totals>;
  cards: readonly { label: ReportText; figure: keyof Totals & string }[];
  columns: readonly ReportColumn<Row, Totals>[];
  rowKey: (row: Row) => string;
  /**
   * The drill-down of the account column: the page route below the role prefix (the same screen
   * or another) and the role and id it opens, when the row has accounts under it.
   */
  drill?: { route: string; target: (row: Row) => { role: string; id: string } | null };
  export?: ReportExport<Row>;
}

/**
 * Any report, its row and totals types left out: the route, the menu and the frame read every
 * declaration the same way (each declaration's own type ties its columns to its rows).
 */
export type ReportDef = ReportDefOf<{ username: string }, Record<string, number>>;

/** Points as cents; the API's amounts have at most 2 decimals. */
export const toCents = (points: number): bigint => pointsToCents(points) ?? BigInt(Math.round(points * 100));

/** The answer's rows (an absent or non-list `data` is no rows). */
export const rowsOf = <Row>(answer: { data?: unknown }): Row[] => (Array.isArray(answer.data) ? (answer.data as Row[]) : []);

/** The usual footer: each figure summed in cents over every row (domain/commission.ts). */
export const summed =
  <Row extends Record<K, number>, K extends string>(figures: readonly K[]) =>
  (rows: readonly Row[]): Record<K, number> =>
    sumPoints(rows, figures);

/** The answer of a report call: `success` and the fields given, in their order (`data` the rows). */
const answer = <F extends z.ZodRawShape>(zod: Zod, fields: F) => zod.looseObject({ success: zod.boolean(), ...fields });

// Read here rather than from resources.config.ts, which assembles this file: the chain is the tier
// table's chain tiers in order, and a tier's child is the chain tier hung under it.
const CHAIN_TIERS = TIERS.filter((t) => t.kind === 'chain');
const COMMISSION_TIERS = CHAIN_TIERS.flatMap((t) => (t.commission ? [{ role: t.role, commission: t.commission }] : []));
const COMMISSION_COLUMNS = COMMISSION_TIERS.map((t) => t.commission.column as CommissionColumn);
const hasChildTier = (role: string): boolean => CHAIN_TIERS.some((t) => t.parent === role);

/** Drill-down: into an account that has a tier below it (a player's own row would only repeat itself). */
export const drillTarget = (row: { id: string; role: string }) => (hasChildTier(row.role) ? { role: row.role, id: row.id } : null);

/** The staff roles below the admin (the turnover report is theirs as well as the superadmin's). */
const BELOW_ADMIN = STAFF_ROLES.slice(STAFF_ROLES.indexOf('admin' as StaffRole) + 1);

// ---- Turnover ------------------------------------------------------------------------------------

export const turnoverRow = schemaOnce((zod) => {
  const points = zod.number();
  return rowOf<TurnoverRow>()(
    zod
      .object({
        id: zod.string(),
        username: zod.string(),
        role: zod.string(),
        compercentage: points,
        playPoints: points,
        winPoints: points,
        endPoints: points,
        ...(Object.fromEntries(COMMISSION_COLUMNS.map((c) => [c, points])) as Record<CommissionColumn, typeof points>),
        commission: points,
        netToPay: points,
      })
      .meta({ id: 'TurnoverRow' }),
  );
});

type Summed = 'playPoints' | 'winPoints' | 'endPoints' | CommissionColumn;
export type TurnoverTotals = Record<Summed | 'commission' | 'netToPay', number>;
const sumTurnover = summed<TurnoverRow, Summed>(['playPoints', 'winPoints', 'endPoints', ...COMMISSION_COLUMNS]);
const turnover = textsUnder('td.reports.turnover');

/**
 * Turnover report: one row per child account of the chain tier below the viewed one, the columns
 * summed in cents, then the footer's commission (the commission columns) and net (end − commission).
 * Each tier that earns commission brings its column, headed by the tier's own words.
 */
export const TURNOVER_REPORT: ReportDefOf<TurnoverRow, TurnoverTotals, 'turnoverreport'> = {
  key: 'turnover',
  page: { key: 'turnoverreport', label: 'Turnover Report', menu: ['superadmin', ...BELOW_ADMIN], area: 'reports' },
  api: API_PATHS.turnoverReport,
  reply: schemaOnce((zod) => answer(zod, { role: zod.string(), childRole: zod.string().nullable(), data: zod.array(turnoverRow(zod)) })),
  title: turnover('title', '%{tier} TurnOver Report'),
  read: (reply) => {
    const rows = rowsOf<TurnoverRow>(reply);
    const totals = sumTurnover(rows);
    return { rows, totals: { ...totals, ...commissionAndNet(totals, COMMISSION_COLUMNS) } };
  },
  cards: [
    { label: turnover('cards.playPoints', 'Total PlayPoints'), figure: 'playPoints' },
    { label: turnover('cards.winPoints', 'Total WinPoints'), figure: 'winPoints' },
    { label: turnover('cards.endPoints', 'End Point'), figure: 'endPoints' },
    { label: turnover('cards.commission', 'Total Commission'), figure: 'commission' },
    { label: turnover('cards.netToPay', 'Net'), figure: 'netToPay' },
  ],
  columns: [
    { kind: 'index', label: turnover('columns.no', 'No') },
    { kind: 'account', label: turnover('columns.username', 'ID') },
    { kind: 'points', field: 'playPoints', label: turnover('columns.playPoints', 'Play Points') },
    { kind: 'points', field: 'winPoints', label: turnover('columns.winPoints', 'Win Points') },
    { kind: 'points', field: 'endPoints', label: turnover('columns.endPoints', 'End Points') },
    ...COMMISSION_TIERS.map((t) => ({
      kind: 'points' as const,
      field: t.commission.column as CommissionColumn,
      label: { key: `td.tier.${t.role}.commission.column`, en: t.commission.label },
    })),
    { kind: 'points', field: 'netToPay', label: turnover('columns.netToPay', 'Net') },
  ],
  rowKey: (r) => r.id,
  drill: { route: 'turnoverreport', target: drillTarget },
  export: {
    file: 'TurnoverReport.xlsx',
    sheet: 'Turnover Report',
    columns: [
      { label: turnover('export.username', 'UserName'), value: (r) => r.username, width: 20 },
      { label: turnover('export.playPoints', 'Play Points'), value: (r) => r.playPoints, width: 15 },
      { label: turnover('export.winPoints', 'Win Points'), value: (r) => r.winPoints, width: 15 },
      { label: turnover('export.endPoints', 'End Points'), value: (r) => r.endPoints, width: 15 },
      // The spreadsheet keeps the columns a tier gives a heading for (the players' own is left out).
      ...COMMISSION_TIERS.flatMap((t) =>
        t.commission.exportLabel
          ? [{ label: { key: `td.tier.${t.role}.commission.export`, en: t.commission.exportLabel }, value: (r: TurnoverRow) => r[t.commission.column as CommissionColumn], width: 20 }]
          : [],
      ),
      { label: turnover('export.netToPay', 'Net'), value: (r) => r.netToPay, width: 15 },
    ],
  },
};

// ---- Revenue and its drill-down ------------------------------------------------------------------

export const netRow = schemaOnce((zod) => {
  const points = zod.number();
  return rowOf<NetRow>()(
    zod
      .object({ id: zod.string(), username: zod.string(), role: zod.string(), playPoints: points, winPoints: points, endPoints: points, commission: points, netToPay: points })
      .meta({ id: 'NetRow' }),
  );
});

/** A revenue row: the turnover figures of one child of the viewed account. */
export type RevenueRow = NetRow;
export const REVENUE_FIGURES = ['playPoints', 'winPoints', 'endPoints', 'commission', 'netToPay'] as const;
export type RevenueTotals = Record<(typeof REVENUE_FIGURES)[number], number>;
const sumRevenue = summed<RevenueRow, (typeof REVENUE_FIGURES)[number]>(REVENUE_FIGURES);
/** The house's own accounts (gift, loan, otc: the registry's system kinds), never in revenue totals. */
export const SYSTEM_ROLES: ReadonlySet<string> = new Set(TIERS.filter((t) => t.kind === 'system').map((t) => t.role));
const revenue = textsUnder('td.reports.revenue');
const REVENUE_WORDS = { playPoints: 'Play Points', winPoints: 'Win Points', endPoints: 'End Points', commission: 'Commission', netToPay: 'Net To Pay' } as const;

/** Revenue report (admin only): one row per child tier account, every row summed. */
export const REVENUE_REPORT: ReportDefOf<RevenueRow, RevenueTotals, 'revenuereport'> = {
  key: 'revenue',
  page: { key: 'revenuereport', label: 'Revenue Report', menu: ['admin'], area: 'reports' },
  api: API_PATHS.revenueReport,
  reply: schemaOnce((zod) => answer(zod, { role: zod.string(), data: zod.array(netRow(zod)) })),
  title: revenue('title', 'Revenue Report'),
  read: (reply) => {
    const rows = rowsOf<RevenueRow>(reply);
    return { rows, totals: sumRevenue(rows) };
  },
  cards: REVENUE_FIGURES.map((figure) => ({ label: revenue(`cards.${figure}`, REVENUE_WORDS[figure]), figure })),
  columns: [
    { kind: 'index', label: revenue('columns.no', 'No') },
    { kind: 'account', label: revenue('columns.username', 'ID') },
    { kind: 'role', field: 'role', label: revenue('columns.role', 'Role') },
    ...REVENUE_FIGURES.map((field) => ({ kind: 'points' as const, field, label: revenue(`columns.${field}`, REVENUE_WORDS[field]) })),
  ],
  rowKey: (r) => r.id,
  // The drill-down below the revenue report: `revenuereport/revenuebyid?role&id&startDate&endDate`.
  drill: { route: 'revenuereport/revenuebyid', target: drillTarget },
};

/**
 * Revenue by id (the drill-down): every child of the account, gift, loan and otc included in the
 * table, while the totals leave them out. The server's `totals` already do; an answer without
 * them is summed here by the same rule.
 */
export const REVENUE_BY_ID_REPORT: ReportDefOf<RevenueRow, RevenueTotals, never> = {
  ...REVENUE_REPORT,
  key: 'revenueById',
  page: { of: 'revenuereport', route: 'revenuebyid' },
  api: API_PATHS.revenueById,
  // The totals: points per figure (null where one would not add up).
  reply: schemaOnce((zod) => answer(zod, { role: zod.string(), data: zod.array(netRow(zod)), totals: zod.record(zod.string(), zod.number().nullable()) })),
  read: (reply) => {
    const rows = rowsOf<RevenueRow>(reply);
    const given = reply.totals as RevenueTotals | undefined;
    return { rows, totals: given ?? sumRevenue(rows.filter((r) => !SYSTEM_ROLES.has(r.role))) };
  },
};

// ---- Admin commission ----------------------------------------------------------------------------

const adminCommissionRow = (zod: Zod) =>
  rowOf<AdminCommissionRow>()(
    zod.object({
      gameId: zod.string(),
      gameName: zod.string(),
      username: zod.string(),
      nofDigit: zod.number(),
      winpercentage: zod.number(),
      totalpoints: zod.number(),
      totalwinpoints: zod.number(),
      commission: zod.number(),
    }),
  );

const ADMIN_FIGURES = ['commission', 'totalpoints', 'totalwinpoints'] as const;
export type AdminCommissionTotals = Record<(typeof ADMIN_FIGURES)[number], number>;
const sumAdmin = summed<AdminCommissionRow, (typeof ADMIN_FIGURES)[number]>(ADMIN_FIGURES);

/** Commission per row = total points × win percentage / 100, in cents as the server does it. */
export const withCommission = (r: Omit<AdminCommissionRow, 'commission'>): AdminCommissionRow => ({
  ...r,
  commission: centsToPoints(adminCommission(toCents(r.totalpoints), percentToBp(r.winpercentage))),
});

const admin = textsUnder('td.reports.adminCommission');
const ADMIN_COLUMNS = {
  gameId: admin('columns.gameId', 'Game ID'),
  gameName: admin('columns.gameName', 'Game Name'),
  username: admin('columns.username', 'Username'),
  nofDigit: admin('columns.nofDigit', 'No of Digit'),
  winpercentage: admin('columns.winpercentage', 'Win Percentage'),
  totalpoints: admin('columns.totalpoints', 'Total Points'),
  totalwinpoints: admin('columns.totalwinpoints', 'Total Win Points'),
  commission: admin('columns.commission', 'Commission'),
};

/** Admin Commission Report (superadmin and admin): per admin and game; export AdminCommissionData. */
export const ADMIN_COMMISSION_REPORT: ReportDefOf<AdminCommissionRow, AdminCommissionTotals, 'admincommissionreport'> = {
  key: 'adminCommission',
  page: { key: 'admincommissionreport', label: 'Admin Commission Report', menu: ['superadmin', 'admin'], area: 'reports' },
  api: API_PATHS.adminCommissionReport,
  reply: schemaOnce((zod) => answer(zod, { message: zod.string().optional(), data: zod.array(adminCommissionRow(zod)) })),
  title: admin('title', 'Admin Commission Report'),
  read: (reply) => {
    const rows = rowsOf<AdminCommissionRow>(reply).map(withCommission);
    return { rows, totals: sumAdmin(rows) };
  },
  cards: [
    { label: admin('cards.commission', 'Total Commission Point'), figure: 'commission' },
    { label: admin('cards.totalpoints', 'Total Bet Point'), figure: 'totalpoints' },
    { label: admin('cards.totalwinpoints', 'Total Won Point'), figure: 'totalwinpoints' },
  ],
  columns: [
    { kind: 'index', label: admin('columns.no', 'No') },
    { kind: 'text', field: 'gameId', label: ADMIN_COLUMNS.gameId },
    { kind: 'text', field: 'gameName', label: ADMIN_COLUMNS.gameName },
    { kind: 'text', field: 'username', label: ADMIN_COLUMNS.username },
    { kind: 'text', field: 'nofDigit', label: ADMIN_COLUMNS.nofDigit },
    { kind: 'text', field: 'winpercentage', label: ADMIN_COLUMNS.winpercentage },
    { kind: 'points', field: 'totalpoints', label: ADMIN_COLUMNS.totalpoints },
    { kind: 'points', field: 'totalwinpoints', label: ADMIN_COLUMNS.totalwinpoints },
    { kind: 'points', field: 'commission', label: ADMIN_COLUMNS.commission },
  ],
  rowKey: (r) => `${r.username}/${r.gameId}`,
  export: {
    file: 'AdminCommissionData.xlsx',
    sheet: 'Admin Commission Data',
    columns: [
      { label: ADMIN_COLUMNS.gameId, value: (r) => r.gameId, width: 14 },
      { label: ADMIN_COLUMNS.gameName, value: (r) => r.gameName, width: 20 },
      { label: ADMIN_COLUMNS.username, value: (r) => r.username, width: 20 },
      { label: ADMIN_COLUMNS.nofDigit, value: (r) => r.nofDigit, width: 12, whole: true },
      { label: ADMIN_COLUMNS.winpercentage, value: (r) => r.winpercentage, width: 15 },
      { label: ADMIN_COLUMNS.totalpoints, value: (r) => r.totalpoints, width: 15 },
      { label: ADMIN_COLUMNS.totalwinpoints, value: (r) => r.totalwinpoints, width: 17 },
      { label: ADMIN_COLUMNS.commission, value: (r) => r.commission, width: 15 },
    ],
  },
};

const DECLARED = [TURNOVER_REPORT, REVENUE_REPORT, REVENUE_BY_ID_REPORT, ADMIN_COMMISSION_REPORT] as const;

/** Every table report, in no particular order (the page table places their menu entries). */
export const REPORTS: readonly ReportDef[] = DECLARED.map((d) => d as unknown as ReportDef);

/** The page keys of the reports with a page of their own. */
export type ReportPageKey = Extract<(typeof DECLARED)[number]['page'], { key: string }>['key'];

/** A report's own page, or null for a drill-down. */
export const ownPage = (r: { page: ReportPage<string> | ReportBelow }): ReportPage<string> | null => ('key' in r.page ? r.page : null);
/** The page whose roles open a report (its own, or the page it drills down from). */
export const pageOfReport = (r: { page: ReportPage<string> | ReportBelow }): string => ('key' in r.page ? r.page.key : r.page.of);
/** A report's screen route below the role prefix. */
export const routeOfReport = (r: { page: ReportPage<string> | ReportBelow }): string => ('key' in r.page ? r.page.key : `${r.page.of}/${r.page.route}`);
