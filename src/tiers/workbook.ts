import * as XLSX from 'xlsx';
import type { ExportSheet } from './exportRows';

/**
 * One export sheet written as its rows come, block by block, so that a long list's cells are made
 * while its later pages are still being read. SheetJS is imported statically here: only the code
 * that writes a file (the export worker, or a lazy import on the page) ever loads it; it only
 * writes, never parses a user's file, where its known advisories lie.
 */
export class SheetWriter {
  private readonly ws: XLSX.WorkSheet = XLSX.utils.aoa_to_sheet([]);
  private headers: string[] | undefined;
  /** Rows written so far, the header row included. */
  private written = 0;

  constructor(private readonly shape: Omit<ExportSheet, 'rows'>) {}

  add(rows: ExportSheet['rows']): void {
    if (rows.length === 0) return;
    const first = !this.headers;
    // The first row's keys are the columns, in the registry's order (every row has the same keys).
    this.headers ??= Object.keys(rows[0]!);
    XLSX.utils.sheet_add_json(this.ws, rows, { header: this.headers, skipHeader: !first, origin: first ? 'A1' : -1 });
    const from = first ? 1 : this.written;
    this.written = from + rows.length;
    // Numbers keep two decimals on screen, as the back office shows them.
    if (this.shape.wholeNumbers) return;
    const whole = new Set(this.shape.wholeColumns ?? []);
    const pointColumns = this.headers.map((h, c) => (whole.has(h) ? -1 : c)).filter((c) => c >= 0);
    for (let r = from; r < this.written; r++)
      for (const c of pointColumns) {
        const cell = this.ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
        if (cell?.t === 'n') cell.z = '0.00';
      }
  }

  workbook(): XLSX.WorkBook {
    this.ws['!cols'] = this.shape.widths;
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, this.ws, this.shape.sheet);
    return wb;
  }

  /** The .xlsx file's bytes; its parts are deflated (a third of the stored size, and quicker for SheetJS to write). */
  bytes(): ArrayBuffer {
    return XLSX.write(this.workbook(), { bookType: 'xlsx', type: 'array', compression: true }) as ArrayBuffer;
  }
}

/** The workbook of a whole export sheet at once. */
export function sheetWorkbook(s: ExportSheet): XLSX.WorkBook {
  const { rows, ...shape } = s;
  const w = new SheetWriter(shape);
  w.add(rows);
  return w.workbook();
}
