import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useBasename, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import type { CatalogueDef } from '../../resources.config';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { ConfirmActionDialog } from '../tiers/ConfirmActionDialog';
import { errorMessage } from '../tiers/errorMessage';
import { serverText } from '../i18n/serverText';

type Kind = 'activate' | 'deactivate' | 'delete';

/** Game messages stay 5 s. */
const TOAST = { autoHideDuration: 5000 } as const;

/** A catalogue row's actions as its declaration lists them: edit, and toggle and delete after a confirmation. */
export function CatalogueRowActions({ def }: { def: CatalogueDef }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const basename = useBasename();
  const dataProvider = useDataProvider<TierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<Kind | null>(null);
  const act = useMutation({
    mutationFn: async ({ kind, id }: { kind: Kind; id: string }): Promise<string | undefined> => {
      if (kind === 'delete') {
        await dataProvider.delete(def.page, { id, previousData: record });
        return undefined;
      }
      return (await dataProvider.toggleStatus(def.page, { id, action: kind })).message;
    },
    onSuccess: (message, { kind }) => notify(serverText(message, translate(kind === 'delete' ? 'td.catalogue.deleted' : 'td.catalogue.statusChanged')), { type: 'success', ...TOAST }),
    onError: (err, { kind }) => notify(errorMessage(err, translate(kind === 'delete' ? 'td.catalogue.deleteFailed' : 'td.catalogue.statusFailed')), { type: 'error', ...TOAST }),
    onSettled: () => {
      setPending(null);
      refresh();
    },
  });
  if (!record) return null;
  const name = String(record[def.nameField] ?? record.id);
  const ask = (kind: Kind, icon: React.ReactNode) => (
    <Tooltip title={translate(`td.actions.${kind}`)}>
      <IconButton size="small" aria-label={translate(`td.actions.${kind}`)} onClick={() => setPending(kind)}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box sx={{ display: 'flex' }}>
      {def.list.edit && (
        <Tooltip title={translate('td.actions.edit')}>
          <IconButton size="small" component={Link} to={`${basename}/${def.page}/edit/${record.id}`} aria-label={translate('td.actions.edit')}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {def.list.toggle &&
        (record.status === 'active' ? ask('deactivate', <ToggleOnIcon fontSize="small" color="success" />) : ask('activate', <ToggleOffIcon fontSize="small" />))}
      {def.list.remove && ask('delete', <DeleteIcon fontSize="small" color="error" />)}
      <ConfirmActionDialog
        kind={pending}
        name={name}
        loading={act.isPending}
        onConfirm={() => pending && act.mutate({ kind: pending, id: String(record.id) })}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
