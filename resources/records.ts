/**
 * The registry's record lists: Contact Us messages (complaints) and the activity log. Each is a
 * react-admin resource read a page at a time on the server; its screen (table, filters, status
 * select, "Showing X of Y entries", export) is drawn from its declaration here, as the catalogue's.
 */
import { API_PATHS } from '../domain/apiPaths';
import { COMPLAINT_STATUSES } from '../domain/api';
import type { PageKey } from './pages';

/**
 * How a cell shows its value: `index` the row's number over the pages; `text` as is; `longText`
 * kept on its lines; `url` broken anywhere; `dateTime` in the reader's format; `choice` in the
 * reader's words; `statusSelect` a select in the row that changes the record's value at once;
 * `activitySubject` and `activityOutcome` an activity's words (by code, else as stored).
 */
export type RecordColumnType = 'index' | 'text' | 'longText' | 'url' | 'dateTime' | 'choice' | 'statusSelect' | 'activitySubject' | 'activityOutcome';

/** A chip's colour (MUI's names). */
export type ChoiceColor = 'default' | 'warning' | 'success' | 'error' | 'info';

export interface RecordColumn {
  /** The record's field (`no` for the row number). */
  source: string;
  /** The header's text key under the resource's texts, and its English. */
  header: string;
  label: string;
  type: RecordColumnType;
  /**
   * `choice` and `statusSelect`: where the values' texts are, under the resource's texts (a value
   * without one shows as stored), and the select's values and colours.
   */
  choices?: { texts: string; values?: readonly string[]; colors?: Readonly<Record<string, ChoiceColor>> };
}

/** A filter above the list: a search sent once typing pauses, or one day. */
export interface RecordFilter {
  source: string;
  header: string;
  label: string;
  type: 'search' | 'date';
}

export interface RecordDefOf<P extends string> {
  /** The page key (route segment); the page entry says which roles see it. */
  page: P;
  /** Its list call under /api: `page`, `limit` and the filter's fields, the rows in the server's order. */
  api: string;
  /** The key under `td.` of its texts (title, headers, messages). */
  texts: string;
  labels: { title: string; empty: string; error: string };
  list: {
    columns: readonly RecordColumn[];
    perPage: number;
    filters?: readonly RecordFilter[];
    /** The line "Showing X of Y entries" below the table (its text key and English). */
    showing?: { header: string; label: string };
  };
  /**
   * `statusSelect` columns: the update call `PATCH {api}/{id}/status {status}`, and the text key of
   * the select's name (said with the record's `nameField`).
   */
  statusSelect?: { nameField: string; header: string; label: string };
  /**
   * The whole filtered set, not a page, from `api` with the filter and `query`, written as a CSV in the
   * reader's words (headers by text key, cells as the columns say; a date stays ISO 8601).
   */
  export?: {
    file: string;
    api: string;
    query: Readonly<Record<string, string>>;
    columns: readonly RecordColumn[];
    /** The button's texts by key under the resource's texts: its name, while it runs, and a failure. */
    labels: { export: string; exporting: string; exportFailed: string };
  };
}

const complaint: RecordDefOf<'contactus'> = {
  page: 'contactus',
  api: 'complaint',
  texts: 'complaints',
  labels: { title: 'Contact Us', empty: 'No messages found.', error: 'An error occurred' },
  list: {
    perPage: 10,
    columns: [
      { source: 'no', header: 'no', label: '#', type: 'index' },
      { source: 'enquiryType', header: 'enquiryType', label: 'Enquiry Type', type: 'choice', choices: { texts: 'form.types' } },
      { source: 'fullName', header: 'fullName', label: 'Full Name', type: 'text' },
      { source: 'email', header: 'email', label: 'Email', type: 'text' },
      { source: 'mobile', header: 'mobile', label: 'Mobile', type: 'text' },
      { source: 'complaintDetails', header: 'details', label: 'Complaint Details', type: 'longText' },
      // Warning, success and danger (MUI's `error`).
      {
        source: 'status',
        header: 'status',
        label: 'Status',
        type: 'statusSelect',
        choices: { texts: 'statuses', values: COMPLAINT_STATUSES, colors: { Pending: 'warning', Completed: 'success', Cancelled: 'error' } },
      },
      { source: 'createdAt', header: 'date', label: 'Date', type: 'dateTime' },
    ],
  },
  statusSelect: { nameField: 'fullName', header: 'statusOf', label: 'Status of the message from %{name}' },
};

/** The log's row text, shared by the table and logs.csv. */
const LOG_WHO = { source: 'username', header: 'username', label: 'Username', type: 'text' } as const;
const LOG_SUBJECT = { source: 'subject', header: 'subject', label: 'Subject', type: 'activitySubject' } as const;
const LOG_OUTCOME = { source: 'outcome', header: 'outcome', label: 'Outcome', type: 'activityOutcome' } as const;
const LOG_METHOD = { source: 'method', header: 'method', label: 'Method', type: 'text' } as const;
const LOG_IP = { source: 'ipAddress', header: 'ipAddress', label: 'IP Address', type: 'text' } as const;

const log: RecordDefOf<'logactivities'> = {
  page: 'logactivities',
  api: 'logs',
  texts: 'logs',
  labels: { title: 'Log Activities', empty: 'No records found', error: 'An error occurred' },
  list: {
    perPage: 10,
    columns: [
      { source: 'no', header: 'no', label: 'No', type: 'index' },
      LOG_WHO,
      LOG_SUBJECT,
      LOG_OUTCOME,
      LOG_METHOD,
      { source: 'requestUrl', header: 'requestUrl', label: 'Request URL', type: 'url' },
      LOG_IP,
      { source: 'createdAt', header: 'createdAt', label: 'Date', type: 'dateTime' },
    ],
    filters: [
      { source: 'search', header: 'search', label: 'Search username or subject', type: 'search' },
      { source: 'date', header: 'date', label: 'Date', type: 'date' },
    ],
    showing: { header: 'showing', label: 'Showing %{shown} of %{total} entries' },
  },
  // The server gives every row of the filter, unpaged, by code; the CSV is written in the reader's
  // language (the server's own CSV, in English, is for API users).
  export: {
    file: 'logs.csv',
    api: API_PATHS.logsExport,
    query: { format: 'json' },
    columns: [
      { source: 'createdAt', header: 'createdAt', label: 'Date', type: 'text' },
      LOG_WHO,
      LOG_SUBJECT,
      LOG_OUTCOME,
      LOG_METHOD,
      { source: 'requestUrl', header: 'requestUrl', label: 'Request URL', type: 'text' },
      LOG_IP,
    ],
    labels: { export: 'Export CSV', exporting: 'Exporting...', exportFailed: '❌ Export failed' },
  },
};

export const RECORDS = [complaint, log] as const satisfies readonly RecordDefOf<PageKey>[];
export type RecordDef = RecordDefOf<string>;
