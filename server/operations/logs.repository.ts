import { isActivityCode, isMessageCode, LEGACY_LOGIN_OUTCOMES, parseSubject, subject, type ActivityOutcome } from '../../domain/activity';
import type { LogRow } from '../../domain/api';
import type { MessageParams } from '../../domain/messages';
import { roleOfTierName } from '../activity/log';
import type { Queryable } from '../db/client';
import { col, queryOne, queryRow, queryRows, rowsOf, type RowOf } from '../db/rows';
import { keptSum, keptTotal } from '../db/keptCounts';
import { subtreeIsEverything } from '../db/wholeTree';

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
  return { from, rest };
}

/** The reader's own account: the last id of its path. */
const nodeOf = (path: string): number => Number(path.split('/').filter(Boolean).at(-1) ?? 0);

/**
 * The filtered rows read one by one, driven by whichever index finds them (the time index for an
 * hour's rows, the trigram indexes for a search): each row's account checked against the subtree.
 */
function fromOf(f: LogFilter, params: unknown[], extra: string): string {
  if (f.accountId !== undefined) {
    params.push(f.accountId);
    return `FROM activity_logs l WHERE l.account_id = $${params.length}${extra}`;
  }
  params.push(`${f.underPath}%`);
  const tree = `$${params.length}`;
  return `FROM activity_logs l LEFT JOIN accounts a ON a.id = l.account_id WHERE (a.path LIKE ${tree}${f.withoutAccount ? ' OR l.account_id IS NULL' : ''})${extra}`;
}

function searchCondition(f: LogFilter, params: unknown[]): string {
  if (!f.search) return '';
  params.push(`%${f.search.replace(/[\\%_]/g, '\\$&')}%`);
  return ` AND (l.username ILIKE $${params.length} OR l.subject ILIKE $${params.length})`;
}

function rangeCondition(f: LogFilter, params: unknown[]): string {
  if (!f.range) return '';
  params.push(f.range.start, f.range.end);
  return ` AND l.created_at BETWEEN $${params.length - 1} AND $${params.length}`;
}

/**
 * The filtered rows' count. Without a search it is read from the log's kept counts
 * (activity_counts_live: the counts spread and the fresh ones), per account of each row's path and per hour: the reader's subtree (or the one user
 * asked for, or for the root also the rows of no account) over the range's whole hours, plus or less
 * the rows by time at its edges. A search (any part of a username or subject) cannot be counted
 * ahead: its rows are found by the trigram indexes and counted.
 */
async function countLogs(q: Queryable, f: LogFilter): Promise<number> {
  if (f.search) {
    const params: unknown[] = [];
    const from = fromOf(f, params, '');
    return (await queryOne(q, rowsOf({ n: col.int }), `SELECT count(*)::int AS n ${from}${searchCondition(f, params)}${rangeCondition(f, params)}`, params)).n;
  }
  return keptTotal(q, f.range, {
    kept: (hours, params) => {
      if (f.accountId !== undefined) {
        params.push(f.accountId);
        return keptSum(`activity_counts_live WHERE node = $${params.length} AND own${hours}`);
      }
      params.push(nodeOf(f.underPath));
      const node = `$${params.length}`;
      const ofTree = keptSum(`activity_counts_live WHERE node = ${node} AND NOT own${hours}`);
      return f.withoutAccount ? `(${ofTree} + ${keptSum(`activity_counts_live WHERE node = 0 AND own${hours}`)})` : ofTree;
    },
    rows: (time, params) => {
      const from = fromOf(f, params, '');
      return `(SELECT count(*) ${from} AND ${time('l.created_at')})`;
    },
  });
}

/** A filter of at most this many rows reads its page from them (found by their accounts' or the trigram indexes), else walks the log newest first. */
const FEW_ROWS = 20_000;

/**
 * One page of the filtered rows, newest first (or oldest), and their total. The total comes first
 * (read from the kept counts, or for a search counted by the trigram indexes): a page past the end
 * answers no rows and a total of 0, as this list always has, without reading the log; a filter of
 * few rows (a master's subtree, one user, a search) reads its page from its own rows; a larger one
 * walks the log in id order, where its rows are dense.
 */
export async function listLogs(
  q: Queryable,
  f: LogFilter,
  p: { limit: number; offset: number; order?: 'ASC' | 'DESC' },
  /** Tests set it to read either way. */
  few = FEW_ROWS,
): Promise<{ rows: LogRecord[]; total: number }> {
  const order = p.order === 'ASC' ? 'ASC' : 'DESC';
  const total = await countLogs(q, f);
  if (total <= p.offset) return { rows: [], total: 0 };
  if (total <= few) {
    const params: unknown[] = [];
    // The subtree's rows by their accounts' index; the root's (with the rows of no account) by time.
    const from =
      f.withoutAccount || f.accountId !== undefined
        ? fromOf(f, params, '')
        : `FROM activity_logs l WHERE l.account_id = ANY (ARRAY(SELECT id FROM accounts WHERE path LIKE $${params.push(`${f.underPath}%`)}))`;
    const where = `${searchCondition(f, params)}${rangeCondition(f, params)}`;
    const rows = await queryRows(
      q,
      storedLogRow,
      `WITH m AS MATERIALIZED (SELECT l.id ${from}${where}), pg AS (SELECT id FROM m ORDER BY id ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2})
       SELECT ${COLUMNS} FROM pg JOIN activity_logs l ON l.id = pg.id ORDER BY l.id ${order}`,
      [...params, p.limit, p.offset],
    );
    return { rows: rows.map(readRow), total };
  }
  // Many rows: the log walked in id order. The root of an installation that is one tree reads every
  // row, and a range that leaves none of them out (its total is the unranged one) tests no row's time:
  // a deep page then skips index entries, not rows.
  const params: unknown[] = [];
  const everything = f.withoutAccount && f.accountId === undefined && (await subtreeIsEverything(q, f.underPath));
  const whole = f.range && !f.search && (await countLogs(q, { ...f, range: undefined })) === total;
  const g = whole ? { ...f, range: undefined } : f;
  const w = whereOf(g, params);
  // ($1, the subtree's path, is then unused.)
  const from = everything ? `FROM activity_logs l WHERE $1::text IS NOT NULL` : w.from;
  const rows = await queryRows(q, storedLogRow, `SELECT ${COLUMNS} ${from}${w.rest} ORDER BY l.id ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, p.limit, p.offset]);
  return { rows: rows.map(readRow), total };
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
