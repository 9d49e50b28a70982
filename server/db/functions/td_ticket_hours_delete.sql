-- Takes deleted tickets (Clear History, a round's deletion) out of ticket_hours, once per statement:
-- into rows of their own (removed, counts below zero), which no bet writes, so a Clear History that
-- takes tickets of the hour being bet on holds nothing a bet waits for.
CREATE OR REPLACE FUNCTION td_ticket_hours_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_hours (admin_id, hour, game_id, removed, tickets)
  SELECT admin_id, floor(extract(epoch FROM created_at) / 3600)::int, game_id, true, -count(*) FROM td_old_tickets GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (admin_id, hour, game_id, removed) DO UPDATE SET tickets = ticket_hours.tickets + EXCLUDED.tickets;
  RETURN NULL;
END;
$$;
