-- A bet batch or a restore's load: their tickets counted into ticket_hours, once per statement.
CREATE OR REPLACE TRIGGER "tickets_hours_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS td_new_tickets FOR EACH STATEMENT EXECUTE FUNCTION td_ticket_hours_insert();
