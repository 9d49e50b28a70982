-- Counts the ledger rows a statement wrote into ledger_counts, per status and UTC hour: once under
-- each account of either side's path (the Transaction Report of a subtree) and under each side
-- alone (of one account). Keyed by the writing connection (writer: pg_backend_pid()), which runs one transaction at a
-- time: two transfers never update the same row, whatever accounts they share.
CREATE OR REPLACE FUNCTION td_ledger_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_counts (node, own, status, hour, writer, n)
  SELECT x.node, x.own, t.status, floor(extract(epoch FROM t.created_at) / 3600)::int, pg_backend_pid(), count(*)
    FROM td_new_transactions t
    CROSS JOIN LATERAL (
      SELECT e::bigint AS node, false AS own FROM accounts a, unnest(string_to_array(trim(both '/' from a.path), '/')) e WHERE a.id IN (t.from_id, t.to_id)
      UNION SELECT s, true FROM (VALUES (t.from_id), (t.to_id)) v(s) WHERE s IS NOT NULL) x
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (node, own, status, hour, writer) DO UPDATE SET n = ledger_counts.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
