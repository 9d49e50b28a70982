-- Counts ledger_counts again from the ledger in one pass (a restore loads the ledger with the insert
-- trigger off and runs this once after): the sender's path, the receiver's path less the part it
-- shares with the sender's, and each side alone.
CREATE OR REPLACE FUNCTION td_ledger_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM ledger_counts;
  INSERT INTO ledger_counts (node, own, status, hour, writer, n)
  SELECT node, false, status, hour, 0, count(*) FROM (
    SELECT e::bigint AS node, t.status, floor(extract(epoch FROM t.created_at) / 3600)::int AS hour
      FROM transactions t JOIN accounts f ON f.id = t.from_id, unnest(string_to_array(trim(both '/' from f.path), '/')) e
    UNION ALL
    SELECT p.e::bigint, t.status, floor(extract(epoch FROM t.created_at) / 3600)::int
      FROM transactions t JOIN accounts o ON o.id = t.to_id LEFT JOIN accounts f ON f.id = t.from_id,
           unnest(string_to_array(trim(both '/' from o.path), '/')) WITH ORDINALITY p(e, k)
     WHERE f.path IS NULL OR NOT starts_with(f.path, '/' || array_to_string((string_to_array(trim(both '/' from o.path), '/'))[1:p.k], '/') || '/')
  ) x GROUP BY 1, 3, 4
  UNION ALL
  SELECT side, true, status, hour, 0, count(*) FROM (
    SELECT from_id AS side, status, floor(extract(epoch FROM created_at) / 3600)::int AS hour FROM transactions WHERE from_id IS NOT NULL
    UNION ALL
    SELECT to_id, status, floor(extract(epoch FROM created_at) / 3600)::int FROM transactions WHERE to_id IS NOT NULL AND to_id IS DISTINCT FROM from_id
  ) y GROUP BY 1, 3, 4;
$$;
