import { isActivityCode, isMessageCode, LEGACY_LOGIN_OUTCOMES, parseSubject, subject, type ActivityOutcome } from '../../domain/activity';
import type { LogRow } from '../../domain/api';
import type { MessageParams } from '../../domain/messages';
import { roleOfTierName } from '../activity/log';
import type { Queryable } from '../db/client';

/** An activity log row as the query returns it: the API's row (domain/api.ts), its time still a Date. */
export type LogRecord = Omit<LogRow, 'createdAt'> & { createdAt: Date };

/** The rows a reader may see and the filters it asked for, already parsed. */
export interface LogFilter {
  /** Rows of the accounts under this path (the reader's subtree, itself included). */
  underPath: string;
  /** Also the rows of no account (the root reads failed logins of unknown names). */
  withoutAccount: boolean;
  accountId?: number | undefined;
  /** Matched against username and subject. */
  search?: string | undefined;
  range?: { start: Date; end: Date } | undefined;
}

const COLUMNS = `l.id::text AS "id", l.id::text AS "_id", l.account_id::text AS "userId", l.username, l.subject, l.request_url AS "requestUrl", l.method, l.ip_address AS "ipAddress", l.created_at AS "createdAt",
  l.code AS "storedCode", l.params AS "storedParams", l.status, l.reason, l.reason_params AS "reasonParams"`;

/** A row as stored: the codes beside the English, NULL on rows from before they were stored. */
type StoredLog = Omit<LogRecord, 'code' | 'params' | 'outcome'> & {
  storedCode: string | null;
  storedParams: MessageParams | null;
  status: number | null;
  reason: string | null;
  reasonParams: MessageParams | null;
};

/**
 * A row as the reader gets it. Rows written before codes were stored, and the credit-transfer
 * function's (which stores the English only, its status by the column's default), are read back
 * from their English subject: no migration rewrites history.
 */
function readRow({ storedCode, storedParams, status, reason, reasonParams, ...row }: StoredLog): LogRecord {
  const legacyLogin = storedCode === null ? LEGACY_LOGIN_OUTCOMES[row.subject] : undefined;
  const code = isActivityCode(storedCode) ? subject(storedCode, storedParams ?? undefined) : legacyLogin ? subject('login') : parseSubject(row.subject, roleOfTierName);
  const outcome: ActivityOutcome | null =
    status === null ? (legacyLogin ?? null) : { status, reason: isMessageCode(reason) ? reason : null, params: reasonParams };
  return { ...row, code: code?.code ?? null, params: code?.params ?? null, outcome };
}
const FROM = `FROM activity_logs l`;

/**
 * The filter as a WHERE condition; its parameters are appended to `params`. The subtree is a set of
 * account ids, so a small subtree reads its accounts' rows by the account index and a count needs
 * no row of accounts per log row.
 */
function whereOf(f: LogFilter, params: unknown[]): string {
  params.push(`${f.underPath}%`);
  let where = `(l.account_id IN (SELECT id FROM accounts WHERE path LIKE $${params.length})${f.withoutAccount ? ' OR l.account_id IS NULL' : ''})`;
  if (f.accountId !== undefined) {
    params.push(f.accountId);
    where += ` AND l.account_id = $${params.length}`;
  }
  if (f.search) {
    params.push(`%${f.search.replace(/[\\%_]/g, '\\$&')}%`);
    where += ` AND (l.username ILIKE $${params.length} OR l.subject ILIKE $${params.length})`;
  }
  if (f.range) {
    params.push(f.range.start, f.range.end);
    where += ` AND l.created_at BETWEEN $${params.length - 1} AND $${params.length}`;
  }
  return where;
}

/**
 * One page of the filtered rows, newest first, and the total before paging: counted apart (a count
 * over the page's select read every filtered row's columns), and not at all when the page shows
 * where the rows end. A page past the end answers a total of 0, as this list always has.
 */
export async function listLogs(q: Queryable, f: LogFilter, p: { limit: number; offset: number; order?: 'ASC' | 'DESC' }): Promise<{ rows: LogRecord[]; total: number }> {
  const params: unknown[] = [];
  const where = whereOf(f, params);
  const rows = await q.query<StoredLog>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${where} ORDER BY l.id ${p.order === 'ASC' ? 'ASC' : 'DESC'} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, p.limit, p.offset],
  );
  const page = rows.map(readRow);
  if (rows.length === 0) return { rows: page, total: 0 };
  if (rows.length < p.limit) return { rows: page, total: p.offset + rows.length };
  const [c] = await q.query(`SELECT count(*)::int AS n ${FROM} WHERE ${where}`, params);
  return { rows: page, total: Number(c?.n ?? 0) };
}

/** The newest `max` filtered rows (the CSV export). */
export async function exportLogs(q: Queryable, f: LogFilter, max: number): Promise<LogRecord[]> {
  const params: unknown[] = [];
  const where = whereOf(f, params);
  const rows = await q.query<StoredLog>(`SELECT ${COLUMNS} ${FROM} WHERE ${where} ORDER BY l.id DESC LIMIT $${params.length + 1}`, [...params, max]);
  return rows.map(readRow);
}

/** One row by id, if the filter lets the reader see it. */
export async function findLog(q: Queryable, id: number, f: LogFilter): Promise<LogRecord | null> {
  const params: unknown[] = [id];
  const where = whereOf(f, params);
  const [row] = await q.query<StoredLog>(`SELECT ${COLUMNS} ${FROM} WHERE l.id = $1 AND ${where}`, params);
  return row ? readRow(row) : null;
}
