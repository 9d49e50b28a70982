import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { landingPath } from '../../resources.config';
import { translate as t } from '../i18n/translate';
import { useTimedMessage } from '../common/useTimedMessage';
import { loginRequest } from './login';

type Field = 'username' | 'password';

// The public Contact Us form: loaded when asked for, so the login bundle does not carry it.
const ContactDialog = lazy(() => import('../landing/ContactDialog'));

/** Login's blur checks: the password's bound is 3 characters while its message says 6 (the product's wording, kept as it is). */
export function validateLogin(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.username.trim()) errors.username = t('td.login.usernameRequired');
  if (!values.password) errors.password = t('td.login.passwordRequired');
  else if (values.password.length < 3) errors.password = t('td.login.passwordMin');
  return errors;
}

export function LoginPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [remember, setRemember] = useState(false); // shown, no effect (the product's remember-me does nothing)
  const [busy, setBusy] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const { message, show } = useTimedMessage(1000);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const errors = validateLogin(values);
  const visible = (f: Field) => (touched[f] ? errors[f] : undefined);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ username: true, password: true });
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const { role, message: ok } = await loginRequest(values.username.trim(), values.password);
      show(t('td.login.success', { _: ok }), 'success', 1000);
      setValues({ username: '', password: '' });
      setTouched({});
      timer.current = setTimeout(() => navigate(landingPath(role), { replace: true }), 1000);
    } catch (err) {
      const text = err instanceof Error && err.message ? err.message : t('td.login.error');
      show(text || t('td.login.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, type: string) => (
    <TextField
      name={name}
      id={`login-${name}`}
      label={t(`td.login.${name}`)}
      type={type}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      onBlur={() => setTouched((s) => ({ ...s, [name]: true }))}
      error={!!visible(name)}
      helperText={visible(name) ?? ' '}
      autoComplete={name === 'password' ? 'current-password' : 'username'}
      fullWidth
      margin="dense"
    />
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 380, maxWidth: '94vw' }}>
        <CardContent component="form" onSubmit={onSubmit} noValidate>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 600, letterSpacing: 2 }}>
            Tierdesk
          </Typography>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('td.login.title')}
          </Typography>
          {field('username', 'text')}
          {field('password', 'password')}
          <FormControlLabel
            control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
            label={t('td.login.remember')}
          />
          {message && (
            <Alert severity={message.severity} sx={{ my: 1 }}>
              {message.text}
            </Alert>
          )}
          <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 1 }}>
            {t('td.login.submit')}
          </Button>
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to="/auth/signup">
              {t('td.login.signupLink')}
            </Link>
            {' · '}
            <Link component="button" type="button" variant="body2" onClick={() => setContactOpen(true)}>
              {t('td.login.contactLink')}
            </Link>
          </Typography>
        </CardContent>
      </Card>
      {contactOpen && (
        <Suspense fallback={null}>
          <ContactDialog open onClose={() => setContactOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
