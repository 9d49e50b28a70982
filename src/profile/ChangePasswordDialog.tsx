import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { useSuccessNotify } from '../common/useSuccessNotify';
import { useTimedMessage } from '../common/useTimedMessage';

/** Change password's check before the call (all three filled, new and confirm equal); null when the three values may be sent. */
export function checkPasswordChange(opass: string, npass: string, cpass: string): 'td.password.fillAll' | 'td.password.mismatch' | null {
  if (!opass || !npass || !cpass) return 'td.password.fillAll';
  if (npass !== cpass) return 'td.password.mismatch';
  return null;
}

/** POST auth/chnagepassword {userId, opass, npass, cpass} (the path's typo is the API's). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const { identity } = useGetIdentity();
  const [values, setValues] = useState({ opass: '', npass: '', cpass: '' });
  // Errors in the dialog, beside the fields; the success in the notification (2 s, like every user message).
  const { message, show, clear } = useTimedMessage(2000);
  const success = useSuccessNotify(2000);
  const change = useMutation({
    mutationFn: (v: typeof values) => dataProvider.changePassword({ userId: identity?.id ?? '', ...v }),
    onSuccess: () => {
      clear();
      success(translate('td.password.success'));
      setValues({ opass: '', npass: '', cpass: '' });
    },
    onError: (err) => show(err instanceof Error && err.message ? err.message : translate('td.password.failed'), 'error'),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkPasswordChange(values.opass, values.npass, values.cpass);
    if (problem) return show(translate(problem), 'error');
    change.mutate(values);
  };

  const field = (name: keyof typeof values, label: string) => (
    <TextField
      type="password"
      name={name}
      label={translate(label)}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      fullWidth
      margin="dense"
    />
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{translate('td.password.title')}</DialogTitle>
        <DialogContent>
          {field('opass', 'td.password.old')}
          {field('npass', 'td.password.new')}
          {field('cpass', 'td.password.confirm')}
          {message && (
            <Alert severity={message.severity} sx={{ mt: 1 }}>
              {message.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('td.form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            {translate('td.password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
