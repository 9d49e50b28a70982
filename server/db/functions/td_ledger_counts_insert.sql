-- Counts the ledger rows a statement wrote into ledger_fresh, per sender, receiver, status and UTC
-- hour: one row per pair, whatever the paths' depth (td_counts_flush spreads it over them later).
-- Keyed by the writing connection (writer: pg_backend_pid()), which runs one transaction at a time:
-- two transfers never update the same row, whatever accounts they share.
CREATE OR REPLACE FUNCTION td_ledger_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_fresh (from_id, to_id, status, hour, writer, n)
  SELECT coalesce(t.from_id, 0), coalesce(t.to_id, 0), t.status, floor(extract(epoch FROM t.created_at) / 3600)::int, pg_backend_pid(), count(*)
    FROM td_new_transactions t
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (from_id, to_id, status, hour, writer) DO UPDATE SET n = ledger_fresh.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
