import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

/**
 * A date input whose empty-state hint is in the reader's language. Chromium draws a native date
 * input's hint (mm/dd/yyyy) in the browser's language whatever the page's or the input's `lang`
 * (checked in Chromium 13x): while the field is empty and not focused that hint is hidden and the
 * catalogue's is drawn in its place. Focused, the browser's own segments are back to type into.
 */
export function DateField({ value, sx, slotProps, ...props }: Omit<TextFieldProps, 'type' | 'value'> & { value: string }) {
  const translate = useTranslate();
  const hint = value
    ? {}
    : {
        '& .MuiInputBase-root:not(.Mui-focused)': {
          '& input::-webkit-datetime-edit': { color: 'transparent' },
          '&::after': { content: JSON.stringify(translate('td.app.dateHint')), position: 'absolute', left: 14, top: '50%', transform: 'translateY(-50%)', color: 'text.secondary', pointerEvents: 'none' },
        },
      };
  return <TextField {...props} type="date" value={value} sx={[hint, ...(Array.isArray(sx) ? sx : [sx])]} slotProps={{ ...slotProps, inputLabel: { shrink: true } }} />;
}
