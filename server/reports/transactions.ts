import { centsToPoints } from '../../domain/money';
import { dayRange, parseDate } from '../../domain/periods';
import type { AccountRef } from '../accounts/repository';
import type { Queryable } from '../db/client';
import { badRequest } from '../http/errors';

export interface TransactionQuery {
  type: 'single' | 'all';
  status?: string | undefined;
  date?: string | undefined;
  page: number;
  limit: number;
}

/**
 * The ledger as the viewed account sees it: its own movements (`single`) or those of its whole
 * subtree (`all`), newest first. The amount is signed for the view: points coming in are positive.
 */
export async function transactionsOf(q: Queryable, view: AccountRef, t: TransactionQuery) {
  const params: unknown[] = [view.id, `${view.path}%`];
  const inView = (side: string) => (t.type === 'single' ? `${side} = $1` : `${side} IN (SELECT id FROM accounts WHERE path LIKE $2)`);
  let where = `(${inView('t.from_id')} OR ${inView('t.to_id')})`;
  if (t.status) {
    params.push(t.status);
    where += ` AND t.status = $${params.length}`;
  }
  if (t.date) {
    const d = parseDate(t.date);
    if (!d) throw badRequest('The date is not a valid date.', 'date');
    const r = dayRange(d, d);
    params.push(r.start, r.end);
    where += ` AND t.created_at BETWEEN $${params.length - 1} AND $${params.length}`;
  }
  const rows = await q.query(
    `SELECT t.id, t.from_id, t.to_id, f.username AS from_name, o.username AS to_name, t.amount::text AS amount, t.kind, t.status, t.message,
            t.from_balance_after::text AS from_after, t.to_balance_after::text AS to_after, t.created_at,
            (t.to_id = $1 OR (t.to_id IS NOT NULL AND o.path LIKE $2 AND NOT coalesce(f.path LIKE $2, false))) AS incoming,
            count(*) OVER ()::int AS total
       FROM transactions t LEFT JOIN accounts f ON f.id = t.from_id LEFT JOIN accounts o ON o.id = t.to_id
      WHERE ${where} ORDER BY t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, t.limit, (t.page - 1) * t.limit],
  );
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    data: rows.map((r) => {
      const amount = centsToPoints(String(r.amount));
      const incoming = Boolean(r.incoming);
      const after = incoming ? r.to_after : r.from_after;
      return {
        _id: String(r.id),
        userId: r.from_id === null ? null : { _id: String(r.from_id), username: String(r.from_name) },
        toUserId: r.to_id === null ? null : { _id: String(r.to_id), username: String(r.to_name) },
        amount: incoming ? amount : -amount,
        transactionType: String(r.kind),
        newBalance: after === null || after === undefined ? null : centsToPoints(String(after)),
        transactionMessage: r.message === null ? '' : String(r.message),
        status: String(r.status),
        createdAt: r.created_at,
      };
    }),
  };
}
