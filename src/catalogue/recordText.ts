import type { TranslateFunction } from 'react-admin';
import type { LogRow } from '../../domain/api';
import { csvText } from '../../domain/csv';
import type { RecordColumn, RecordDef } from '../../resources.config';
import { activityWords, outcomeText, subjectText } from '../operations/activityText';
import { formatDateTime } from '../tiers/cellValue';

type Row = Record<string, unknown>;

/** A text of the resource's (`td.{texts}.{key}`), its English from the registry when the catalogue has none. */
export const recordLabel = (translate: TranslateFunction, def: RecordDef, key: string, english: string, params: Record<string, unknown> = {}): string =>
  translate(`td.${def.texts}.${key}`, { _: english, ...params });

/** A `choice` or `statusSelect` value in the reader's words (as stored when the catalogue has none). */
export const choiceText = (translate: TranslateFunction, def: RecordDef, column: RecordColumn, value: string): string =>
  translate(`td.${def.texts}.${column.choices?.texts ?? ''}.${value}`, { _: value });

/** An activity's fields as the activity texts read them (absent ones as null). */
const activityOf = (r: Row): Pick<LogRow, 'code' | 'params' | 'subject' | 'outcome'> => ({
  code: (r.code ?? null) as LogRow['code'],
  params: (r.params ?? null) as LogRow['params'],
  subject: String(r.subject ?? ''),
  outcome: (r.outcome ?? null) as LogRow['outcome'],
});

/**
 * A cell's text in the reader's language, as its column's type says; null when the record has no
 * value (the table shows "N/A", the CSV an empty cell). The row number and the select are drawn by
 * the table, not here.
 */
export function cellText(def: RecordDef, column: RecordColumn, record: Row, translate: TranslateFunction): string | null {
  const value = record[column.source];
  switch (column.type) {
    case 'activitySubject':
      return subjectText(activityOf(record), activityWords(translate));
    case 'activityOutcome':
      return outcomeText(activityOf(record), activityWords(translate));
    case 'dateTime':
      return typeof value === 'string' ? formatDateTime(value) : null;
    case 'choice':
    case 'statusSelect':
      return value === null || value === undefined ? null : choiceText(translate, def, column, String(value));
    default:
      return value === null || value === undefined || value === '' ? null : String(value);
  }
}

/** The CSV of a record list's export: its columns' headers and texts in the reader's words. */
export function recordCsv(def: RecordDef, rows: readonly Row[], translate: TranslateFunction): string {
  const columns = def.export?.columns ?? [];
  return csvText(
    columns.map((c) => recordLabel(translate, def, c.header, c.label)),
    rows.map((r) => columns.map((c) => cellText(def, c, r, translate))),
  );
}
