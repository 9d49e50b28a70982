-- Spreads the fresh counts (ledger_fresh, activity_fresh) into ledger_counts and activity_counts as
-- the *_fresh_spread views spread them, and deletes them: one statement each, so a reader sees them on
-- one side or the other. Rows a writer holds (its transaction still open) are skipped, not waited
-- for: the next flush takes them. Writes only this process's own kept rows, so two flushes, or a
-- flush and a write, never wait on each other.
CREATE OR REPLACE FUNCTION td_counts_flush() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH held AS MATERIALIZED (SELECT ctid AS fresh_row FROM ledger_fresh FOR UPDATE SKIP LOCKED),
       spread AS (
         INSERT INTO ledger_counts (node, own, status, hour, writer, n)
         SELECT s.node, s.own, s.status, s.hour, pg_backend_pid(), sum(s.n)
           FROM ledger_fresh_spread s WHERE s.fresh_row = ANY (ARRAY(SELECT fresh_row FROM held))
          GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
         ON CONFLICT (node, own, status, hour, writer) DO UPDATE SET n = ledger_counts.n + EXCLUDED.n)
  DELETE FROM ledger_fresh WHERE ctid = ANY (ARRAY(SELECT fresh_row FROM held));

  WITH held AS MATERIALIZED (SELECT ctid AS fresh_row FROM activity_fresh FOR UPDATE SKIP LOCKED),
       spread AS (
         INSERT INTO activity_counts (node, own, hour, writer, n)
         SELECT s.node, s.own, s.hour, pg_backend_pid(), sum(s.n)
           FROM activity_fresh_spread s WHERE s.fresh_row = ANY (ARRAY(SELECT fresh_row FROM held))
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
         ON CONFLICT (node, own, hour, writer) DO UPDATE SET n = activity_counts.n + EXCLUDED.n)
  DELETE FROM activity_fresh WHERE ctid = ANY (ARRAY(SELECT fresh_row FROM held));
END;
$$;
