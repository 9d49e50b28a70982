-- A restore empties the activity log before it loads it: its counts go with it.
CREATE OR REPLACE TRIGGER "activity_logs_counts_truncate" AFTER TRUNCATE ON "activity_logs" FOR EACH STATEMENT EXECUTE FUNCTION td_activity_counts_truncate();
