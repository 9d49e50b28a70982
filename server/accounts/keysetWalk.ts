import type { Queryable } from '../db/client';
import { col, queryRows, rowsOf } from '../db/rows';
import { ACCOUNT_FROM, ACCOUNT_SELECT, accountRow, type AccountRow } from './serialize';

/** An account row with the walk's key as text (where the next batch resumes). */
const walkedRow = rowsOf({ ...accountRow.shape, walk_key: col.nullable(col.text) });
import { listOrder, listWhere, LOGGED_IN, SORTABLE, type ListFilter, type SortKey } from './repository';

/**
 * How the walk resumes after the last row of a batch, per sort key. A column that is never null
 * resumes on the pair (key, id), which the planner reads as a range of an index in that order. A
 * nullable one is walked in two stretches, its values and then its nulls by id (the list puts them
 * last). A yes/no key is walked one value after the other, each by id: as a pair it would be
 * computed for every row of the tier at each batch (the online state is a lookup per row).
 */
type Walk = { kind: 'pair'; expr: string; type: string; nullable?: true } | { kind: 'flag'; expr: string };

const WALKS: Record<SortKey, Walk> = {
  username: { kind: 'pair', expr: SORTABLE.username, type: 'text' },
  _id: { kind: 'pair', expr: SORTABLE._id, type: 'bigint' },
  id: { kind: 'pair', expr: SORTABLE.id, type: 'bigint' },
  walletBalance: { kind: 'pair', expr: SORTABLE.walletBalance, type: 'bigint' },
  createdAt: { kind: 'pair', expr: SORTABLE.createdAt, type: 'timestamptz' },
  lastLogin: { kind: 'pair', expr: SORTABLE.lastLogin, type: 'timestamptz', nullable: true },
  isLoggedIn: { kind: 'flag', expr: LOGGED_IN },
  commission: { kind: 'pair', expr: SORTABLE.commission, type: 'numeric' },
  userStatus: { kind: 'flag', expr: SORTABLE.userStatus },
};

/** One stretch of the walk: its own condition, and whether it resumes on the pair or on the id alone. */
interface Stretch {
  where: string;
  byPair: boolean;
}

function stretches(w: Walk, order: 'ASC' | 'DESC'): Stretch[] {
  if (w.kind === 'flag') {
    const values = order === 'ASC' ? [false, true] : [true, false];
    return values.map((v) => ({ where: v ? `(${w.expr})` : `NOT (${w.expr})`, byPair: false }));
  }
  if (!w.nullable) return [{ where: 'true', byPair: true }];
  return [
    { where: `${w.expr} IS NOT NULL`, byPair: true },
    { where: `${w.expr} IS NULL`, byPair: false },
  ];
}

/** The last row a batch ended on: its key as text (exact, whatever the type) and its id. */
interface Resume {
  key: string | null;
  id: string;
}

/**
 * A tier list's accounts in the list's very order (sort key, then id, missing values last), batch by
 * batch, each batch one keyset read that resumes after the previous one's last row: no OFFSET (a page
 * deep in the list scanned and sorted every row before it) and no count, and only one batch held in
 * memory. Each batch is its own statement, so the walk never holds a transaction (the embedded
 * engine has one connection) and sees rows as they are when it reaches them.
 */
export async function* walkRows(q: Queryable, f: Omit<ListFilter, 'limit' | 'offset'>, batch: number): AsyncGenerator<AccountRow[]> {
  const w = WALKS[f.sort];
  const cmp = f.order === 'ASC' ? '>' : '<';
  const keyExpr = w.kind === 'pair' ? w.expr : 'NULL';
  for (const stretch of stretches(w, f.order)) {
    let after: Resume | null = null;
    for (;;) {
      const { where, params } = listWhere(f);
      where.push(stretch.where);
      if (after) {
        if (stretch.byPair && w.kind === 'pair') {
          params.push(after.key, after.id);
          where.push(`(${w.expr}, a.id) ${cmp} ($${params.length - 1}::${w.type}, $${params.length}::bigint)`);
        } else {
          params.push(after.id);
          where.push(`a.id ${cmp} $${params.length}::bigint`);
        }
      }
      params.push(batch);
      // Inside a stretch the rows are ordered by the pair, or by the id alone (one key value throughout).
      const order = stretch.byPair ? listOrder(keyExpr, f.order) : `a.id ${f.order}`;
      // One pass: the rows come off the order's index with their columns (a batch is read whole,
      // unlike a list page, which picks its ids first and joins only those).
      const rows = await queryRows(
        q,
        walkedRow,
        `SELECT ${ACCOUNT_SELECT}, (${keyExpr})::text AS walk_key FROM ${ACCOUNT_FROM} WHERE ${where.join(' AND ')}
         ORDER BY ${order} LIMIT $${params.length}`,
        params,
      );
      if (rows.length === 0) break;
      const last = rows[rows.length - 1]!;
      after = { key: last.walk_key, id: String(last.id) };
      yield rows;
      if (rows.length < batch) break;
    }
  }
}
