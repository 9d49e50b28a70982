import { exportJob, type ExportJobMessage } from './exportJob';

// Builds the workbook off the page's thread: reading 100,000 rows and writing their sheet takes seconds of CPU.
const handle = exportJob((reply) => self.postMessage(reply, { transfer: reply.type === 'done' ? [reply.bytes] : [] }));
self.onmessage = (e: MessageEvent<ExportJobMessage>) => handle(e.data);
