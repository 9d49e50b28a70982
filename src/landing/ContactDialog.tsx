import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { translate as t } from '../i18n/translate';
import { ContactForm } from './ContactForm';

/** The public Contact Us form in a dialog: what the login page opens (loaded on demand, out of the login bundle). */
export default function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="contact-title">
      <DialogTitle id="contact-title">{t('td.complaints.form.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('td.complaints.form.intro')}</DialogContentText>
        <ContactForm autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('td.complaints.form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
