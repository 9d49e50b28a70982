import { useRecordContext, useTranslate } from 'react-admin';
import Chip from '@mui/material/Chip';
import type { CatalogueColumn } from '../../domain/catalogue';

/** One cell of a catalogue list, drawn by the column's type. */
export function CatalogueCell({ column }: { column: CatalogueColumn<string> }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const value: unknown = record[column.source];
  if (value === null || value === undefined || value === '') return <>{translate('td.app.na')}</>;
  switch (column.type) {
    case 'status':
      return <Chip size="small" color={value === 'active' ? 'success' : 'default'} label={translate(`td.catalogue.status.${String(value)}`, { _: String(value) })} />;
    case 'seconds':
      return <>{translate('td.catalogue.seconds', { n: String(value) })}</>;
    case 'date':
      return <>{String(value).slice(0, 10)}</>;
    default:
      return <>{String(value)}</>;
  }
}
