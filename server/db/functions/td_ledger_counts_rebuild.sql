-- Counts ledger_counts again from the ledger (a restore loads the ledger with the insert trigger off
-- and runs this once after): the sender's path, the receiver's path less the part it shares with the
-- sender's, and each side alone. The ledger is first summed per sender, receiver, status and UTC hour,
-- so the paths are read per pair of accounts, not per row (a bet and its win repeat one pair all day).
CREATE OR REPLACE FUNCTION td_ledger_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM ledger_counts;
  DELETE FROM ledger_fresh;
  INSERT INTO ledger_counts (node, own, status, hour, writer, n)
  WITH h AS MATERIALIZED (
         -- The hour as the insert trigger counts it; date_bin keeps the sum's key a timestamp, not a numeric per row.
         SELECT from_id, to_id, coalesce(from_id, 0) AS fk, status,
                floor(extract(epoch FROM date_bin('1 hour', created_at, timestamptz '1970-01-01 00:00:00+00')) / 3600)::int AS hour, count(*) AS n
           FROM transactions GROUP BY from_id, to_id, status, date_bin('1 hour', created_at, timestamptz '1970-01-01 00:00:00+00')),
       pairs AS (SELECT DISTINCT fk, to_id FROM h WHERE to_id IS NOT NULL),
       extra AS (SELECT pr.fk, pr.to_id, p.e::bigint AS node
                   FROM pairs pr JOIN accounts o ON o.id = pr.to_id LEFT JOIN accounts f ON f.id = pr.fk,
                        unnest(string_to_array(trim(both '/' from o.path), '/')) WITH ORDINALITY p(e, k)
                  WHERE f.path IS NULL OR NOT starts_with(f.path, '/' || array_to_string((string_to_array(trim(both '/' from o.path), '/'))[1:p.k], '/') || '/')),
       sent AS (SELECT from_id, status, hour, sum(n) AS n FROM h WHERE from_id IS NOT NULL GROUP BY 1, 2, 3)
  SELECT node, false, status, hour, 0, sum(n)::bigint FROM (
    SELECT e::bigint AS node, s.status, s.hour, s.n FROM sent s JOIN accounts f ON f.id = s.from_id, unnest(string_to_array(trim(both '/' from f.path), '/')) e
    UNION ALL
    SELECT x.node, h.status, h.hour, h.n FROM h JOIN extra x ON x.to_id = h.to_id AND x.fk = h.fk
  ) x GROUP BY 1, 3, 4
  UNION ALL
  SELECT side, true, status, hour, 0, sum(n)::bigint FROM (
    SELECT from_id AS side, status, hour, n FROM h WHERE from_id IS NOT NULL
    UNION ALL
    SELECT to_id, status, hour, n FROM h WHERE to_id IS NOT NULL AND to_id IS DISTINCT FROM from_id
  ) y GROUP BY 1, 3, 4;
$$;
