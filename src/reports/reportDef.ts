import type { ReportDefOf, ReportText } from '../../resources.config';
import type { ExportSheet } from '../tiers/exportRows';

/** A report text in the reader's language: its key, the declaration's English where the catalogue has none. */
export type TranslateText = (text: ReportText, options?: Record<string, unknown>) => string;

/** The report's spreadsheet: one row per table row under the translated headers, numbers as numbers. */
export function reportSheet<Row extends { username: string }, Totals extends Record<string, number>>(
  def: ReportDefOf<Row, Totals>,
  rows: readonly Row[],
  translate: TranslateText,
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
