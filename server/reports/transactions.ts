import { poolDisplayName } from '../../domain/games';
import { centsToPoints } from '../../domain/money';
import { HOUR_MS } from '../../domain/hourCover';
import { dayRange, parseDate } from '../../domain/periods';
import type { AccountRef } from '../accounts/repository';
import type { Queryable } from '../db/client';
import { coded } from '../http/errors';
import { keptSum, keptTotal } from '../db/keptCounts';
import { subtreeIsEverything } from '../db/wholeTree';
import { col, queryOne, queryRows, rowsOf } from '../db/rows';

export interface TransactionQuery {
  type: 'single' | 'all';
  status?: string | undefined;
  date?: string | undefined;
  page: number;
  limit: number;
  /** Most rows read by the sides' indexes (tests set it to read either way). */
  few?: number;
}

/** A side of a ledger row: the account, and the name people read (a pool's is its game and admin). */
const sideOf = (id: string | null, username: string | null, gameName: string | null, adminName: string | null) =>
  id === null || username === null
    ? null
    : { _id: id, username, displayName: gameName === null || adminName === null ? username : poolDisplayName(gameName, adminName) };

const name = col.nullable(col.text);
const ledgerRow = rowsOf({
  id: col.idText,
  from_id: col.nullable(col.idText),
  to_id: col.nullable(col.idText),
  from_name: name,
  to_name: name,
  from_game: name,
  from_admin: name,
  to_game: name,
  to_admin: name,
  amount: col.cents,
  kind: col.text,
  status: col.text,
  message: name,
  from_after: col.nullable(col.cents),
  to_after: col.nullable(col.cents),
  created_at: col.date,
  incoming: col.bool,
});

/** A filter of at most this many rows reads its page from them, by the sides' indexes. */
const FEW_ROWS = 20_000;

/** The kept counts' rows of the view's filter (its node, own or subtree, status), its parameters pushed on `p`: the total and a deep page's start read the same rows. */
function keptRowsOf(view: AccountRef, t: TransactionQuery, p: unknown[]): string {
  p.push(view.id, t.type === 'single');
  let where = `node = $${p.length - 1} AND own = $${p.length}`;
  if (t.status) where += ` AND status = $${p.push(t.status)}`;
  return where;
}

/**
 * The report's total, read from the ledger's kept counts (ledger_counts_live: the counts spread and
 * the fresh ones), per account of either side's path (`all`) and per side (`single`), status and UTC
 * hour, over `range` (a day filter's, or from a deep page's start); an edge hour the range cuts is
 * counted by time (keptTotal).
 */
function countOf(q: Queryable, view: AccountRef, t: TransactionQuery, range: { start: Date; end: Date } | undefined): Promise<number> {
  return keptTotal(q, range, {
    kept: (hours, p) => keptSum(`ledger_counts_live WHERE ${keptRowsOf(view, t, p)}${hours}`),
    rows: (time, p) => {
      const cond = time('t.created_at') + (t.status ? ` AND t.status = $${p.push(t.status)}` : '');
      if (t.type === 'single') {
        p.push(view.id);
        return `(SELECT count(*) FROM transactions t WHERE ${cond} AND (t.from_id = $${p.length} OR t.to_id = $${p.length}))`;
      }
      p.push(`${view.path}%`);
      const tree = `$${p.length}`;
      return `(SELECT count(*) FROM transactions t LEFT JOIN accounts f ON f.id = t.from_id LEFT JOIN accounts o ON o.id = t.to_id
                WHERE ${cond} AND (f.path LIKE ${tree} OR o.path LIKE ${tree}))`;
    },
  });
}

/** After every row a report reads; the hour after it still a date both engines write (and an integer hour). */
const LAST_INSTANT = new Date('8999-12-31T23:59:59.999Z');

const hourRow = rowsOf({ hour: col.nullable(col.int) });

/**
 * Where a deep page starts, so that no page reads the rows before it: an hour boundary `before` and
 * how many of the filter's rows are older than the page's first (`skip`), both from the kept counts.
 * The boundary is the newest hour whose rows and newer ones are more than `offset`: the rows from the
 * boundary on are at most `offset` (a day filter's edge hours are counted whole here, which only moves
 * the boundary later), and their exact number comes from countOf. The page then walks at most one
 * hour's rows. Null: the counts hold no more than `offset` rows (the page is past the end).
 */
async function deepPageStart(q: Queryable, view: AccountRef, t: TransactionQuery, range: { start: Date; end: Date } | undefined, offset: number) {
  const p: unknown[] = [];
  let where = keptRowsOf(view, t, p);
  const after = `$${p.push(offset)}`;
  if (range) {
    p.push(Math.floor(range.start.getTime() / HOUR_MS), Math.floor(range.end.getTime() / HOUR_MS));
    where += ` AND hour BETWEEN $${p.length - 1} AND $${p.length}`;
  }
  const { hour } = await queryOne(
    q,
    hourRow,
    `WITH h AS (SELECT hour, sum(n) AS n FROM ledger_counts_live WHERE ${where} GROUP BY hour)
     SELECT max(hour) AS hour FROM (SELECT hour, sum(n) OVER (ORDER BY hour DESC) AS upto FROM h) c WHERE upto > ${after}`,
    p,
  );
  if (hour === null) return null;
  const before = new Date((hour + 1) * HOUR_MS);
  const end = range?.end ?? LAST_INSTANT;
  const start = range && range.start > before ? range.start : before;
  const newer = await countOf(q, view, t, { start, end });
  return { before, skip: offset - newer };
}

/**
 * The ledger as the viewed account sees it: its own movements (`single`) or those of its whole
 * subtree (`all`), newest first (by time, then by id within a transaction). Each row is signed for one account, named in `account`, and
 * `newBalance` is that account's balance after the row: the viewed account when it is a side;
 * else the side inside the subtree; else, both inside, the side lower in the tree (the player of a
 * bet or a win rather than the pool, the receiver of a transfer), whose movement the row is. Points
 * coming into that account are positive, points leaving it negative.
 */
export async function transactionsOf(q: Queryable, view: AccountRef, t: TransactionQuery) {
  const params: unknown[] = [view.id, `${view.path}%`];
  const inView = (side: string) => (t.type === 'single' ? `${side} = $1` : `${side} IN (SELECT id FROM subtree)`);
  let rest = '';
  if (t.status) {
    params.push(t.status);
    rest += ` AND t.status = $${params.length}`;
  }
  let range: { start: Date; end: Date } | undefined;
  if (t.date) {
    const d = parseDate(t.date);
    if (!d) throw coded(400, 'dateNotValid', {}, 'date');
    range = dayRange(d, d);
    params.push(range.start, range.end);
    rest += ` AND t.created_at BETWEEN $${params.length - 1} AND $${params.length}`;
  }
  const total = await countOf(q, view, t, range);
  let offset = (t.page - 1) * t.limit;
  // A page past the end answers 0, as this report always has, without reading the ledger.
  if (total <= offset) return { total: 0, data: [] };
  // Few rows (a master's subtree, one account): read by the sides' indexes (the subtree's accounts
  // listed once) and sorted; many: the ledger walked newest first, where they are dense, and by the
  // root of an installation that is one tree with no side tested (every row has a side in it); a deep
  // page of many from the hour it starts in (deepPageStart).
  const bySide = (side: string) => (t.type === 'single' ? `${side} = $1` : `${side} = ANY (ARRAY(SELECT id FROM accounts WHERE path LIKE $2))`);
  const few = total <= (t.few ?? FEW_ROWS);
  const start = !few && offset > 0 ? await deepPageStart(q, view, t, range, offset) : null;
  if (start) {
    params.push(start.before);
    rest += ` AND t.created_at < $${params.length}`;
    offset = start.skip;
  }
  const everything = !few && t.type === 'all' && (await subtreeIsEverything(q, view.path));
  // The walk tests both sides against the subtree's accounts, listed once (a CTE).
  const walk = !few && !everything && t.type === 'all';
  // Newest first: by time, then by id among the rows of one time (one transaction's).
  const ids = few
    ? `SELECT id, created_at FROM (SELECT t.id, t.created_at FROM transactions t WHERE ${bySide('t.from_id')}${rest} UNION SELECT t.id, t.created_at FROM transactions t WHERE ${bySide('t.to_id')}${rest}) m`
    : everything
      ? `SELECT t.id, t.created_at FROM transactions t WHERE $2::text IS NOT NULL${rest}`
      : `SELECT t.id, t.created_at FROM transactions t WHERE (${inView('t.from_id')} OR ${inView('t.to_id')})${rest}`;
  const depth = (a: string) => `(length(${a}.path) - length(replace(${a}.path, '/', '')))`;
  // A pool's name: its game and its admin (game_pools holds the pair).
  const poolJoin = (a: string) =>
    `LEFT JOIN game_pools ${a}p ON ${a}p.account_id = ${a}.id LEFT JOIN games ${a}g ON ${a}g.id = ${a}p.game_id LEFT JOIN accounts ${a}a ON ${a}a.id = ${a}p.admin_id`;
  const rows = await queryRows(
    q,
    ledgerRow,
    `WITH ${walk ? 'subtree AS MATERIALIZED (SELECT id FROM accounts WHERE path LIKE $2), ' : ''}page AS (${ids} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2})
     SELECT t.id, t.from_id, t.to_id, f.username AS from_name, o.username AS to_name, fg.game_name AS from_game, fa.username AS from_admin,
            og.game_name AS to_game, oa.username AS to_admin, t.amount::text AS amount, t.kind, t.status, t.message,
            t.from_balance_after::text AS from_after, t.to_balance_after::text AS to_after, t.created_at,
            CASE WHEN t.to_id = $1 THEN true
                 WHEN t.from_id = $1 THEN false
                 WHEN NOT coalesce(f.path LIKE $2, false) THEN true
                 WHEN NOT coalesce(o.path LIKE $2, false) THEN false
                 ELSE ${depth('o')} >= ${depth('f')} END AS incoming
       FROM page JOIN transactions t ON t.id = page.id LEFT JOIN accounts f ON f.id = t.from_id LEFT JOIN accounts o ON o.id = t.to_id ${poolJoin('f')} ${poolJoin('o')}
      ORDER BY t.created_at DESC, t.id DESC`,
    [...params, t.limit, offset],
  );
  return {
    total,
    data: rows.map((r) => {
      const amount = centsToPoints(r.amount);
      const { incoming } = r;
      const after = incoming ? r.to_after : r.from_after;
      const from = sideOf(r.from_id, r.from_name, r.from_game, r.from_admin);
      const to = sideOf(r.to_id, r.to_name, r.to_game, r.to_admin);
      return {
        _id: r.id,
        userId: from,
        toUserId: to,
        amount: incoming ? amount : -amount,
        transactionType: r.kind,
        newBalance: after === null ? null : centsToPoints(after),
        transactionMessage: r.message ?? '',
        status: r.status,
        createdAt: r.created_at,
        account: incoming ? to : from,
      };
    }),
  };
}
