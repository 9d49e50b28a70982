import type { ExportSheet } from './exportRows';
import { SheetWriter } from './workbook';

/** What the page sends the workbook's builder: the sheet's shape once, its rows page by page, then the end. */
export type ExportJobMessage =
  | { type: 'start'; sheet: Omit<ExportSheet, 'rows'> }
  | { type: 'page'; index: number; rows: ExportSheet['rows'] }
  | { type: 'end' };

export type ExportJobReply = { type: 'done'; file: string; bytes: ArrayBuffer } | { type: 'failed'; message: string };

/**
 * The builder of one export's workbook, as a function of the messages it receives: pages may arrive
 * in any order (they are read in parallel) and go into the sheet by their index, each as soon as the
 * pages before it are in, so the file keeps the list's order and most cells are made before the last
 * page arrives. Answers on `end` (or on a message out of turn); the worker is a thin wrapper around
 * it, and so is the page's own fallback.
 */
export function exportJob(): (m: ExportJobMessage) => ExportJobReply | undefined {
  let sheet: Omit<ExportSheet, 'rows'> | undefined;
  let writer: SheetWriter | undefined;
  let waiting = new Map<number, ExportSheet['rows']>();
  let next = 0;
  return (m) => {
    try {
      if (m.type === 'start') {
        sheet = m.sheet;
        writer = new SheetWriter(m.sheet);
        waiting = new Map();
        next = 0;
        return undefined;
      }
      if (!sheet || !writer) return { type: 'failed', message: `export: '${m.type}' before 'start'` };
      if (m.type === 'page') {
        waiting.set(m.index, m.rows);
        for (let rows = waiting.get(next); rows; rows = waiting.get(next)) {
          writer.add(rows);
          waiting.delete(next++);
        }
        return undefined;
      }
      // Pages never sent (a list that shrank while it was read) leave no gap: the later ones follow on.
      for (const i of [...waiting.keys()].sort((a, b) => a - b)) writer.add(waiting.get(i)!);
      waiting.clear();
      return { type: 'done', file: sheet.file, bytes: writer.bytes() };
    } catch (e) {
      return { type: 'failed', message: e instanceof Error ? e.message : String(e) };
    }
  };
}
