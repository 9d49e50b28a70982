-- Clear History or a deleted round: their tickets counted out of ticket_hours, once per statement.
CREATE OR REPLACE TRIGGER "tickets_hours_delete" AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS td_old_tickets FOR EACH STATEMENT EXECUTE FUNCTION td_ticket_hours_delete();
