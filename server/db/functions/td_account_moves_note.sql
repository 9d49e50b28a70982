-- Notes an account whose path an UPDATE changed (moved under another parent, with its subtree), for
-- the statement's end: a ledger row between two moved accounts is then counted once, from both
-- sides' old and new paths together.
CREATE OR REPLACE FUNCTION td_account_moves_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_moves (id, old_path, new_path) VALUES (OLD.id, OLD.path, NEW.path);
  RETURN NULL;
END;
$$;
