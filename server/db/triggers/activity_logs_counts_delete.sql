-- Clear History's activity rows: counted out of activity_counts, once per statement.
CREATE OR REPLACE TRIGGER "activity_logs_counts_delete" AFTER DELETE ON "activity_logs" REFERENCING OLD TABLE AS td_old_activity FOR EACH STATEMENT EXECUTE FUNCTION td_activity_counts_delete();
