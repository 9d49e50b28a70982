-- Emptying the activity log (a restore does, before it loads) empties its counts, the fresh ones too.
CREATE OR REPLACE FUNCTION td_activity_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_counts;
  DELETE FROM activity_fresh;
  RETURN NULL;
END;
$$;
