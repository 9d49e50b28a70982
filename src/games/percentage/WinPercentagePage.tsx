import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { PageSpinner } from '../../common/PageSpinner';
import { ScreenFrame } from '../../common/ScreenFrame';
import { useSuccessNotify } from '../../common/useSuccessNotify';
import { useTimedMessage } from '../../common/useTimedMessage';
import { errorMessage } from '../../tiers/errorMessage';
import { PERCENTAGE_MESSAGE_MS, pendingUpdates, usePercentageList, useSetPercentages } from './usePercentages';
import { serverText } from '../../i18n/serverText';

/**
 * Win Percentage: one input per (admin, game) pool; Set Percentage sends the
 * changed rows only and stays disabled while none has changed.
 */
export function WinPercentagePage() {
  const translate = useTranslate();
  const list = usePercentageList();
  const save = useSetPercentages();
  // A refusal stays under the table; the success is said in the notification (800 ms both).
  const { message, show, clear } = useTimedMessage(PERCENTAGE_MESSAGE_MS);
  const success = useSuccessNotify(PERCENTAGE_MESSAGE_MS);
  // The inputs' text by row id, for the rows the user typed in; the others show the stored value.
  const [edits, setEdits] = useState<Record<string, string>>({});
  const rows = list.data?.adminGameList ?? [];
  const updates = pendingUpdates(rows, edits);
  const title = translate('td.winPercentage.title');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (updates.length === 0 || save.isPending) return;
    save.mutate(updates, {
      onSuccess: (r) => {
        setEdits({});
        clear();
        success(serverText(r.message, translate('td.winPercentage.success')));
      },
      onError: (err) => show(errorMessage(err, translate('td.winPercentage.error')), 'error'),
    });
  };

  if (list.isPending) return <PageSpinner />;
  return (
    <ScreenFrame title={title}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        {list.isError ? (
          <Alert severity="error">{errorMessage(list.error, translate('td.winPercentage.error'))}</Alert>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('td.winPercentage.no')}</TableCell>
                  <TableCell>{translate('td.winPercentage.id')}</TableCell>
                  <TableCell>{translate('td.winPercentage.game')}</TableCell>
                  <TableCell>{translate('td.winPercentage.percentage')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={4} align="center">
                      {translate('td.winPercentage.empty')}
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((row, i) => (
                    <TableRow key={row.id}>
                      <TableCell>{i + 1}</TableCell>
                      <TableCell>{row.username}</TableCell>
                      <TableCell>{row.gameName}</TableCell>
                      <TableCell>
                        <TextField
                          type="number"
                          size="small"
                          value={edits[row.id] ?? String(row.winpercentage)}
                          onChange={(e) => setEdits((prev) => ({ ...prev, [row.id]: e.target.value }))}
                          slotProps={{
                            htmlInput: {
                              min: 1,
                              step: 'any',
                              'aria-label': translate('td.winPercentage.inputLabel', { username: row.username, game: row.gameName }),
                            },
                          }}
                          sx={{ width: 120 }}
                        />
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {message && (
          <Alert severity={message.severity} sx={{ my: 1 }}>
            {message.text}
          </Alert>
        )}
        <Box sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={updates.length === 0 || save.isPending}>
            {translate('td.winPercentage.submit')}
          </Button>
        </Box>
      </Box>
    </ScreenFrame>
  );
}
