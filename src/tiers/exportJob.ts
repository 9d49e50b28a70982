import type { ExportSheet } from './exportRows';
import { workbookBytes } from './workbook';

/** What the page sends the workbook's builder: the sheet's shape once, its rows page by page, then the end. */
export type ExportJobMessage =
  | { type: 'start'; sheet: Omit<ExportSheet, 'rows'> }
  | { type: 'page'; index: number; rows: ExportSheet['rows'] }
  | { type: 'end' };

export type ExportJobReply = { type: 'done'; file: string; bytes: ArrayBuffer } | { type: 'failed'; message: string };

/**
 * The builder of one export's workbook, as a function of the messages it receives: pages may arrive
 * in any order (they are read in parallel) and land in the sheet by their index, so the file keeps
 * the list's order. Answers on `end` (or on a message out of turn); the worker is a thin wrapper
 * around it, and so is the page's own fallback.
 */
export function exportJob(): (m: ExportJobMessage) => ExportJobReply | undefined {
  let sheet: Omit<ExportSheet, 'rows'> | undefined;
  const pages: ExportSheet['rows'][] = [];
  return (m) => {
    try {
      if (m.type === 'start') {
        sheet = m.sheet;
        pages.length = 0;
        return undefined;
      }
      if (!sheet) return { type: 'failed', message: `export: '${m.type}' before 'start'` };
      if (m.type === 'page') {
        pages[m.index] = m.rows;
        return undefined;
      }
      const rows = pages.flatMap((p) => p ?? []);
      pages.length = 0;
      return { type: 'done', file: sheet.file, bytes: workbookBytes({ ...sheet, rows }) };
    } catch (e) {
      return { type: 'failed', message: e instanceof Error ? e.message : String(e) };
    }
  };
}
