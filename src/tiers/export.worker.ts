import { exportJob, type ExportJobMessage } from './exportJob';

// Builds the workbook off the page's thread: writing 100,000 rows takes seconds of CPU.
const handle = exportJob();
self.onmessage = (e: MessageEvent<ExportJobMessage>) => {
  const reply = handle(e.data);
  if (reply) self.postMessage(reply, { transfer: reply.type === 'done' ? [reply.bytes] : [] });
};
