import type { ExportJobMessage, ExportJobReply } from './exportJob';

/** One workbook being built: the page sends it the sheet's messages and waits for the file's bytes. */
export interface WorkbookBuild {
  send(m: ExportJobMessage): void;
  result: Promise<{ file: string; bytes: ArrayBuffer }>;
  /** Stops the build (the export failed or the page left): the worker is ended. */
  close(): void;
}

const outcome = (reply: ExportJobReply): { file: string; bytes: ArrayBuffer } => {
  if (reply.type === 'failed') throw new Error(reply.message);
  return { file: reply.file, bytes: reply.bytes };
};

/**
 * Starts a workbook build in a module Web Worker, so the page stays responsive while 100,000 rows are
 * written. Where the browser has no Worker at all, the same builder runs on the page (loaded lazily,
 * as SheetJS is never part of the first load).
 */
export function startWorkbookBuild(): WorkbookBuild {
  if (typeof Worker === 'undefined') return onThePage();
  const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' });
  let settle: (r: ExportJobReply) => void = () => undefined;
  const reply = new Promise<ExportJobReply>((resolve) => (settle = resolve));
  worker.onmessage = (e: MessageEvent<ExportJobReply>) => settle(e.data);
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
    send: (m) => worker.postMessage(m),
    result,
    close: () => {
      worker.terminate();
      settle({ type: 'failed', message: 'The export was stopped.' });
    },
  };
}

function onThePage(): WorkbookBuild {
  const job = import('./exportJob').then((m) => m.exportJob());
  let settle: (r: ExportJobReply) => void = () => undefined;
  const reply = new Promise<ExportJobReply>((resolve) => (settle = resolve));
  // Messages sent before the builder has loaded wait for it, in order.
  let queue: Promise<void> = Promise.resolve();
  const result = reply.then(outcome);
  result.catch(() => undefined);
  return {
    send: (m) => {
      queue = queue.then(async () => {
        const r = (await job)(m);
        if (r) settle(r);
      });
      queue.catch((e: unknown) => settle({ type: 'failed', message: e instanceof Error ? e.message : String(e) }));
    },
    result,
    close: () => settle({ type: 'failed', message: 'The export was stopped.' }),
  };
}
