import { useMutation } from '@tanstack/react-query';
import { Button, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import DownloadIcon from '@mui/icons-material/Download';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from './errorMessage';
import { exportSheet, writeSheet } from './exportRows';
import { scopeMeta, type TierScope } from './scope';

/** Export to Excel: the whole filtered list (every page), not only the visible one. */
export function ExportTierButton({ scope }: { scope: TierScope }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TierDataProvider>();
  const { filterValues, sort } = useListContext();
  const run = useMutation({
    mutationFn: async () => {
      const rows = await dataProvider.getAll(scope.tier.role, { filter: filterValues, sort, parent: scopeMeta(scope)?.parent });
      const sheet = exportSheet(scope.tier, rows, (k) => translate(k), !!scope.parent);
      if (sheet) await writeSheet(sheet);
    },
    onError: (err) => notify(errorMessage(err, translate('td.messages.somethingWrong')), { type: 'error', autoHideDuration: 1500 }),
  });
  if (!scope.tier.export) return null;
  return <Button label={translate('td.list.export')} onClick={() => run.mutate()} disabled={run.isPending} startIcon={<DownloadIcon />} />;
}
