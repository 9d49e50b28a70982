import type { Queryable } from './client';

/**
 * Whether every account lies under this path (the root's, on an installation of one tree): then a
 * filter by subtree keeps every row and a read need not test each row's account. Two probes of the
 * path index for an account before the path's range and one after it.
 */
export async function subtreeIsEverything(q: Queryable, path: string): Promise<boolean> {
  const after = `${path.slice(0, -1)}${String.fromCharCode(path.charCodeAt(path.length - 1) + 1)}`;
  const [r] = await q.query(
    `SELECT NOT (EXISTS (SELECT 1 FROM accounts WHERE path ~<~ $1) OR EXISTS (SELECT 1 FROM accounts WHERE path ~>=~ $2)) AS every`,
    [path, after],
  );
  return r?.every === true;
}
