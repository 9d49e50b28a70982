-- Emptying the tickets (a restore does, before it loads) empties their counts.
CREATE OR REPLACE FUNCTION td_ticket_hours_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_hours;
  RETURN NULL;
END;
$$;
