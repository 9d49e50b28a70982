-- Emptying the activity log (a restore does, before it loads) empties its counts.
CREATE OR REPLACE FUNCTION td_activity_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_counts;
  RETURN NULL;
END;
$$;
