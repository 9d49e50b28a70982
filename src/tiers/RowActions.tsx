import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useBasename, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Box from '@mui/material/Box';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import TuneIcon from '@mui/icons-material/Tune';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import DeleteIcon from '@mui/icons-material/Delete';
import LogoutIcon from '@mui/icons-material/Logout';
import type { AccountRow, TierDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from './errorMessage';
import { ConfirmActionDialog, type ConfirmKind } from './ConfirmActionDialog';
import { scopeMeta, scopePaths, type TierScope } from './scope';
import { tierLabelKey } from './registry';
import { serverText } from '../i18n/serverText';

/** Toast options: top-centre, 1.5 s (the position is the Notification's). */
const TOAST = { autoHideDuration: 1500 } as const;

/** A row's actions as the registry lists them; toggle, delete and logout confirm first. */
export function RowActions({ scope }: { scope: TierScope }) {
  const record = useRecordContext<AccountRow>();
  const translate = useTranslate();
  const basename = useBasename();
  const dataProvider = useDataProvider<TierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<ConfirmKind | null>(null);
  const { tier } = scope;
  const meta = scopeMeta(scope);
  const act = useMutation({
    mutationFn: async ({ kind, row }: { kind: ConfirmKind; row: AccountRow }): Promise<string> => {
      if (kind === 'activate' || kind === 'deactivate') {
        const res = await dataProvider.toggleStatus(tier.role, { id: row.id, action: kind, parent: meta?.parent });
        return serverText(res.message, translate('td.messages.statusChanged', { id: row.username, action: `${kind}d` }));
      }
      if (kind === 'delete') {
        await dataProvider.delete(tier.role, { id: row.id, previousData: row, meta });
        return translate(tierLabelKey(tier, 'deleteSuccess'), { _: tier.messages.deleteSuccess });
      }
      const res = await dataProvider.logoutPlayer({ id: row.id });
      return serverText(res.message, translate('td.messages.logoutSuccess'));
    },
    onSuccess: (message) => notify(message, { type: 'success', ...TOAST }),
    onError: (err, { kind }) => {
      const fallback =
        kind === 'delete'
          ? translate(tierLabelKey(tier, 'deleteFailed'), { _: tier.messages.deleteFailed })
          : kind === 'logout'
            ? translate('td.messages.logoutFailed')
            : translate('td.messages.statusFailed');
      notify(errorMessage(err, fallback), { type: 'error', ...TOAST });
    },
    onSettled: () => {
      setPending(null);
      refresh();
    },
  });
  if (!record) return null;
  const paths = scopePaths(basename, scope);

  const link = (key: string, to: string, icon: React.ReactNode) => (
    <Tooltip key={key} title={translate(`td.actions.${key}`)}>
      <IconButton size="small" component={Link} to={to} aria-label={translate(`td.actions.${key}`)} onClick={(e: React.MouseEvent) => e.stopPropagation()}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  const ask = (key: ConfirmKind, icon: React.ReactNode) => (
    <Tooltip key={key} title={translate(`td.actions.${key}`)}>
      <IconButton
        size="small"
        aria-label={translate(`td.actions.${key}`)}
        onClick={(e) => {
          e.stopPropagation();
          setPending(key);
        }}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
      {tier.list.actions.map((a) => {
        switch (a) {
          case 'edit':
            return link('edit', paths.edit(record.id, record.username), <EditIcon fontSize="small" />);
          case 'credittransfer':
            return link('credittransfer', paths.transfer(record.id), <SendIcon fontSize="small" />);
          case 'creditadjust':
            return link('creditadjust', paths.adjust(record.id), <TuneIcon fontSize="small" />);
          case 'toggle':
            // Offered by current state: an active account shows deactivate, an inactive one activate.
            return record.userStatus
              ? ask('deactivate', <ToggleOnIcon fontSize="small" color="success" />)
              : ask('activate', <ToggleOffIcon fontSize="small" />);
          case 'delete':
            return ask('delete', <DeleteIcon fontSize="small" color="error" />);
          case 'logout':
            return ask('logout', <LogoutIcon fontSize="small" />);
        }
      })}
      <ConfirmActionDialog
        kind={pending}
        name={record.username}
        // Deactivating an account suspends its whole network: say so before it happens.
        help={pending === 'deactivate' ? translate('td.confirm.suspendsNetwork', { username: record.username }) : undefined}
        loading={act.isPending}
        onConfirm={() => pending && act.mutate({ kind: pending, row: record })}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
