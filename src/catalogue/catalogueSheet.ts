import type { CatalogueDef } from '../../resources.config';
import type { ExportSheet } from '../tiers/exportRows';

/** The spreadsheet of a catalogue list (GamesList.xlsx, sheet Games): numbers stay numbers. */
export function catalogueSheet(def: CatalogueDef, records: Record<string, unknown>[]): ExportSheet | null {
  const spec = def.export;
  if (!spec) return null;
  const rows = records.map((r) => {
    const row: Record<string, string | number> = {};
    for (const c of spec.columns) {
      const v = r[c.source];
      row[c.label] = typeof v === 'number' ? v : c.source === 'releaseDate' && typeof v === 'string' ? v.slice(0, 10) : v == null ? '' : String(v);
    }
    return row;
  });
  return { file: spec.file, sheet: spec.sheet, rows, widths: spec.columns.map((c) => ({ wch: c.width })), wholeNumbers: true };
}
