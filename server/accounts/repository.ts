import { LEAF_TIER } from '../../resources.config';
import { lockParents, recountParents } from '../db/parentDays';
import { POOL_ROLE } from './poolRole';
import type { Queryable } from '../db/client';
import { col, queryOne, queryRow, queryRows, rowsOf, type RowOf } from '../db/rows';
import type { AccountRef } from '../access/repository';
import type { AccountTableInsert } from '../access/rows';
import { ACCOUNT_FROM, ACCOUNT_SELECT, accountRow, type AccountRow } from './serialize';

// Account refs (the columns access checks read) live in the base module, which accounts, auth and credit share.
export { findRef, parseId, type AccountRef } from '../access/repository';

const idRow = rowsOf({ id: col.id });
const countRow = rowsOf({ n: col.int });

export async function findRecordRow(q: Queryable, id: number): Promise<AccountRow | null> {
  return queryRow(q, accountRow, `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE a.id = $1 AND a.deleted_at IS NULL`, [id]);
}

export const SORTABLE = {
  username: 'a.username',
  _id: 'a.id',
  id: 'a.id',
  walletBalance: 'a.wallet_balance',
  createdAt: 'a.created_at',
  lastLogin: 'a.last_login',
  isLoggedIn: 'is_logged_in',
  commission: 'a.commission',
  userStatus: 'a.active',
} as const;
export type SortKey = keyof typeof SORTABLE;

export interface ListFilter {
  role: string;
  /** Only accounts strictly below this path. */
  underPath?: string;
  /** Only the direct children of this account. */
  parentId?: number;
  /** Only this account (a role listing its own tier sees itself). */
  onlyId?: number;
  search?: string;
  sort: SortKey;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether an account has an unexpired session: the online state its rows show and sort by. */
export const LOGGED_IN = `EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id AND s.revoked_at IS NULL AND s.expires_at > now())`;

/** The accounts a list shows, before paging: its WHERE clauses (on `accounts a`) and their parameters ($1…). */
export function listWhere(f: Omit<ListFilter, 'sort' | 'order' | 'limit' | 'offset'>): { where: string[]; params: unknown[] } {
  const where = ['a.deleted_at IS NULL', 'a.role = $1'];
  const params: unknown[] = [f.role];
  const add = (clause: string, v: unknown) => {
    params.push(v);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.underPath !== undefined) {
    add('a.path LIKE ?', `${f.underPath}%`);
    add('a.path <> ?', f.underPath);
  }
  if (f.parentId !== undefined) add('a.parent_id = ?', f.parentId);
  if (f.onlyId !== undefined) add('a.id = ?', f.onlyId);
  if (f.search) add(`a.username ILIKE ? ESCAPE '\\'`, `%${likeEscape(f.search)}%`);
  return { where, params };
}

/** How many accounts a list shows (its filter, no paging). */
export async function countRows(q: Queryable, f: Omit<ListFilter, 'sort' | 'order' | 'limit' | 'offset'>): Promise<number> {
  const { where, params } = listWhere(f);
  return (await queryOne(q, countRow, `SELECT count(*)::int AS n FROM accounts a WHERE ${where.join(' AND ')}`, params)).n;
}

/** The list's order on one sort key: the key, then the id, both in the asked direction, missing values last. */
export const listOrder = (key: string, order: 'ASC' | 'DESC') => `${key} ${order} NULLS LAST, a.id ${order}`;

/**
 * A page of a tier inside a subtree and the total before paging. The page is chosen on the
 * account's own columns, and only its rows get the parent, online state and games; the total is
 * counted apart (a count over the whole select computed those for every row of the tier, seconds
 * at 100,000 players), and not at all when the page shows where the rows end.
 */
export async function listRows(q: Queryable, f: ListFilter): Promise<{ rows: AccountRow[]; total: number }> {
  const { where, params } = listWhere(f);
  params.push(f.limit, f.offset);
  const order = (key: string) => listOrder(key, f.order);
  const rows = await queryRows(
    q,
    accountRow,
    `WITH page AS (SELECT a.id FROM accounts a WHERE ${where.join(' AND ')}
                    ORDER BY ${order(f.sort === 'isLoggedIn' ? LOGGED_IN : SORTABLE[f.sort])}
                    LIMIT $${params.length - 1} OFFSET $${params.length})
     SELECT ${ACCOUNT_SELECT} FROM page JOIN (${ACCOUNT_FROM}) ON a.id = page.id
     ORDER BY ${order(SORTABLE[f.sort])}`,
    params,
  );
  // A page that is not full ends the rows: the total is known (unless it is past the end).
  if (rows.length < f.limit && (rows.length > 0 || f.offset === 0)) return { rows, total: f.offset + rows.length };
  return { rows, total: await countRows(q, f) };
}

/** Column values of an insert or update, already validated and converted (names and types from the Drizzle schema). */
export type AccountColumns = Partial<
  Pick<
    AccountTableInsert,
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'phone'
    | 'date_of_birth'
    | 'country'
    | 'state'
    | 'city'
    | 'address'
    | 'pin_code'
    | 'occupation'
    | 'commission'
    | 'note'
    | 'active'
    | 'may_backup'
    | 'password_hash'
    | 'pin_hash'
  >
>;

/** Inserts an account in one statement: the id, its path and its username (prefix + id) come from one sequence value. */
export async function insertAccount(
  q: Queryable,
  a: { role: string; prefix: string; parentId: number | null; parentPath: string; cols: AccountColumns; username?: string },
): Promise<number> {
  const names = Object.keys(a.cols) as (keyof AccountColumns)[];
  const values = names.map((n) => a.cols[n]);
  const base = 6;
  const r = await queryOne(
    q,
    idRow,
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('accounts', 'id')) AS id)
     INSERT INTO accounts (id, username, role, parent_id, path${names.map((n) => `, ${n}`).join('')})
     SELECT n.id, coalesce($5, $1 || lpad(n.id::text, greatest(4, length(n.id::text)), '0')), $2, $3, $4 || n.id::text || '/'${names.map((_, i) => `, $${base + i}`).join('')}
     FROM n RETURNING id`,
    [a.prefix, a.role, a.parentId, a.parentPath, a.username ?? null, ...values],
  );
  return r.id;
}

export async function updateColumns(q: Queryable, id: number, cols: AccountColumns): Promise<void> {
  const names = Object.keys(cols) as (keyof AccountColumns)[];
  if (names.length === 0) return;
  await q.query(
    `UPDATE accounts SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')} WHERE id = $1 AND deleted_at IS NULL`,
    [id, ...names.map((n) => cols[n])],
  );
}

/**
 * Moves an account and its whole subtree under a new parent (paths rewritten in one statement). A
 * player takes its play from its old parent's figures to the new one's (parent_days counted again);
 * an account above the players takes its parents' rows with it, untouched.
 */
export async function reparent(q: Queryable, account: AccountRef, parent: AccountRef): Promise<void> {
  const newPath = `${parent.path}${account.id}/`;
  const parents = account.role === LEAF_TIER && account.parentId !== null ? [account.parentId, parent.id] : [];
  await lockParents(q, parents);
  await q.query(
    `UPDATE accounts SET path = $2 || substr(path, length($1) + 1),
       parent_id = CASE WHEN id = $3 THEN $4::bigint ELSE parent_id END
     WHERE path LIKE $1 || '%'`,
    [account.path, newPath, account.id, parent.id],
  );
  await recountParents(q, parents);
}

export async function setGames(q: Queryable, accountId: number, gameIds: number[]): Promise<void> {
  await q.query(`DELETE FROM account_games WHERE account_id = $1`, [accountId]);
  if (gameIds.length)
    await q.query(`INSERT INTO account_games (account_id, game_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`, [accountId, gameIds]);
}

export async function existingGameIds(q: Queryable, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await queryRows(q, idRow, `SELECT id FROM games WHERE id = ANY($1::bigint[])`, [ids]);
  return rows.map((r) => r.id);
}

export async function hasLiveChildren(q: Queryable, id: number): Promise<boolean> {
  // An admin's game pools are its accounts by parent only: they go with it (deleteAdminPools).
  const rows = await q.query(`SELECT 1 FROM accounts WHERE parent_id = $1 AND deleted_at IS NULL AND role <> $2 LIMIT 1`, [id, POOL_ROLE]);
  return rows.length > 0;
}

/**
 * Live accounts of each role strictly below `root`: one count per role over the live accounts'
 * (role, path) index, which holds both columns (a scan of the subtree's rows read every account of
 * the installation for the superadmin: 70–150 ms at 100,000 players, against 15 ms here). The root
 * matches its own path, so its own role takes it off.
 */
export async function countByRole(q: Queryable, root: { id: number; path: string; role: string }, roles: readonly string[]): Promise<number[]> {
  if (!roles.length) return [];
  const counts = roles.map((_, i) => `(SELECT count(*) FROM accounts WHERE deleted_at IS NULL AND role = $${i + 2} AND path LIKE $1)::int AS c${i}`).join(', ');
  const countsRow = rowsOf(Object.fromEntries(roles.map((_, i) => [`c${i}`, col.int])));
  const c = await queryOne(q, countsRow, `SELECT ${counts}`, [`${root.path}%`, ...roles]);
  return roles.map((r, i) => (c[`c${i}`] ?? 0) - (r === root.role ? 1 : 0));
}

const gameSummaryRow = rowsOf({ _id: col.idText, gameId: col.text, gameName: col.text });
export type GameSummary = RowOf<typeof gameSummaryRow>;

/** The whole active catalogue (what the superadmin assigns). */
export async function activeGames(q: Queryable): Promise<GameSummary[]> {
  return queryRows(q, gameSummaryRow, `SELECT id::text AS "_id", game_id AS "gameId", game_name AS "gameName" FROM games WHERE status = 'active' ORDER BY id`);
}

/** A ticket of the account ($1) whose round has not been settled yet. */
const OPEN_TICKET = `SELECT 1 FROM tickets WHERE player_id = $1 AND settled_at IS NULL`;

/** Whether the account has a ticket whose round has not been settled yet. */
export async function hasOpenTickets(q: Queryable, id: number): Promise<boolean> {
  return (await q.query(`${OPEN_TICKET} LIMIT 1`, [id])).length > 0;
}

/**
 * Soft-deletes an account whose wallet is empty and whose bets are all settled; the conditions are
 * re-checked in the statement itself because a transfer or a bet may have landed since the caller
 * looked. False when it did not apply.
 */
export async function softDeleteEmpty(q: Queryable, id: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE accounts SET deleted_at = now(), active = false, email = NULL, phone = NULL
     WHERE id = $1 AND deleted_at IS NULL AND wallet_balance = 0
       AND NOT EXISTS (${OPEN_TICKET}) RETURNING id`,
    [id],
  );
  return rows.length > 0;
}
