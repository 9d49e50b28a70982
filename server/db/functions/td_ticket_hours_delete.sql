-- Takes deleted tickets (Clear History, a round's deletion) out of ticket_hours, once per statement.
CREATE OR REPLACE FUNCTION td_ticket_hours_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ticket_hours h SET tickets = h.tickets - d.n
    FROM (SELECT admin_id, floor(extract(epoch FROM created_at) / 3600)::int AS hour, game_id, count(*) AS n FROM td_old_tickets GROUP BY 1, 2, 3) d
   WHERE h.admin_id = d.admin_id AND h.hour = d.hour AND h.game_id = d.game_id;
  RETURN NULL;
END;
$$;
