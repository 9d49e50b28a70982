import { useTranslate, useUpdate, type RaRecord } from 'react-admin';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TableCell from '@mui/material/TableCell';
import type { RecordColumn, RecordDef } from '../../resources.config';
import { serverMessage } from '../operations/outcome';
import { cellText, choiceText, recordLabel } from './recordText';

/** The status select of one row: its value drawn in the value's colour; a change is the record's update at once. */
function StatusSelect({ def, column, record, onError }: { def: RecordDef; column: RecordColumn; record: RaRecord; onError: (text: string) => void }) {
  const translate = useTranslate();
  const [update] = useUpdate();
  const values = column.choices?.values ?? [];
  const colors = column.choices?.colors ?? {};
  const label = (v: string) => choiceText(translate, def, column, v);
  const current = String(record[column.source] ?? '');
  const named = def.statusSelect;
  // Optimistic: the row shows the new value at once and goes back to the old one if the server
  // refuses; the list is read again either way.
  const change = (next: string) =>
    void update(
      def.page,
      { id: record.id, data: { [column.source]: next }, previousData: record },
      { mutationMode: 'optimistic', onError: (err) => onError(serverMessage(err) ?? recordLabel(translate, def, 'error', def.labels.error)) },
    );
  return (
    <Select
      size="small"
      variant="standard"
      disableUnderline
      value={current}
      onChange={(e) => {
        if (e.target.value !== current) change(e.target.value);
      }}
      inputProps={named ? { 'aria-label': recordLabel(translate, def, named.header, named.label, { name: record[named.nameField] }) } : undefined}
      renderValue={(v) => <Chip size="small" color={colors[v] ?? 'default'} label={label(v)} data-status={v} />}
    >
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          <Chip size="small" color={colors[v] ?? 'default'} label={label(v)} />
        </MenuItem>
      ))}
    </Select>
  );
}

const CELL_SX = {
  longText: { whiteSpace: 'pre-wrap', maxWidth: 360 },
  url: { wordBreak: 'break-all' },
} as const;

/** One cell of a record list, drawn as its column's type says. */
export function RecordCell({ def, column, record, number, onError }: { def: RecordDef; column: RecordColumn; record: RaRecord; number: number; onError: (text: string) => void }) {
  const translate = useTranslate();
  if (column.type === 'index') return <TableCell>{number}</TableCell>;
  if (column.type === 'statusSelect')
    return (
      <TableCell>
        <StatusSelect def={def} column={column} record={record} onError={onError} />
      </TableCell>
    );
  const sx = column.type === 'longText' || column.type === 'url' ? CELL_SX[column.type] : undefined;
  return <TableCell sx={sx}>{cellText(def, column, record, translate) ?? translate('td.app.na')}</TableCell>;
}
