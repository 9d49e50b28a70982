-- Takes deleted ledger rows (Clear History) out of ledger_counts, below zero, in this process's own
-- rows: a Clear History holds no row a transfer or a bet adds to.
CREATE OR REPLACE FUNCTION td_ledger_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_counts (node, own, status, hour, writer, n)
  SELECT x.node, x.own, t.status, floor(extract(epoch FROM t.created_at) / 3600)::int, pg_backend_pid(), -count(*)
    FROM td_old_transactions t
    CROSS JOIN LATERAL (
      SELECT e::bigint AS node, false AS own FROM accounts a, unnest(string_to_array(trim(both '/' from a.path), '/')) e WHERE a.id IN (t.from_id, t.to_id)
      UNION SELECT s, true FROM (VALUES (t.from_id), (t.to_id)) v(s) WHERE s IS NOT NULL) x
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (node, own, status, hour, writer) DO UPDATE SET n = ledger_counts.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
