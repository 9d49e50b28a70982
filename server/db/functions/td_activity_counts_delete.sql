-- Takes deleted activity rows (Clear History) out of activity_counts: the same rows as their insert
-- counted, below zero, in this process's own rows (a long Clear History holds no row a request adds to).
CREATE OR REPLACE FUNCTION td_activity_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_counts (node, own, hour, writer, n)
  SELECT x.node, x.own, floor(extract(epoch FROM l.created_at) / 3600)::int, pg_backend_pid(), -count(*)
    FROM td_old_activity l
    CROSS JOIN LATERAL (
      SELECT e::bigint AS node, false AS own FROM accounts a, unnest(string_to_array(trim(both '/' from a.path), '/')) e WHERE a.id = l.account_id
      UNION ALL SELECT coalesce(l.account_id, 0), true) x
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (node, own, hour, writer) DO UPDATE SET n = activity_counts.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;
