import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TimedMessage } from './useTimedMessage';

/** The end of every form: its message in colour, Submit ('Submitting...' while running) and Cancel (back one step). */
export function FormFooter({ message, running }: { message: TimedMessage | null; running: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <>
      {message && (
        <Alert severity={message.severity} sx={{ my: 1 }}>
          {message.text}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={running}>
          {translate(running ? 'td.form.submitting' : 'td.form.submit')}
        </Button>
        <Button variant="outlined" onClick={() => navigate(-1)}>
          {translate('td.form.cancel')}
        </Button>
      </Box>
    </>
  );
}
