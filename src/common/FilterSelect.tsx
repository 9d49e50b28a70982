import type { ChangeEvent } from 'react';
import TextField from '@mui/material/TextField';
import { FILTER_MIN_WIDTH } from './ScreenFrame';

export interface FilterOption {
  value: string;
  label: string;
}

/** A screen's filter: a small native select (keyboard-friendly, one change is one new query). */
export function FilterSelect({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: readonly FilterOption[]; onChange: (value: string) => void }) {
  return (
    <TextField
      select
      id={id}
      label={label}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      size="small"
      sx={{ minWidth: FILTER_MIN_WIDTH }}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
