import type { AccountRecord } from '../../resources.config';
import { exportRow, type TierSheetShape } from './exportRows';
import { XlsxWriter } from './xlsxWriter';

/**
 * What the page sends the workbook's builder: the sheet's shape and the texts its cells may show
 * (translated on the page, which holds the language), then the export's answer as it arrives (bytes
 * of NDJSON, one account per line, cut anywhere), then the end.
 */
export type ExportJobMessage =
  | { type: 'start'; sheet: TierSheetShape; texts: Record<string, string> }
  | { type: 'chunk'; bytes: ArrayBuffer }
  | { type: 'end' };

export type ExportJobReply = { type: 'progress'; rows: number } | { type: 'done'; file: string; bytes: ArrayBuffer } | { type: 'failed'; message: string };

interface Build {
  sheet: TierSheetShape;
  translate: (key: string) => string;
  writer: XlsxWriter;
  decoder: TextDecoder;
  /** The end of the last chunk after its last newline: the start of a line still coming. */
  rest: string;
  rows: number;
}

/**
 * The builder of one export's workbook, as a function of the messages it receives: each chunk's
 * complete lines become rows (the cells the list shows, by the registry's export columns) and go
 * into the sheet at once, so the workbook is all but written when the last byte arrives. Messages
 * are handled one after the other in the order received; `reply` gets the progress (rows so far),
 * then the file or the failure. The worker is a thin wrapper around it, and so is the page's own
 * fallback.
 */
export function exportJob(reply: (r: ExportJobReply) => void): (m: ExportJobMessage) => void {
  let build: Build | undefined;
  let over = false;
  let queue: Promise<void> = Promise.resolve();

  const addLines = async (b: Build, text: string): Promise<void> => {
    const lines = text.split('\n');
    const rows: Record<string, string | number>[] = [];
    for (const line of lines) if (line.trim() !== '') rows.push(exportRow(b.sheet.columns, JSON.parse(line) as Partial<AccountRecord>, b.translate));
    if (rows.length === 0) return;
    await b.writer.add(rows);
    b.rows += rows.length;
    reply({ type: 'progress', rows: b.rows });
  };

  const step = async (m: ExportJobMessage): Promise<void> => {
    if (m.type === 'start') {
      const texts = m.texts;
      const headers = m.sheet.columns.map((c) => c.label);
      build = {
        sheet: m.sheet,
        translate: (k) => texts[k] ?? k,
        writer: new XlsxWriter({ sheet: m.sheet.sheet, headers, widths: m.sheet.widths, wholeNumbers: m.sheet.wholeNumbers, wholeColumns: m.sheet.wholeColumns }),
        decoder: new TextDecoder(),
        rest: '',
        rows: 0,
      };
      return;
    }
    const b = build;
    if (!b) throw new Error(`export: '${m.type}' before 'start'`);
    if (m.type === 'chunk') {
      const text = b.rest + b.decoder.decode(new Uint8Array(m.bytes), { stream: true });
      const cut = text.lastIndexOf('\n');
      b.rest = text.slice(cut + 1);
      if (cut >= 0) await addLines(b, text.slice(0, cut));
      return;
    }
    await addLines(b, b.rest + b.decoder.decode());
    const bytes = await b.writer.bytes();
    over = true;
    reply({ type: 'done', file: b.sheet.file, bytes: bytes.buffer });
  };

  return (m) => {
    queue = queue.then(async () => {
      if (over) return;
      try {
        await step(m);
      } catch (e) {
        over = true;
        reply({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
      }
    });
  };
}
