import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { translate as t } from '../i18n/translate';

/** The placeholder sign-up form: username, password, Sign Up — and nothing further. */
export function SignupPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const onSubmit = (e: FormEvent) => e.preventDefault();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 380, maxWidth: '94vw' }}>
        <CardContent component="form" onSubmit={onSubmit}>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('td.signup.title')}
          </Typography>
          <TextField label={t('td.signup.username')} name="username" value={username} onChange={(e) => setUsername(e.target.value)} fullWidth margin="dense" />
          <TextField label={t('td.signup.password')} name="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} fullWidth margin="dense" />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }}>
            {t('td.signup.submit')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
