import type { AccountRecord } from '../../resources.config';
import type { TierDef } from '../../resources.config';
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

/**
 * The rows of a tier's spreadsheet, keyed by the registry's export labels, with its column widths.
 * `asChildren`: the list is a parent's children (e.g. SuperDistributorsList.xlsx under an admin).
 */
export function exportSheet(
  tier: TierDef,
  records: Partial<AccountRecord>[],
  translate: (key: string) => string,
  asChildren = false,
): ExportSheet | null {
  const spec = tier.export;
  if (!spec) return null;
  const rows = records.map((r) => {
    const row: Record<string, string | number> = {};
    for (const c of spec.columns) {
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
  });
  return {
    file: asChildren && spec.childFile ? spec.childFile : spec.file,
    sheet: spec.sheet,
    rows,
    widths: spec.columns.map((c) => ({ wch: c.width })),
  };
}

/** Writes the file in the browser, on the page's thread (SheetJS loads only now); a tier list's export builds it in a worker instead. */
export async function writeSheet(s: ExportSheet): Promise<void> {
  const [XLSX, { sheetWorkbook }] = await Promise.all([import('xlsx'), import('./workbook')]);
  XLSX.writeFile(sheetWorkbook(s), s.file);
}
