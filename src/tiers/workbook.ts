import * as XLSX from 'xlsx';
import type { ExportSheet } from './exportRows';

/**
 * The workbook of one export sheet. SheetJS is imported statically here, so only the code that
 * writes a file (a worker, or a lazy import on the main thread) ever loads it; it only writes, never
 * parses a user's file, where its known advisories lie.
 */
export function sheetWorkbook(s: ExportSheet): XLSX.WorkBook {
  const ws = XLSX.utils.json_to_sheet(s.rows);
  // Numbers keep two decimals on screen, as the back office shows them.
  if (!s.wholeNumbers) {
    const headers = Object.keys(s.rows[0] ?? {});
    const whole = new Set(s.wholeColumns ?? []);
    const pointColumns = headers.map((h, c) => (whole.has(h) ? -1 : c)).filter((c) => c >= 0);
    // Row 0 holds the headers; only the cells under a points column can be numbers to format.
    for (let r = 1; r <= s.rows.length; r++)
      for (const c of pointColumns) {
        const cell = ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
        if (cell?.t === 'n') cell.z = '0.00';
      }
  }
  ws['!cols'] = s.widths;
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, s.sheet);
  return wb;
}

/** The .xlsx file's bytes, as `XLSX.writeFile` would save them. */
export const workbookBytes = (s: ExportSheet): ArrayBuffer => XLSX.write(sheetWorkbook(s), { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
