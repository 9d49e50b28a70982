-- Counts ticket_hours again from the tickets, in one pass: a restore loads the tickets with the
-- insert trigger off (row by row it would keep every loaded ticket aside for the statement's end) and
-- runs this once after.
CREATE OR REPLACE FUNCTION td_ticket_hours_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM ticket_hours;
  INSERT INTO ticket_hours (admin_id, hour, game_id, tickets)
  SELECT admin_id, floor(extract(epoch FROM created_at) / 3600)::int, game_id, count(*) FROM tickets GROUP BY 1, 2, 3;
$$;
