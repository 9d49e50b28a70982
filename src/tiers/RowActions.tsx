import { useState } from 'react';
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

/** Toast options of the spec: top-centre, 1.5 s (the position is the Notification's). */
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
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const paths = scopePaths(basename, scope);
  const { tier } = scope;
  const meta = scopeMeta(scope);

  const run = async (kind: ConfirmKind) => {
    setBusy(true);
    try {
      let message: string | undefined;
      if (kind === 'activate' || kind === 'deactivate') {
        const res = await dataProvider.toggleStatus(tier.role, { id: record.id, action: kind, parent: meta?.parent });
        message = res.message ?? translate('td.messages.statusChanged', { id: record.username, action: `${kind}d` });
      } else if (kind === 'delete') {
        await dataProvider.delete(tier.role, { id: record.id, previousData: record, meta });
        message = translate(tierLabelKey(tier, 'deleteSuccess'), { _: tier.messages.deleteSuccess });
      } else {
        const res = await dataProvider.logoutPlayer({ id: record.id });
        message = res.message ?? translate('td.messages.logoutSuccess');
      }
      notify(message, { type: 'success', ...TOAST });
    } catch (err) {
      const fallback =
        kind === 'delete'
          ? translate(tierLabelKey(tier, 'deleteFailed'), { _: tier.messages.deleteFailed })
          : kind === 'logout'
            ? translate('td.messages.logoutFailed')
            : translate('td.messages.statusFailed');
      notify(errorMessage(err, fallback), { type: 'error', ...TOAST });
    } finally {
      setBusy(false);
      setPending(null);
      refresh();
    }
  };

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
        username={record.username}
        loading={busy}
        onConfirm={() => pending && run(pending)}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
