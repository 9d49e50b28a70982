-- Counts an activity row into activity_fresh, under its account (0: none) and UTC hour
-- (td_counts_flush spreads it over the account's path later). A row trigger, as td_ledger_fresh_add
-- says why. Keyed by the writing connection: concurrent requests never update the same row.
CREATE OR REPLACE FUNCTION td_activity_fresh_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_fresh (account_id, hour, writer, n)
  VALUES (coalesce(NEW.account_id, 0), floor(extract(epoch FROM NEW.created_at) / 3600)::int, pg_backend_pid(), 1)
  ON CONFLICT (account_id, hour, writer) DO UPDATE SET n = activity_fresh.n + 1;
  RETURN NULL;
END;
$$;
