import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

export function Footer() {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ py: 2, textAlign: 'center', mt: 'auto' }}>
      <Typography variant="caption" color="text.secondary">
        © {new Date().getFullYear()} {translate('td.app.footer')}
      </Typography>
    </Box>
  );
}
