-- Counts activity_counts again from the activity log in one pass: a restore loads the log with the
-- insert trigger off and runs this once after.
CREATE OR REPLACE FUNCTION td_activity_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM activity_counts;
  DELETE FROM activity_fresh;
  INSERT INTO activity_counts (node, own, hour, writer, n)
  SELECT e::bigint, false, floor(extract(epoch FROM l.created_at) / 3600)::int, 0, count(*)
    FROM activity_logs l JOIN accounts a ON a.id = l.account_id, unnest(string_to_array(trim(both '/' from a.path), '/')) e
   GROUP BY 1, 3
  UNION ALL
  SELECT coalesce(l.account_id, 0), true, floor(extract(epoch FROM l.created_at) / 3600)::int, 0, count(*) FROM activity_logs l GROUP BY 1, 3;
$$;
