import type { ExportJobMessage, ExportJobReply } from './exportJob';

/** One workbook being built: the page sends it the sheet's messages and waits for the file's bytes. */
export interface WorkbookBuild {
  /** A chunk's bytes are handed over (transferred), not copied: the caller no longer reads them. */
  send(m: ExportJobMessage): void;
  result: Promise<{ file: string; bytes: ArrayBuffer }>;
  /** Stops the build (the export failed or the page left): the worker is ended. */
  close(): void;
}

type Final = Exclude<ExportJobReply, { type: 'progress' }>;

const outcome = (reply: Final): { file: string; bytes: ArrayBuffer } => {
  if (reply.type === 'failed') throw new Error(reply.message);
  return { file: reply.file, bytes: reply.bytes };
};

/**
 * Starts a workbook build in a module Web Worker, so the page stays responsive while 100,000 rows are
 * read and written: the page only hands it the answer's bytes. `onProgress` gets the rows written so
 * far. Where the browser has no Worker at all, the same builder runs on the page (loaded lazily, as
 * the export's code is never part of the first load).
 */
export function startWorkbookBuild(onProgress: (rows: number) => void = () => undefined): WorkbookBuild {
  if (typeof Worker === 'undefined') return onThePage(onProgress);
  const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' });
  let settle: (r: Final) => void = () => undefined;
  const reply = new Promise<Final>((resolve) => (settle = resolve));
  worker.onmessage = (e: MessageEvent<ExportJobReply>) => (e.data.type === 'progress' ? onProgress(e.data.rows) : settle(e.data));
  worker.onerror = (e) => {
    e.preventDefault();
    settle({ type: 'failed', message: e.message || 'The export worker failed to start.' });
  };
  const result = reply.then((r) => {
    worker.terminate();
    return outcome(r);
  });
  // A build closed after a failure elsewhere is not awaited: its refusal is no unhandled rejection.
  result.catch(() => undefined);
  return {
    send: (m) => worker.postMessage(m, m.type === 'chunk' ? [m.bytes] : []),
    result,
    close: () => {
      worker.terminate();
      settle({ type: 'failed', message: 'The export was stopped.' });
    },
  };
}

function onThePage(onProgress: (rows: number) => void): WorkbookBuild {
  let settle: (r: Final) => void = () => undefined;
  const reply = new Promise<Final>((resolve) => (settle = resolve));
  const job = import('./exportJob').then((m) => m.exportJob((r) => (r.type === 'progress' ? onProgress(r.rows) : settle(r))));
  // Messages sent before the builder has loaded wait for it, in order.
  let queue: Promise<void> = Promise.resolve();
  const result = reply.then(outcome);
  result.catch(() => undefined);
  return {
    send: (m) => {
      queue = queue.then(async () => (await job)(m));
      queue.catch((e: unknown) => settle({ type: 'failed', message: e instanceof Error ? e.message : String(e) }));
    },
    result,
    close: () => settle({ type: 'failed', message: 'The export was stopped.' }),
  };
}
