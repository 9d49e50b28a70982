import { useCallback, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { ApiError } from '../dataProvider/errors';

/** What `ensure()` rejects with when the user closes the password modal: nothing was asked of the server. */
export class StepUpCancelled extends Error {
  constructor() {
    super('The password check was cancelled.');
    this.name = 'StepUpCancelled';
  }
}

/**
 * How long a check counts in this screen: the server accepts a step-up for 5 minutes
 * (server/auth/plugin.ts STEP_UP_MINUTES); asking again a little earlier never meets its 403.
 */
export const STEP_UP_VALID_MS = 5 * 60_000 - 15_000;

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

export interface StepUp {
  /** Resolves once the password is verified in this screen (asking it first if needed); rejects with StepUpCancelled. */
  ensure: () => Promise<void>;
  /** The server said the check expired (403): the next `ensure()` asks again. */
  forget: () => void;
  /** The password modal: render it once in the screen. */
  dialog: ReactElement;
}

/**
 * The password step-up of the guarded calls (restore, clear history, commission send): the first
 * call opens a modal, `POST auth/checkpassword {password}` marks this screen verified, and later
 * calls in the same screen go on without asking.
 *
 *   const { ensure, dialog } = useStepUp();
 *   mutationFn: async (x) => { await ensure(); return dataProvider.someCall(x); }
 *   onError: (err) => { if (err instanceof StepUpCancelled) return; ... }
 *   return <>{dialog}...</>;
 */
export function useStepUp(
  /** Where the modal's texts live (title, text, password, confirm, cancel, invalid, error): a screen may word them its way. */
  texts = 'td.stepUp',
): StepUp {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const t = (key: string) => translate(`${texts}.${key}`);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const verifiedAt = useRef<number | null>(null);
  const waiters = useRef<Waiter[]>([]);

  const settle = (outcome: 'verified' | 'cancelled') => {
    const list = waiters.current;
    waiters.current = [];
    for (const w of list) {
      if (outcome === 'verified') w.resolve();
      else w.reject(new StepUpCancelled());
    }
  };

  const check = useMutation({
    mutationFn: (pw: string) => dataProvider.checkPassword(pw),
    onSuccess: () => {
      verifiedAt.current = Date.now();
      setOpen(false);
      setPassword('');
      settle('verified');
    },
    // A wrong password is a 400: the field is cleared for the next try.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 400) setPassword('');
    },
  });
  const { mutate, reset } = check;

  const ensure = useCallback((): Promise<void> => {
    if (verifiedAt.current !== null && Date.now() - verifiedAt.current < STEP_UP_VALID_MS) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      waiters.current.push({ resolve, reject });
      if (waiters.current.length === 1) {
        reset();
        setPassword('');
        setOpen(true);
      }
    });
  }, [reset]);

  const cancel = () => {
    if (check.isPending) return;
    setOpen(false);
    setPassword('');
    settle('cancelled');
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (password && !check.isPending) mutate(password);
  };

  const error = check.error
    ? t(check.error instanceof ApiError && check.error.status === 400 ? 'invalid' : 'error')
    : null;

  const dialog = (
    <Dialog open={open} onClose={cancel} fullWidth maxWidth="xs" aria-labelledby="step-up-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="step-up-title">{t('title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('text')}</DialogContentText>
          <TextField
            type="password"
            name="password"
            label={t('password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            autoFocus
            fullWidth
            margin="dense"
          />
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} disabled={check.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!password || check.isPending}>
            {t('confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );

  const forget = useCallback(() => {
    verifiedAt.current = null;
  }, []);
  return { ensure, forget, dialog };
}
