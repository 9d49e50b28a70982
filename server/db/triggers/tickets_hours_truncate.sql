-- A restore empties the tickets before it loads them: their counts go with them.
CREATE OR REPLACE TRIGGER "tickets_hours_truncate" AFTER TRUNCATE ON "tickets" FOR EACH STATEMENT EXECUTE FUNCTION td_ticket_hours_truncate();
