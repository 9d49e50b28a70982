-- Every write of the activity log (a request's row, a transfer's): counted into activity_fresh, row by row. A restore's load turns it off and counts once.
CREATE OR REPLACE TRIGGER "activity_logs_counts_insert" AFTER INSERT ON "activity_logs" FOR EACH ROW EXECUTE FUNCTION td_activity_fresh_add();
