import { hourCover, type TimeWindow } from '../../domain/hourCover';
import type { Queryable } from './client';
import { col, queryOne, rowsOf } from './rows';

/**
 * A filter's total from counts the writers keep per UTC hour (activity_counts, ledger_counts) and,
 * at a time range's edges, the rows counted by time (domain/hourCover.ts): one statement.
 */
export interface KeptTotalParts {
  /** A scalar subquery: the kept counts' sum over the hours matching `hours` (a condition on a column `hour`, '' for all). */
  kept(hours: string, params: unknown[]): string;
  /** A scalar subquery: the filter's rows whose time matches `time(column)`. */
  rows(time: (column: string) => string, params: unknown[]): string;
}

const bound = (params: unknown[], v: Date) => {
  params.push(v);
  return `$${params.length}::timestamptz`;
};

const windowCondition = (w: TimeWindow, params: unknown[]) => (column: string) =>
  `${column} ${w.fromIncluded ? '>=' : '>'} ${bound(params, w.from)} AND ${column} ${w.toIncluded ? '<=' : '<'} ${bound(params, w.to)}`;

const totalRow = rowsOf({ n: col.int });

export async function keptTotal(q: Queryable, range: { start: Date; end: Date } | undefined, parts: KeptTotalParts): Promise<number> {
  const params: unknown[] = [];
  // Each term with its sign: `+ x` or `- x`.
  const terms: string[] = [];
  if (!range) terms.push(`+ ${parts.kept('', params)}`);
  else {
    const cover = hourCover(range.start, range.end);
    if (cover.hours) {
      params.push(cover.hours.first, cover.hours.last);
      terms.push(`+ ${parts.kept(` AND hour BETWEEN $${params.length - 1} AND $${params.length}`, params)}`);
    }
    for (const w of cover.add) terms.push(`+ ${parts.rows(windowCondition(w, params), params)}`);
    for (const w of cover.subtract) terms.push(`- ${parts.rows(windowCondition(w, params), params)}`);
  }
  if (terms.length === 0) return 0;
  return (await queryOne(q, totalRow, `SELECT (0 ${terms.join(' ')})::bigint::text AS n`, params)).n;
}

/** The kept counts' sum as a bigint (sum() is numeric; NULL over no rows). */
export const keptSum = (from: string) => `coalesce((SELECT sum(n) FROM ${from}), 0)`;

/**
 * How often the fresh counts are spread over the accounts' paths (td_counts_flush): what a total reads
 * of them unspread stays a few seconds' writes.
 */
export const FLUSH_COUNTS_EVERY_MS = 5_000;

/** Spreads the fresh counts into the kept ones (migration 0027 says why they are written apart). */
export async function flushCounts(q: Queryable): Promise<void> {
  await q.query(`SELECT td_counts_flush()`);
}
