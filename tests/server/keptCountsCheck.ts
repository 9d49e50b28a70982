import type { Queryable } from '../../server/db/client';

/** How the kept counts are read: as a total reads them (`live`: spread and fresh), or the spread tables alone. */
export type CountsRead = 'live' | 'spread';

export interface CountsAgainstRows {
  activity_extra: number;
  activity_missing: number;
  ledger_extra: number;
  ledger_missing: number;
  /** account_moves rows left over (it is empty between statements). */
  moves: number;
  /** Rows of activity_fresh and ledger_fresh, not yet spread. */
  fresh: number;
  /** The counts already spread (the kept tables' sums): a flush, or a restore's recount, wrote them. */
  spread: number;
  logs: number;
  ledger: number;
}

/**
 * The kept counts (activity, ledger) against one query over every row, per account of the path (by
 * path prefix), own account and hour: the count rows one side has that the other has not. All four
 * are 0 when the counts are exactly the rows' own.
 */
export async function keptCountsAgainstRows(q: Queryable, read: CountsRead = 'live'): Promise<CountsAgainstRows> {
  const [activity, ledger] = read === 'live' ? ['activity_counts_live', 'ledger_counts_live'] : ['activity_counts', 'ledger_counts'];
  const hour = (t: string) => `floor(extract(epoch FROM ${t}.created_at) / 3600)::int`;
  const [r] = await q.query(
    `WITH kept_a AS (SELECT node, own, hour, sum(n) AS n FROM ${activity} GROUP BY 1, 2, 3 HAVING sum(n) <> 0),
          rows_a AS (SELECT n.id AS node, false AS own, ${hour('l')} AS hour, count(*) AS n FROM accounts n JOIN accounts a ON a.path LIKE n.path || '%' JOIN activity_logs l ON l.account_id = a.id GROUP BY 1, 3
                     UNION ALL SELECT coalesce(l.account_id, 0), true, ${hour('l')}, count(*) FROM activity_logs l GROUP BY 1, 3),
          kept_l AS (SELECT node, own, status, hour, sum(n) AS n FROM ${ledger} GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0),
          rows_l AS (SELECT n.id AS node, false AS own, t.status, ${hour('t')} AS hour, count(*) AS n FROM accounts n JOIN transactions t
                       ON EXISTS (SELECT 1 FROM accounts x WHERE x.id IN (t.from_id, t.to_id) AND x.path LIKE n.path || '%') GROUP BY 1, 3, 4
                     UNION ALL SELECT s, true, t.status, ${hour('t')}, count(*) FROM transactions t, LATERAL (SELECT t.from_id UNION SELECT t.to_id) v(s) WHERE s IS NOT NULL GROUP BY 1, 3, 4)
     SELECT (SELECT count(*) FROM (SELECT * FROM kept_a EXCEPT SELECT * FROM rows_a) x)::int AS activity_extra,
            (SELECT count(*) FROM (SELECT * FROM rows_a EXCEPT SELECT * FROM kept_a) x)::int AS activity_missing,
            (SELECT count(*) FROM (SELECT * FROM kept_l EXCEPT SELECT * FROM rows_l) x)::int AS ledger_extra,
            (SELECT count(*) FROM (SELECT * FROM rows_l EXCEPT SELECT * FROM kept_l) x)::int AS ledger_missing,
            (SELECT count(*) FROM account_moves)::int AS moves,
            ((SELECT count(*) FROM activity_fresh) + (SELECT count(*) FROM ledger_fresh))::int AS fresh,
            (coalesce((SELECT sum(n) FROM activity_counts), 0) + coalesce((SELECT sum(n) FROM ledger_counts), 0))::bigint::text AS spread,
            (SELECT count(*) FROM activity_logs)::int AS logs, (SELECT count(*) FROM transactions)::int AS ledger`,
  );
  const n = (k: keyof CountsAgainstRows) => Number(r![k]);
  return {
    activity_extra: n('activity_extra'),
    activity_missing: n('activity_missing'),
    ledger_extra: n('ledger_extra'),
    ledger_missing: n('ledger_missing'),
    moves: n('moves'),
    fresh: n('fresh'),
    spread: n('spread'),
    logs: n('logs'),
    ledger: n('ledger'),
  };
}

/** What keptCountsAgainstRows answers when the counts are the rows' own. */
export const COUNTS_EXACT = { activity_extra: 0, activity_missing: 0, ledger_extra: 0, ledger_missing: 0, moves: 0 } as const;
