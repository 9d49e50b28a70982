-- Counts the activity rows a statement wrote into activity_fresh, per account (0: none) and UTC hour
-- (td_counts_flush spreads them over the account's path later). Keyed by the writing connection
-- (writer: pg_backend_pid()), which runs one transaction at a time: concurrent requests never update the same row.
CREATE OR REPLACE FUNCTION td_activity_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_fresh (account_id, hour, writer, n)
  SELECT coalesce(l.account_id, 0), floor(extract(epoch FROM l.created_at) / 3600)::int, pg_backend_pid(), count(*)
    FROM td_new_activity l
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (account_id, hour, writer) DO UPDATE SET n = activity_fresh.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
