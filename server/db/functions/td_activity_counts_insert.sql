-- Counts the activity rows a statement wrote into activity_counts: under each account of the row's
-- path and under its account alone (node 0: no account), per UTC hour. Keyed by the writing connection
-- (writer: pg_backend_pid()), which runs one transaction at a time: concurrent requests never update the same row.
CREATE OR REPLACE FUNCTION td_activity_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_counts (node, own, hour, writer, n)
  SELECT x.node, x.own, floor(extract(epoch FROM l.created_at) / 3600)::int, pg_backend_pid(), count(*)
    FROM td_new_activity l
    CROSS JOIN LATERAL (
      SELECT e::bigint AS node, false AS own FROM accounts a, unnest(string_to_array(trim(both '/' from a.path), '/')) e WHERE a.id = l.account_id
      UNION ALL SELECT coalesce(l.account_id, 0), true) x
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (node, own, hour, writer) DO UPDATE SET n = activity_counts.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
