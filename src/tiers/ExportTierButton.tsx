import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadIcon from '@mui/icons-material/Download';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { saveBlob } from '../common/download';
import { errorMessage } from './errorMessage';
import { startWorkbookBuild } from './exportInWorker';
import { exportSheet } from './exportRows';
import { scopeMeta, type TierScope } from './scope';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Export to Excel: the whole filtered list (every page), not only the visible one. The pages are
 * read in parallel and each is turned into its sheet rows here (a few milliseconds a page); the
 * workbook is written in a worker, so a list of 100,000 accounts never blocks the page.
 */
export function ExportTierButton({ scope }: { scope: TierScope }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TierDataProvider>();
  const { filterValues, sort } = useListContext();
  /** Share of the pages read, 0–100, while an export runs. */
  const [progress, setProgress] = useState(0);
  const run = useMutation({
    mutationFn: async () => {
      const t = (k: string) => translate(k);
      const asChildren = !!scope.parent;
      const shape = exportSheet(scope.tier, [], t, asChildren);
      if (!shape) return;
      setProgress(0);
      const build = startWorkbookBuild();
      try {
        const { rows: _empty, ...sheet } = shape;
        build.send({ type: 'start', sheet });
        let read = 0;
        const sent: Promise<void>[] = [];
        await dataProvider.getAllPages(scope.tier.role, { filter: filterValues, sort, parent: scopeMeta(scope)?.parent }, (records, index, pages) => {
          // A page's rows are made in a task of their own, not in the one that parsed its answer:
          // the page stays responsive with four answers arriving at once on a busy machine.
          sent.push(
            nextTask().then(() => {
              build.send({ type: 'page', index, rows: exportSheet(scope.tier, records, t, asChildren)?.rows ?? [] });
              setProgress(Math.round((++read / pages) * 100));
            }),
          );
        });
        await Promise.all(sent);
        build.send({ type: 'end' });
        const { file, bytes } = await build.result;
        saveBlob(new Blob([bytes], { type: XLSX_TYPE }), file);
      } finally {
        build.close();
      }
    },
    onError: (err) => notify(errorMessage(err, translate('td.messages.somethingWrong')), { type: 'error', autoHideDuration: 1500 }),
  });
  if (!scope.tier.export) return null;
  const icon = run.isPending ? <CircularProgress size={16} variant={progress > 0 ? 'determinate' : 'indeterminate'} value={progress} aria-label={`${progress}%`} /> : <DownloadIcon />;
  return <Button label={translate('td.list.export')} onClick={() => run.mutate()} disabled={run.isPending} aria-busy={run.isPending} startIcon={icon} />;
}
