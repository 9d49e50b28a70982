/**
 * The money formulas of the reports, one per figure, shared by the server, the
 * client totals and the tests. Amounts are integer cents; percentages are basis points (2.5 % is
 * 250) so nothing is a float. Rounding: half-up to the cent, once per ancestor and per player.
 */

/**
 * The commission columns of a turnover row and which tier feeds which: registry data (each tier's
 * `commission.column`), bound in resources.config.ts, so a tier added to the chain adds its column.
 */
export interface CommissionSplit {
  /** Every column, highest tier first. */
  readonly columns: readonly string[];
  /** The column a role's commission feeds; null: the role earns none. */
  columnOf(role: string): string | null;
}

/** A percentage of 0–100 with at most 2 decimals as basis points. */
export const percentToBp = (percent: number | string): number => Math.round(Number(percent) * 100);

/** cents × bp / 10 000, rounded half-up (amounts here are never negative). */
export const applyBp = (cents: bigint, bp: number): bigint => (cents * BigInt(bp) + 5_000n) / 10_000n;

export interface TreeNode {
  readonly id: number;
  readonly role: string;
  readonly commissionBp: number;
  /** Ids from the root down to this node, itself included (the materialized path). */
  readonly lineage: readonly number[];
}

export interface PlayerFigures {
  readonly player: TreeNode;
  readonly playCents: bigint;
  readonly winCents: bigint;
}

export interface TurnoverFigures {
  playCents: bigint;
  winCents: bigint;
  endCents: bigint;
  /** Each commission column of the split. */
  columns: Record<string, bigint>;
  commission: bigint;
  netToPay: bigint;
}

const emptyFigures = (split: CommissionSplit): TurnoverFigures => ({
  playCents: 0n,
  winCents: 0n,
  endCents: 0n,
  columns: Object.fromEntries(split.columns.map((c) => [c, 0n])),
  commission: 0n,
  netToPay: 0n,
});

/**
 * Players of one turnover row with one role and rate: each one's own play (the player column is
 * rounded per player) and their wins, summed.
 */
export interface PlayerGroup {
  readonly rowId: number;
  readonly role: string;
  readonly commissionBp: number;
  readonly playCents: readonly bigint[];
  readonly winCents: bigint;
}

/**
 * The play of the players that are under both a turnover row and one account on their paths (an
 * account under the row, the row itself, or one above it), summed over those players.
 */
export interface AncestorPlay {
  readonly rowId: number;
  readonly role: string;
  readonly commissionBp: number;
  readonly playCents: bigint;
}

/**
 * Turnover rows of `rowIds` from the sums that make them: the players' own play (the row's play;
 * the player column, rounded per player) and wins, and, per row, the play under each account on the
 * players' paths (that account's column, rounded once per account and row). Figures for ids that
 * are not rows are left out. commission = every column; netToPay = end − commission.
 */
export function turnoverFromSums(
  rowIds: readonly number[],
  players: readonly PlayerGroup[],
  ancestors: readonly AncestorPlay[],
  split: CommissionSplit,
): Map<number, TurnoverFigures> {
  const rows = new Map(rowIds.map((id) => [id, emptyFigures(split)]));
  for (const g of players) {
    const row = rows.get(g.rowId);
    if (!row) continue;
    const own = split.columnOf(g.role);
    for (const play of g.playCents) {
      row.playCents += play;
      if (own) row.columns[own] += applyBp(play, g.commissionBp);
    }
    row.winCents += g.winCents;
  }
  for (const a of ancestors) {
    const row = rows.get(a.rowId);
    const column = split.columnOf(a.role);
    if (row && column) row.columns[column] += applyBp(a.playCents, a.commissionBp);
  }
  for (const row of rows.values()) {
    row.endCents = row.playCents - row.winCents;
    row.commission = Object.values(row.columns).reduce((s, c) => s + c, 0n);
    row.netToPay = row.endCents - row.commission;
  }
  return rows;
}

/**
 * Turnover rows of `rowIds` (accounts whose subtrees do not overlap, e.g. the children of the
 * viewed account) over the players' figures of a period. For each row R: play, win and end of the
 * players under R; each commission column sums, over every account A of that column's tier that is
 * under R or above R, play under both A and R × A's rate (rounded per A); the player column sums
 * each player's own play × own rate. commission = every column; netToPay = end − commission.
 * The sums are made here from the players' paths; turnoverFromSums rounds and adds them.
 */
export function turnoverRows(
  rowIds: readonly number[],
  players: readonly PlayerFigures[],
  nodes: ReadonlyMap<number, TreeNode>,
  split: CommissionSplit,
): Map<number, TurnoverFigures> {
  const isRow = new Set(rowIds);
  const own: PlayerGroup[] = [];
  // play under (row, ancestor), summed before rounding: one rounding per ancestor and row.
  const under = new Map<number, Map<number, bigint>>();
  for (const p of players) {
    const rowId = p.player.lineage.find((id) => isRow.has(id));
    if (rowId === undefined) continue;
    own.push({ rowId, role: p.player.role, commissionBp: p.player.commissionBp, playCents: [p.playCents], winCents: p.winCents });
    const perAncestor = under.get(rowId) ?? new Map<number, bigint>();
    under.set(rowId, perAncestor);
    for (const id of p.player.lineage) {
      if (id === p.player.id) continue;
      const node = nodes.get(id);
      if (node && split.columnOf(node.role)) perAncestor.set(id, (perAncestor.get(id) ?? 0n) + p.playCents);
    }
  }
  const ancestors: AncestorPlay[] = [];
  for (const [rowId, perAncestor] of under)
    for (const [id, playCents] of perAncestor) {
      const node = nodes.get(id)!;
      ancestors.push({ rowId, role: node.role, commissionBp: node.commissionBp, playCents });
    }
  return turnoverFromSums(rowIds, own, ancestors, split);
}

/** The footer of a report: the sum of each figure over the rows. */
export function totalsOf<K extends string>(rows: readonly Record<K, bigint>[], keys: readonly K[]): Record<K, bigint> {
  const out = Object.fromEntries(keys.map((k) => [k, 0n])) as Record<K, bigint>;
  for (const r of rows) for (const k of keys) out[k] += r[k];
  return out;
}

/** The figures of a pending-commission row that add up over rows. */
export const PENDING_FIGURES = ['totalcommission', 'pending'] as const;

/** Pending commission: the play under the account since its last payment × its rate. */
export const pendingCommission = (playSincePaidCents: bigint, commissionBp: number): bigint => applyBp(playSincePaidCents, commissionBp);

/** Admin commission per game, as the product defines it: total points × win percentage / 100. */
export const adminCommission = (totalPlayCents: bigint, winPercentageBp: number): bigint => applyBp(totalPlayCents, winPercentageBp);

/**
 * Footer sums of rows already in points (2 decimals), added as cents so 0.10 + 0.20 is 0.30:
 * what the client's Total rows and the server's totals both use.
 */
export function sumPoints<K extends string>(rows: readonly Record<K, number>[], keys: readonly K[]): Record<K, number> {
  const cents = totalsOf(
    rows.map((r) => Object.fromEntries(keys.map((k) => [k, BigInt(Math.round(r[k] * 100))])) as Record<K, bigint>),
    keys,
  );
  return Object.fromEntries(keys.map((k) => [k, Number(cents[k]) / 100])) as Record<K, number>;
}

/**
 * A turnover row's or footer's commission and net from its figures in points: commission = the sum
 * of the commission columns, net = end − commission, added as cents (0.30 − (0.10 + 0.20) is 0.00,
 * never −0.00).
 */
export function commissionAndNet(f: Readonly<Record<string, number>>, columns: readonly string[]): { commission: number; netToPay: number } {
  const cents = (points: number): bigint => BigInt(Math.round(points * 100));
  const commission = columns.reduce((sum, k) => sum + cents(f[k] ?? 0), 0n);
  return { commission: Number(commission) / 100, netToPay: Number(cents(f.endPoints ?? 0) - commission) / 100 };
}

/** The commission table's figures, all numeric; the footer adds up all but net to pay. */
export const COMMISSION_TABLE_FIGURES = ['playPoints', 'winPoints', 'endPoints', 'commission', 'netToPay'] as const;
export type CommissionTableFigure = (typeof COMMISSION_TABLE_FIGURES)[number];

/**
 * The commission table's footer: only what adds up. Each row's play is the play under that account,
 * so a master's row repeats its players' play and an area manager's repeats its masters': summing
 * the column counts one bet once per tier (152 where 38 was played). Play, win and end are the
 * leaf tier's rows (the players, disjoint, every bet once); commission is every row's (each account
 * is paid its own: what the send pays). Net to pay is per account and has no total (null).
 */
export function commissionTableTotals(
  rows: readonly (Record<CommissionTableFigure, number> & { role: string })[],
  leafRole: string,
): Record<Exclude<CommissionTableFigure, 'netToPay'>, number> & { netToPay: null } {
  const play = sumPoints(
    rows.filter((r) => r.role === leafRole),
    ['playPoints', 'winPoints', 'endPoints'] as const,
  );
  return { ...play, commission: sumPoints(rows, ['commission'] as const).commission, netToPay: null };
}
