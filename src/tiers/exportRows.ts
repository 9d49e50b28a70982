import type { AccountRecord } from '../../resources.config';
import type { ExportColumn, TierDef } from '../../resources.config';
import { saveBlob } from '../common/download';
import { cellValue } from './cellValue';

export interface ExportSheet {
  file: string;
  sheet: string;
  rows: Record<string, string | number>[];
  widths: { wch: number }[];
  /** Numbers are points shown with two decimals (the default); counts and seconds are whole. */
  wholeNumbers?: boolean;
  /** Columns (by header) whose numbers are whole although the sheet's others are points. */
  wholeColumns?: readonly string[];
}

/** The media type of an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The texts a tier sheet's cells may show besides the data (translated where the sheet is made). */
export const EXPORT_TEXT_KEYS = ['td.app.na', 'td.list.online', 'td.list.offline', 'td.form.active', 'td.form.deactive'] as const;

/** One record's row of a tier sheet, keyed by the registry's export labels in their order. */
export function exportRow(columns: readonly ExportColumn[], r: Partial<AccountRecord>, translate: (key: string) => string): Record<string, string | number> {
  const row: Record<string, string | number> = {};
  for (const c of columns) {
    // Points and commission go into the sheet as numbers, so a spreadsheet can add them up.
    const n = c.source === 'walletBalance' ? r.walletBalance : c.source === 'commission' ? r.commission : undefined;
    if (typeof n === 'number') {
      row[c.label] = n;
      continue;
    }
    const v = cellValue(c.source, r);
    row[c.label] = v === null ? translate('td.app.na') : c.source === 'isLoggedIn' ? translate(v) : v;
  }
  return row;
}

/** A tier sheet without its rows: file, sheet, the registry's columns and their widths. */
export type TierSheetShape = Omit<ExportSheet, 'rows'> & { columns: readonly ExportColumn[] };

/**
 * The shape of a tier's spreadsheet, or null for a tier the registry gives no export.
 * `asChildren`: the list is a parent's children (e.g. SuperDistributorsList.xlsx under an admin).
 */
export function exportShape(tier: TierDef, asChildren = false): TierSheetShape | null {
  const spec = tier.export;
  if (!spec) return null;
  return {
    file: asChildren && spec.childFile ? spec.childFile : spec.file,
    sheet: spec.sheet,
    columns: spec.columns,
    widths: spec.columns.map((c) => ({ wch: c.width })),
  };
}

/** The rows of a tier's spreadsheet, keyed by the registry's export labels, with its column widths. */
export function exportSheet(
  tier: TierDef,
  records: Partial<AccountRecord>[],
  translate: (key: string) => string,
  asChildren = false,
): ExportSheet | null {
  const shape = exportShape(tier, asChildren);
  if (!shape) return null;
  const { columns, ...sheet } = shape;
  return { ...sheet, rows: records.map((r) => exportRow(columns, r, translate)) };
}

/**
 * Writes the file in the browser, on the page's thread, with the writer a tier list's export uses in
 * its worker (loaded only now). The first row's keys are the columns, in the registry's order (every
 * row has the same keys); an empty sheet has none.
 */
export async function writeSheet(s: ExportSheet): Promise<void> {
  const { XlsxWriter } = await import('./xlsxWriter');
  const { rows, file, ...shape } = s;
  const writer = new XlsxWriter({ ...shape, headers: rows[0] ? Object.keys(rows[0]) : [] });
  await writer.add(rows);
  saveBlob(new Blob([await writer.bytes()], { type: XLSX_TYPE }), file);
}
