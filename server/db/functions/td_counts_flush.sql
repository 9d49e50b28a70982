-- Spreads the fresh counts (ledger_fresh, activity_fresh) over the accounts of the rows' paths into
-- ledger_counts and activity_counts, as the *_live views count them, and deletes them: one statement
-- each, so a reader sees them on one side or the other. Rows a writer holds (its transaction still
-- open) are skipped, not waited for: the next flush takes them. Writes only this process's own kept
-- rows, so two flushes, or a flush and a write, never wait on each other. Inside a move of accounts
-- (td_account_moves_apply, after the paths changed) the moved accounts' old paths count: the move then
-- moves what was counted under them.
CREATE OR REPLACE FUNCTION td_counts_flush() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH taken AS (
    DELETE FROM ledger_fresh WHERE ctid = ANY (ARRAY(SELECT ctid FROM ledger_fresh FOR UPDATE SKIP LOCKED))
    RETURNING from_id, to_id, status, hour, n)
  INSERT INTO ledger_counts (node, own, status, hour, writer, n)
  SELECT x.node, x.own, f.status, f.hour, pg_backend_pid(), sum(f.n)
    FROM taken f
    CROSS JOIN LATERAL (
      SELECT e::bigint AS node, false AS own FROM accounts a LEFT JOIN account_moves m ON m.id = a.id, unnest(string_to_array(trim(both '/' from coalesce(m.old_path, a.path)), '/')) e WHERE a.id IN (f.from_id, f.to_id)
      UNION SELECT s, true FROM (VALUES (f.from_id), (f.to_id)) v(s) WHERE s <> 0) x
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (node, own, status, hour, writer) DO UPDATE SET n = ledger_counts.n + EXCLUDED.n;

  WITH taken AS (
    DELETE FROM activity_fresh WHERE ctid = ANY (ARRAY(SELECT ctid FROM activity_fresh FOR UPDATE SKIP LOCKED))
    RETURNING account_id, hour, n)
  INSERT INTO activity_counts (node, own, hour, writer, n)
  SELECT x.node, x.own, f.hour, pg_backend_pid(), sum(f.n)
    FROM taken f
    CROSS JOIN LATERAL (
      SELECT e::bigint AS node, false AS own FROM accounts a LEFT JOIN account_moves m ON m.id = a.id, unnest(string_to_array(trim(both '/' from coalesce(m.old_path, a.path)), '/')) e WHERE a.id = f.account_id
      UNION ALL SELECT f.account_id, true) x
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (node, own, hour, writer) DO UPDATE SET n = activity_counts.n + EXCLUDED.n;
END;
$$;
