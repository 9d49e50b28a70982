import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Title, useTranslate } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { FormFooter } from './FormFooter';
import { Overlay } from './Overlay';
import { useTimedMessage, type TimedMessage } from './useTimedMessage';

/** How long "Nothing to save" stays, as the forms' other messages. */
const NOTHING_MS = 3000;

/** Reports the form's dirtiness to the card (react-hook-form's state lives inside <Form>). */
function DirtyWatch({ onChange }: { onChange: (dirty: boolean) => void }) {
  const { isDirty } = useFormState();
  useEffect(() => onChange(isDirty), [isDirty, onChange]);
  return null;
}

/** One field's place in a form's two-column grid; a wide one takes the whole row. */
export function FormCell({ wide, children }: { wide?: boolean; children: ReactNode }) {
  return <Box sx={wide ? { gridColumn: '1 / -1' } : undefined}>{children}</Box>;
}

/**
 * The frame of every create and edit form: the card and its heading (and the top bar's title unless
 * the page owns it), the fields in two columns, the message and Submit/Cancel, the overlay while saving.
 * Validated on blur, then on every change.
 */
export function FormCard(props: {
  title: string;
  /** The page owns the top bar's title (the Profile page). */
  embedded?: boolean;
  initial: FieldValues;
  onSubmit: (values: FieldValues) => void;
  validate: (values: FieldValues) => Record<string, string>;
  message: TimedMessage | null;
  running: boolean;
  /**
   * An edit form: Submit with no field changed saves nothing and says so, instead of a request that
   * changes nothing and a "saved" that means nothing.
   */
  edit?: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const dirty = useRef(false);
  const nothing = useTimedMessage(NOTHING_MS);
  const { clear } = nothing;
  const onDirty = useRef((d: boolean) => {
    dirty.current = d;
    if (d) clear();
  }).current;
  const submit = (values: FieldValues) => {
    if (props.edit && !dirty.current) return nothing.show(translate('td.form.nothingToSave'), 'info');
    props.onSubmit(values);
  };
  return (
    <Card sx={{ mt: 2 }}>
      {!props.embedded && <Title title={props.title} />}
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {props.title}
        </Typography>
        <Form
          defaultValues={props.initial}
          record={props.initial}
          onSubmit={submit}
          validate={props.validate}
          mode="onBlur"
          reValidateMode="onChange"
          noValidate
        >
          <Box sx={{ display: 'grid', columnGap: 2, rowGap: 0, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>{props.children}</Box>
          <DirtyWatch onChange={onDirty} />
          <FormFooter message={props.message ?? nothing.message} running={props.running} />
        </Form>
      </CardContent>
      <Overlay open={props.running} />
    </Card>
  );
}
