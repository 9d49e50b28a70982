-- Every write of the activity log (a request's row, a transfer's, a restore's load): counted into activity_counts, once per statement.
CREATE OR REPLACE TRIGGER "activity_logs_counts_insert" AFTER INSERT ON "activity_logs" REFERENCING NEW TABLE AS td_new_activity FOR EACH STATEMENT EXECUTE FUNCTION td_activity_counts_insert();
