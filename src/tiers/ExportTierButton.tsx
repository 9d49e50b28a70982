import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadIcon from '@mui/icons-material/Download';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { saveBlob } from '../common/download';
import { errorMessage } from './errorMessage';
import { startWorkbookBuild } from './exportInWorker';
import { EXPORT_TEXT_KEYS, exportShape, XLSX_TYPE } from './exportRows';
import { scopeMeta, type TierScope } from './scope';

/** A chunk's own bytes, to hand to the worker (a chunk may be a view into a larger buffer). */
const ownBuffer = (chunk: Uint8Array): ArrayBuffer =>
  chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength && chunk.buffer instanceof ArrayBuffer ? chunk.buffer : chunk.slice().buffer;

/**
 * Export to Excel: the whole filtered list (every row, not only the visible page), read from the
 * tier's export route as it streams. The page only hands the answer's bytes to a worker, which turns
 * each line into its sheet row and writes the workbook as they come, so a list of 100,000 accounts
 * never blocks the page; the file is ready moments after the last byte.
 */
export function ExportTierButton({ scope }: { scope: TierScope }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TierDataProvider>();
  const { filterValues, sort } = useListContext();
  /** Share of the rows written, 0–100, while an export runs. */
  const [progress, setProgress] = useState(0);
  const run = useMutation({
    mutationFn: async () => {
      const sheet = exportShape(scope.tier, !!scope.parent);
      if (!sheet) return;
      setProgress(0);
      let total: number | null = null;
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
      const build = startWorkbookBuild((rows) => {
        if (total) setProgress(Math.min(100, Math.round((rows / total) * 100)));
      });
      try {
        const texts = Object.fromEntries(EXPORT_TEXT_KEYS.map((k) => [k, translate(k)]));
        build.send({ type: 'start', sheet, texts });
        const answer = await dataProvider.openExport(scope.tier.role, { filter: filterValues, sort, parent: scopeMeta(scope)?.parent });
        total = answer.total;
        reader = answer.body.getReader();
        for (let r = await reader.read(); !r.done; r = await reader.read()) build.send({ type: 'chunk', bytes: ownBuffer(r.value) });
        build.send({ type: 'end' });
        const { file, bytes } = await build.result;
        saveBlob(new Blob([bytes], { type: XLSX_TYPE }), file);
      } finally {
        // A build that failed stops the download too (a no-op once it has been read to the end).
        reader?.cancel().catch(() => undefined);
        build.close();
      }
    },
    onError: (err) => notify(errorMessage(err, translate('td.messages.somethingWrong')), { type: 'error', autoHideDuration: 1500 }),
  });
  if (!scope.tier.export) return null;
  const icon = run.isPending ? <CircularProgress size={16} variant={progress > 0 ? 'determinate' : 'indeterminate'} value={progress} aria-label={`${progress}%`} /> : <DownloadIcon />;
  return <Button label={translate('td.list.export')} onClick={() => run.mutate()} disabled={run.isPending} aria-busy={run.isPending} startIcon={icon} />;
}
