import { COMMISSION_COLUMNS, percentToBp, turnoverRows, type CommissionColumn, type PlayerFigures, type TreeNode, type TurnoverFigures } from '../../domain/commission';
import type { TurnoverRow } from '../../domain/api';
import { centsToPoints } from '../../domain/money';
import { CHAIN, childTierOf, type Role } from '../../resources.config';
import type { AccountRef } from '../accounts/repository';
import type { Queryable } from '../db/client';
import { GAME_TIER, LEAF_TIER } from './repository';

/**
 * Which commission column a tier feeds: the chain tiers below the admin, in order, feed super,
 * distributor, retailer and user (the spec's names for super area manager, area manager, master
 * and player).
 */
const COLUMN_OF = new Map<string, CommissionColumn>(CHAIN.slice(CHAIN.length - COMMISSION_COLUMNS.length).map((role, i) => [role, COMMISSION_COLUMNS[i]]));
export const columnOf = (role: string): CommissionColumn | null => COLUMN_OF.get(role) ?? null;

export interface DayRange {
  /** Inclusive calendar days (server time zone), YYYY-MM-DD. */
  from: string;
  to: string;
}

const lineageOf = (path: string): number[] => path.split('/').filter(Boolean).map(Number);

const points = (f: TurnoverFigures) => ({
  playPoints: centsToPoints(f.playCents),
  winPoints: centsToPoints(f.winCents),
  endPoints: centsToPoints(f.endCents),
  supercom: centsToPoints(f.supercom),
  distcom: centsToPoints(f.distcom),
  retailcom: centsToPoints(f.retailcom),
  usercom: centsToPoints(f.usercom),
  commission: centsToPoints(f.commission),
  netToPay: centsToPoints(f.netToPay),
});

/**
 * One turnover row per direct child of `view` (its chain child tier, or every child with `allChildren`),
 * over the per-day play of the players below it.
 */
export async function turnoverOf(q: Queryable, view: AccountRef, days: DayRange, opts: { allChildren?: boolean } = {}): Promise<TurnoverRow[]> {
  const child = childTierOf(view.role as Role);
  const children = await q.query(
    `SELECT id, username, role, path, commission::text AS commission FROM accounts
      WHERE parent_id = $1 AND deleted_at IS NULL ${opts.allChildren ? `AND role <> 'pool'` : 'AND role = $2'} ORDER BY id`,
    opts.allChildren ? [view.id] : [view.id, child?.role ?? ''],
  );
  // A player's own row: itself is its only "child".
  const rowsOf = view.role === LEAF_TIER ? await q.query(`SELECT id, username, role, path, commission::text AS commission FROM accounts WHERE id = $1`, [view.id]) : children;
  // Sum the per-day rows per player first (narrowed by the admins in view, which the rows carry),
  // then keep the players under the view: one pass over the period's rows, no join per row.
  const plays = await q.query(
    `WITH admins AS (SELECT id FROM accounts WHERE role = $5 AND (path LIKE $1 OR $4 LIKE path || '%')),
          per AS (SELECT player_id, sum(play) AS play, sum(win) AS win FROM daily_play
                   WHERE day BETWEEN $2 AND $3 AND admin_id IN (SELECT id FROM admins) GROUP BY player_id)
     SELECT a.id, a.role, a.path, a.commission::text AS commission, per.play::text AS play, per.win::text AS win
       FROM per JOIN accounts a ON a.id = per.player_id WHERE a.path LIKE $1`,
    [`${view.path}%`, days.from, days.to, view.path, GAME_TIER],
  );
  const node = (r: Record<string, unknown>): TreeNode => ({ id: Number(r.id), role: String(r.role), commissionBp: percentToBp(String(r.commission)), lineage: lineageOf(String(r.path)) });
  const nodes = new Map<number, TreeNode>(plays.map((p) => [Number(p.id), node(p)]));
  // The players came with the first query; their ancestors are the few other accounts on their paths.
  const above = new Set<number>();
  for (const p of plays) for (const id of lineageOf(String(p.path))) if (!nodes.has(id)) above.add(id);
  if (above.size) {
    const rows = await q.query(`SELECT id, role, path, commission::text AS commission FROM accounts WHERE id = ANY($1::bigint[])`, [[...above]]);
    for (const r of rows) nodes.set(Number(r.id), node(r));
  }
  const players: PlayerFigures[] = plays.map((p) => ({ player: nodes.get(Number(p.id))!, playCents: BigInt(String(p.play)), winCents: BigInt(String(p.win)) }));
  const figures = turnoverRows(rowsOf.map((r) => Number(r.id)), players, nodes, columnOf);
  return rowsOf.map((r) => ({
    id: String(r.id),
    username: String(r.username),
    role: String(r.role),
    compercentage: Number(r.commission),
    ...points(figures.get(Number(r.id))!),
  }));
}
