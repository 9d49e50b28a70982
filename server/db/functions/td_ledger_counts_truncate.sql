-- Emptying the ledger (a restore does, before it loads) empties its counts, the fresh ones too.
CREATE OR REPLACE FUNCTION td_ledger_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_counts;
  DELETE FROM ledger_fresh;
  RETURN NULL;
END;
$$;
