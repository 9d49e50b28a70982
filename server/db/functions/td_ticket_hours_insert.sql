-- Keeps ticket_hours (the tickets of each admin, game and UTC hour) as tickets are written: once per
-- statement, over the rows it wrote. A bet batch adds a row per hour it spans, under its pool's wallet
-- lock, which already orders the writers of one admin and game; a restore's load adds the whole
-- table's in one statement.
CREATE OR REPLACE FUNCTION td_ticket_hours_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_hours (admin_id, hour, game_id, tickets)
  SELECT admin_id, floor(extract(epoch FROM created_at) / 3600)::int, game_id, count(*) FROM td_new_tickets GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (admin_id, hour, game_id, removed) DO UPDATE SET tickets = ticket_hours.tickets + EXCLUDED.tickets;
  RETURN NULL;
END;
$$;
