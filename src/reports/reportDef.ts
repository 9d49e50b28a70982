import { sumPoints } from '../../domain/commission';
import { pointsToCents } from '../../domain/money';
import type { ExportSheet } from '../tiers/exportRows';

/**
 * What a report declares; the frame (ReportFrame.tsx) draws every report from one of these:
 * the same period buttons, Date Range modal, summary cards, paged table with its Total row, Back
 * and export. A report is data: its API call, how its answer reads, its cards, columns and sheet.
 * Labels are i18n keys (td.reports.*). Pure: no React here, so the sheets are tested in node.
 */

/** The keys of a row whose values are points. */
export type PointsKey<Row> = { [K in keyof Row]-?: Row[K] extends number ? K : never }[keyof Row] & string;

export type ReportColumn<Row, Totals> =
  /** The row's number over all pages (1, 2, …); the Total row puts its label here. */
  | { kind: 'index'; label: string }
  /** The username, a link (and an eye icon) into the drill-down when the report has one for the row. */
  | { kind: 'account'; label: string }
  /** Points with 2 decimals, right-aligned; the Total row shows `totals[field]`. */
  | { kind: 'points'; field: PointsKey<Row> & keyof Totals; label: string }
  /** A value shown as it comes (ids, names, counts, percentages); nothing in the Total row. */
  | { kind: 'text'; field: keyof Row & string; label: string }
  /** A role key shown as its tier's label ("Super Area Manager"). */
  | { kind: 'role'; field: keyof Row & string; label: string };

export interface ReportExport<Row> {
  file: string;
  sheet: string;
  /** Header (i18n key), value and width of each column; points go in as numbers. */
  columns: readonly { label: string; value: (row: Row) => string | number; width: number; whole?: boolean }[];
}

/** A report's answer as the frame shows it: the table rows and the footer's figures. */
export interface ReportData<Row, Totals> {
  rows: Row[];
  totals: Totals;
}

export interface ReportDef<Row extends { username: string }, Totals extends Record<string, number>> {
  /** Names the report (query cache, export); the texts are under `td.reports.{key}`. */
  key: string;
  /** The API path (domain/apiPaths.ts), called with role, id, startDate and endDate. */
  api: string;
  /** The heading's i18n key; `%{tier}` is the plural label of the viewed role's child tier. */
  title: string;
  /** Rows and totals from the answer's envelope. */
  read: (answer: { data?: unknown; [k: string]: unknown }) => ReportData<Row, Totals>;
  cards: readonly { label: string; figure: keyof Totals & string }[];
  columns: readonly ReportColumn<Row, Totals>[];
  rowKey: (row: Row) => string;
  /**
   * The drill-down of the account column: the page route below the role prefix (the same screen
   * or another) and the role and id it opens, when the row has accounts under it.
   */
  drill?: { route: string; target: (row: Row) => { role: string; id: string } | null };
  export?: ReportExport<Row>;
}

/** Points as cents; the API's amounts have at most 2 decimals. */
export const toCents = (points: number): bigint => pointsToCents(points) ?? BigInt(Math.round(points * 100));

/** The answer's rows (an absent or non-list `data` is no rows). */
export const rowsOf = <Row>(answer: { data?: unknown }): Row[] => (Array.isArray(answer.data) ? (answer.data as Row[]) : []);

/** The usual footer: each figure summed in cents over every row (domain/commission.ts). */
export const summed =
  <Row extends Record<K, number>, K extends string>(figures: readonly K[]) =>
  (rows: readonly Row[]): Record<K, number> =>
    sumPoints(rows, figures);

/** The report's spreadsheet: one row per table row under the translated headers, numbers as numbers. */
export function reportSheet<Row extends { username: string }, Totals extends Record<string, number>>(
  def: ReportDef<Row, Totals>,
  rows: readonly Row[],
  translate: (key: string) => string,
): ExportSheet | null {
  const spec = def.export;
  if (!spec) return null;
  const headers = spec.columns.map((c) => translate(c.label));
  return {
    file: spec.file,
    sheet: spec.sheet,
    rows: rows.map((r) => Object.fromEntries(spec.columns.map((c, i) => [headers[i], c.value(r)]))),
    widths: spec.columns.map((c) => ({ wch: c.width })),
    wholeColumns: spec.columns.flatMap((c, i) => (c.whole ? [headers[i]] : [])),
  };
}
