-- Emptying the ledger (a restore does, before it loads) empties its counts.
CREATE OR REPLACE FUNCTION td_ledger_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_counts;
  RETURN NULL;
END;
$$;
