-- Moves the counts of the accounts an UPDATE moved (noted in account_moves) from the accounts only
-- their old paths had to those only their new paths have: a moved account's own activity rows, per
-- hour; each ledger row with a moved side, from the nodes of both sides' old paths to those of their
-- new paths. Reads the moved accounts' rows by their indexes; the notes go once applied.
CREATE OR REPLACE FUNCTION td_account_moves_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM account_moves) THEN
    RETURN NULL;
  END IF;
  -- The fresh counts first, under the paths they were written on (the moves' old paths): what follows
  -- moves kept counts. None of the moved accounts' is skipped as held: a write on a moved account waits
  -- for this statement's locks on it.
  PERFORM td_counts_flush();
  INSERT INTO activity_counts (node, own, hour, writer, n)
  SELECT d.node, false, c.hour, pg_backend_pid(), sum(c.n * d.sign)
    FROM account_moves m
    JOIN activity_counts c ON c.node = m.id AND c.own
    CROSS JOIN LATERAL (
      SELECT e::bigint AS node, -1 AS sign FROM unnest(string_to_array(trim(both '/' from m.old_path), '/')) e
      UNION ALL SELECT e::bigint, 1 FROM unnest(string_to_array(trim(both '/' from m.new_path), '/')) e) d
   GROUP BY 1, 3 HAVING sum(c.n * d.sign) <> 0 ORDER BY 1, 3
  ON CONFLICT (node, own, hour, writer) DO UPDATE SET n = activity_counts.n + EXCLUDED.n;

  INSERT INTO ledger_counts (node, own, status, hour, writer, n)
  WITH touched AS (
    SELECT t.status, floor(extract(epoch FROM t.created_at) / 3600)::int AS hour,
           coalesce(mf.old_path, f.path) AS old_from, f.path AS new_from, coalesce(mt.old_path, o.path) AS old_to, o.path AS new_to
      FROM (SELECT t.id FROM account_moves m JOIN transactions t ON t.from_id = m.id
            UNION SELECT t.id FROM account_moves m JOIN transactions t ON t.to_id = m.id) ids
      JOIN transactions t ON t.id = ids.id
      LEFT JOIN accounts f ON f.id = t.from_id LEFT JOIN account_moves mf ON mf.id = t.from_id
      LEFT JOIN accounts o ON o.id = t.to_id LEFT JOIN account_moves mt ON mt.id = t.to_id
  )
  SELECT s.node, false, t.status, t.hour, pg_backend_pid(), sum(s.sign)
    FROM touched t
    CROSS JOIN LATERAL (
      SELECT e::bigint AS node, 1 AS sign FROM (SELECT unnest(string_to_array(trim(both '/' from t.new_from), '/')) UNION SELECT unnest(string_to_array(trim(both '/' from t.new_to), '/'))) n(e)
      UNION ALL
      SELECT e::bigint, -1 FROM (SELECT unnest(string_to_array(trim(both '/' from t.old_from), '/')) UNION SELECT unnest(string_to_array(trim(both '/' from t.old_to), '/'))) o(e)) s
   GROUP BY 1, 3, 4 HAVING sum(s.sign) <> 0 ORDER BY 1, 3, 4
  ON CONFLICT (node, own, status, hour, writer) DO UPDATE SET n = ledger_counts.n + EXCLUDED.n;

  -- A moved player's day rows under an admin its new path leaves (or comes back to).
  PERFORM td_play_elsewhere_rebuild(ARRAY(SELECT id FROM account_moves));

  DELETE FROM account_moves;
  RETURN NULL;
END;
$$;
