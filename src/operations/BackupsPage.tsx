import { useState } from 'react';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLogout, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import BackupIcon from '@mui/icons-material/Backup';
import { saveBlob } from '../common/download';
import { PageSpinner } from '../common/PageSpinner';
import { ScreenFrame } from '../common/ScreenFrame';
import { StepUpCancelled, useStepUp } from '../common/StepUp';
import type { TimedMessage } from '../common/useTimedMessage';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { ApiError } from '../dataProvider/errors';
import { formatDateTime } from '../tiers/cellValue';
import { formatBytes, useBackups } from './backupsQueries';
import { mutationKeys, queryKeys } from '../dataProvider/queryKeys';
import { failureText, serverMessage } from './outcome';

/**
 * `/{role}/backups` (admin only): take a backup, and per folder Import Backup (a
 * browser confirmation, then the password step-up), Local Download and Cloud Transfer (a
 * confirmation: it goes to shared hosting). While one of these runs for a folder, that folder's
 * buttons are disabled.
 */
export function BackupsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const client = useQueryClient();
  const logout = useLogout();
  const { ensure, dialog } = useStepUp();
  const [outcome, setOutcome] = useState<TimedMessage | null>(null);
  // A restore ends every session on the server, this one too: nothing more can be asked with it.
  const [sessionEnded, setSessionEnded] = useState(false);
  const list = useBackups({ enabled: !sessionEnded });
  const busyFolders = useMutationState({ filters: { mutationKey: mutationKeys.backupFolderCall(), status: 'pending' }, select: (m) => m.state.variables as string });
  const say = (text: string, severity: TimedMessage['severity']) => setOutcome({ text, severity });
  // Whole-database backups belong to the installation's owner: for another admin the server says how
  // the operator enables them (BACKUP_ADMINS), and that message is the screen.
  const notOwner = list.error instanceof ApiError && list.error.status === 403;

  const backup = useMutation({
    mutationFn: () => dataProvider.takeBackup(),
    onMutate: () => setOutcome(null),
    onSuccess: () => {
      say(translate('td.backups.completed'), 'success');
      return client.invalidateQueries({ queryKey: queryKeys.backupList() });
    },
    onError: (err) => say(failureText(err, translate('td.backups.backupFailed'), translate('td.backups.backupRequestFailed')), 'error'),
  });

  const restore = useMutation({
    mutationKey: mutationKeys.backupFolderCall(),
    mutationFn: async (folder: string) => {
      await ensure();
      await dataProvider.restoreBackup(folder);
    },
    onSuccess: (_r, folder) => {
      say(translate('td.backups.restored', { folder }), 'success');
      setSessionEnded(true);
    },
    onError: (err) => {
      if (err instanceof StepUpCancelled) return;
      say(failureText(err, translate('td.backups.restoreFailed'), translate('td.backups.restoreRequestFailed')), 'error');
    },
  });

  const download = useMutation({
    mutationKey: mutationKeys.backupFolderCall(),
    mutationFn: async (folder: string) => {
      const { blob, filename } = await dataProvider.downloadBackup(folder);
      saveBlob(blob, filename ?? `${folder}.tar.gz`);
    },
    onError: (err) => say(failureText(err, translate('td.backups.downloadFailed')), 'error'),
  });

  const transfer = useMutation({
    mutationKey: mutationKeys.backupFolderCall(),
    mutationFn: (folder: string) => dataProvider.transferBackup(folder),
    // Said in the operator's language from the reply's folder, not the server's English sentence.
    onSuccess: (json) => say(typeof json.folder === 'string' ? translate('td.backups.transferredFolder', { folder: json.folder }) : translate('td.backups.transferred'), 'success'),
    onError: (err) => say(failureText(err, translate('td.backups.transferFailed'), translate('td.backups.transferRequestFailed')), 'error'),
  });

  const onRestore = (folder: string) => {
    if (!window.confirm(translate('td.backups.confirmRestore', { folder }))) return;
    setOutcome(null);
    restore.mutate(folder);
  };
  const onTransfer = (folder: string) => {
    if (!window.confirm(translate('td.backups.confirmTransfer', { folder }))) return;
    setOutcome(null);
    transfer.mutate(folder);
  };

  const title = translate('td.backups.title');
  const na = translate('td.app.na');
  const folders = list.data ?? [];
  return (
    <ScreenFrame
      title={title}
      actions={
        <Button variant="contained" startIcon={<BackupIcon />} disabled={backup.isPending || sessionEnded || notOwner} onClick={() => backup.mutate()}>
          {translate(backup.isPending ? 'td.backups.backingUp' : 'td.backups.backup')}
        </Button>
      }
    >
      {dialog}
      {outcome && (
        <Alert severity={outcome.severity} sx={{ mb: 2 }}>
          {outcome.text}
        </Alert>
      )}
      {sessionEnded && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => logout()}>
              {translate('td.backups.loginAgain')}
            </Button>
          }
        >
          {translate('td.backups.sessionEnded')}
        </Alert>
      )}
      {notOwner && <Alert severity="warning">{serverMessage(list.error) ?? translate('td.backups.loadFailed')}</Alert>}
      {list.isError && !notOwner && <Alert severity="error">{failureText(list.error, translate('td.backups.loadFailed'), translate('td.backups.fetchError'))}</Alert>}
      {list.isPending && !list.isError && !sessionEnded && <PageSpinner />}
      {list.data && (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('td.backups.folder')}</TableCell>
                <TableCell>{translate('td.backups.time')}</TableCell>
                <TableCell align="right">{translate('td.backups.size')}</TableCell>
                <TableCell align="right">{translate('td.backups.rows')}</TableCell>
                <TableCell>{translate('td.backups.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {folders.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} align="center">
                    {translate('td.backups.empty')}
                  </TableCell>
                </TableRow>
              )}
              {folders.map((b) => {
                const busy = busyFolders.includes(b.folder) || sessionEnded;
                return (
                  <TableRow key={b.folder}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{b.folder}</TableCell>
                    <TableCell>{formatDateTime(b.createdAt) ?? na}</TableCell>
                    <TableCell align="right">{formatBytes(b.size)}</TableCell>
                    <TableCell align="right">{b.rows}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                        <Button size="small" variant="outlined" color="warning" disabled={busy} onClick={() => onRestore(b.folder)}>
                          {translate('td.backups.import')}
                        </Button>
                        <Button size="small" variant="outlined" disabled={busy} onClick={() => download.mutate(b.folder)}>
                          {translate('td.backups.download')}
                        </Button>
                        <Button size="small" variant="outlined" disabled={busy} onClick={() => onTransfer(b.folder)}>
                          {translate('td.backups.transfer')}
                        </Button>
                      </Box>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </ScreenFrame>
  );
}
