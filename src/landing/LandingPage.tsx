import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatPoints } from '../i18n/format';
import { translate as t } from '../i18n/translate';
import { logoutRequest } from '../auth/login';
import { LOGIN_PATH } from '../auth/routeGuard';
import { LANDING_GAMES, RECENT_WINNERS } from './landingData';
import { ContactForm } from './ContactForm';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' } as const;

/** The static marketing page a player sees at `/`. */
export default function LandingPage() {
  const navigate = useNavigate();
  const logout = async () => {
    await logoutRequest();
    navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {t('td.landing.title')}
          </Typography>
          <Typography color="text.secondary">{t('td.landing.subtitle')}</Typography>
        </Box>
        <Button onClick={logout}>{t('td.landing.logout')}</Button>
      </Box>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('td.landing.games')}
      </Typography>
      <Box sx={grid}>
        {LANDING_GAMES.map((g) => (
          <Card key={g.name} sx={{ bgcolor: g.color, color: '#fff' }}>
            <CardContent>
              <Typography variant="h6">{g.name}</Typography>
              <Button variant="contained" color="inherit" sx={{ mt: 2, color: g.color }}>
                {t('td.landing.play')}
              </Button>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="h5" component="h2" sx={{ mt: 4 }} gutterBottom>
        {t('td.landing.winners')}
      </Typography>
      <Box sx={grid}>
        {RECENT_WINNERS.map((w) => (
          <Card key={w.name} variant="outlined">
            <CardContent>
              <Typography variant="subtitle1">{w.name}</Typography>
              <Typography color="text.secondary">{w.game}</Typography>
              <Typography variant="h6">{formatPoints(w.amount)}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="h5" component="h2" sx={{ mt: 4 }} gutterBottom id="contact">
        {t('td.landing.contact')}
      </Typography>
      <Card variant="outlined" sx={{ maxWidth: 560 }}>
        <CardContent>
          <ContactForm />
        </CardContent>
      </Card>
    </Box>
  );
}
