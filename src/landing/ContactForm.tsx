import { useState, type FormEvent } from 'react';
import { QueryClient, useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { ENQUIRY_TYPES, type ContactValues } from '../dataProvider/methods/complaints';
import { usePublicMethods } from '../dataProvider/usePublicMethods';
import { translate as t } from '../i18n/translate';
import { serverMessage } from '../operations/outcome';

const EMPTY: ContactValues = { enquiryType: 'General', fullName: '', email: '', mobile: '', complaintDetails: '' };

/**
 * The public pages (login, landing) live outside react-admin and its query client: the form has
 * its own, made when the form's chunk loads.
 */
const publicClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });

/** Contact Us: enquiry type, full name, email, mobile and details. */
export function ContactForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const { sendComplaint } = usePublicMethods();
  const send = useMutation(
    {
      mutationFn: (v: ContactValues) => sendComplaint(v),
      onSuccess: () => setValues(EMPTY),
    },
    publicClient,
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!send.isPending) send.mutate({ ...values });
  };

  const field = (name: Exclude<keyof ContactValues, 'enquiryType'>, label: string, extra: { type?: string; multiline?: boolean; autoComplete?: string } = {}) => (
    <TextField
      name={name}
      id={`contact-${name}`}
      label={t(label)}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      type={extra.type ?? 'text'}
      autoComplete={extra.autoComplete}
      multiline={extra.multiline}
      minRows={extra.multiline ? 3 : undefined}
      required
      fullWidth
      margin="dense"
    />
  );

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label={t('td.complaints.form.title')}>
      <TextField
        select
        id="contact-enquiryType"
        name="enquiryType"
        label={t('td.complaints.form.enquiryType')}
        value={values.enquiryType}
        onChange={(e) => setValues((v) => ({ ...v, enquiryType: e.target.value as ContactValues['enquiryType'] }))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        autoFocus={autoFocus}
        fullWidth
        margin="dense"
      >
        {ENQUIRY_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`td.complaints.form.types.${type}`)}
          </option>
        ))}
      </TextField>
      {field('fullName', 'td.complaints.form.fullName', { autoComplete: 'name' })}
      {field('email', 'td.complaints.form.email', { type: 'email', autoComplete: 'email' })}
      {field('mobile', 'td.complaints.form.mobile', { type: 'tel', autoComplete: 'tel' })}
      {field('complaintDetails', 'td.complaints.form.details', { multiline: true })}
      {send.isError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {serverMessage(send.error) ?? t('td.messages.somethingWrong')}
        </Alert>
      )}
      {send.isSuccess && (
        <Alert severity="success" sx={{ my: 1 }}>
          {send.data || t('td.complaints.form.sent')}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={send.isPending} sx={{ mt: 1 }}>
        {t(send.isPending ? 'td.complaints.form.sending' : 'td.complaints.form.submit')}
      </Button>
    </Box>
  );
}
