import { isActivityCode, isMessageCode, LEGACY_LOGIN_OUTCOMES, parseSubject, subject, type ActivityOutcome } from '../../domain/activity';
import type { LogRow } from '../../domain/api';
import type { MessageParams } from '../../domain/messages';
import { roleOfTierName } from '../activity/log';
import type { Queryable } from '../db/client';
import { col, queryOne, queryRow, queryRows, rowsOf, type RowOf } from '../db/rows';

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
const storedLogRow = rowsOf({
  id: col.idText,
  _id: col.idText,
  userId: col.nullable(col.idText),
  username: col.nullable(col.text),
  subject: col.text,
  requestUrl: col.text,
  method: col.text,
  ipAddress: col.nullable(col.text),
  createdAt: col.date,
  storedCode: col.nullable(col.text),
  storedParams: col.nullable(col.json<MessageParams>()),
  status: col.nullable(col.int),
  reason: col.nullable(col.text),
  reasonParams: col.nullable(col.json<MessageParams>()),
});
type StoredLog = RowOf<typeof storedLogRow>;

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
/** The filter's parts: where its rows come from, and its conditions besides the subtree. */
interface Where {
  /** FROM and the subtree's condition, for reading rows in id order. */
  from: string;
  /** The conditions on the row itself (account, search, days), each starting with AND. */
  rest: string;
  /** The subtree's accounts as a set of ids (for counting). */
  inTree: string;
}

/**
 * The filter's SQL; its parameters are appended to `params`. Rows of no account join no account, so
 * a reader who also reads those (the root) reads the rows in id order with each one's account
 * beside it (a page stops after its rows); another reader's subtree is a set of account ids, so a
 * small subtree reads its accounts' rows by the account index.
 */
function whereOf(f: LogFilter, params: unknown[]): Where {
  params.push(`${f.underPath}%`);
  const tree = `$${params.length}`;
  const inTree = `l.account_id IN (SELECT id FROM accounts WHERE path LIKE ${tree})`;
  const from = f.withoutAccount
    ? `FROM activity_logs l LEFT JOIN accounts a ON a.id = l.account_id WHERE (a.path LIKE ${tree} OR l.account_id IS NULL)`
    : `FROM activity_logs l WHERE ${inTree}`;
  let rest = '';
  if (f.accountId !== undefined) {
    params.push(f.accountId);
    rest += ` AND l.account_id = $${params.length}`;
  }
  if (f.search) {
    params.push(`%${f.search.replace(/[\\%_]/g, '\\$&')}%`);
    rest += ` AND (l.username ILIKE $${params.length} OR l.subject ILIKE $${params.length})`;
  }
  if (f.range) {
    params.push(f.range.start, f.range.end);
    rest += ` AND l.created_at BETWEEN $${params.length - 1} AND $${params.length}`;
  }
  return { from, rest, inTree };
}

/**
 * The filtered rows' count: the rows of the subtree's accounts (a join of two indexes, no account
 * row read per log row), plus, for the root, the rows of no account (disjoint from them).
 */
async function countLogs(q: Queryable, f: LogFilter, w: Where, params: unknown[]): Promise<number> {
  const ofTree = `SELECT count(*) FROM activity_logs l WHERE ${w.inTree}${w.rest}`;
  const sql = f.withoutAccount ? `SELECT ((${ofTree}) + (SELECT count(*) FROM activity_logs l WHERE l.account_id IS NULL${w.rest}))::int AS n` : `SELECT (${ofTree})::int AS n`;
  return (await queryOne(q, rowsOf({ n: col.int }), sql, params)).n;
}

/**
 * One page of the filtered rows, newest first, and the total before paging: counted apart (a count
 * over the page's select read every filtered row's columns), and not at all when the page shows
 * where the rows end. A page past the end answers a total of 0, as this list always has.
 */
export async function listLogs(q: Queryable, f: LogFilter, p: { limit: number; offset: number; order?: 'ASC' | 'DESC' }): Promise<{ rows: LogRecord[]; total: number }> {
  const params: unknown[] = [];
  const w = whereOf(f, params);
  const rows = await queryRows(
    q,
    storedLogRow,
    `SELECT ${COLUMNS} ${w.from}${w.rest} ORDER BY l.id ${p.order === 'ASC' ? 'ASC' : 'DESC'} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, p.limit, p.offset],
  );
  const page = rows.map(readRow);
  if (rows.length === 0) return { rows: page, total: 0 };
  if (rows.length < p.limit) return { rows: page, total: p.offset + rows.length };
  return { rows: page, total: await countLogs(q, f, w, params) };
}

/** The newest `max` filtered rows (the CSV export). */
export async function exportLogs(q: Queryable, f: LogFilter, max: number): Promise<LogRecord[]> {
  const params: unknown[] = [];
  const w = whereOf(f, params);
  const rows = await queryRows(q, storedLogRow, `SELECT ${COLUMNS} ${w.from}${w.rest} ORDER BY l.id DESC LIMIT $${params.length + 1}`, [...params, max]);
  return rows.map(readRow);
}

/** One row by id, if the filter lets the reader see it. */
export async function findLog(q: Queryable, id: number, f: LogFilter): Promise<LogRecord | null> {
  const params: unknown[] = [id];
  const w = whereOf(f, params);
  const row = await queryRow(q, storedLogRow, `SELECT ${COLUMNS} ${w.from} AND l.id = $1${w.rest}`, params);
  return row ? readRow(row) : null;
}
