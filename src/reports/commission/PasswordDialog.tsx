import type { FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

/**
 * The commission send's password modal (spec 2.12): the field, its error and Verify. The screen
 * owns the value (a wrong password clears it) and what a successful check does.
 */
export function PasswordDialog({
  open,
  value,
  onChange,
  error,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An empty password would only count as one more failure against the lockout.
    if (value !== '' && !busy) onSubmit();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="commission-password-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="commission-password-title">{translate('td.commission.password.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('td.commission.password.hint')}</DialogContentText>
          <TextField
            id="commission-password"
            type="password"
            label={translate('td.commission.password.label')}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            autoFocus
            fullWidth
            autoComplete="current-password"
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('td.commission.password.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={value === '' || busy}>
            {translate('td.commission.password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
