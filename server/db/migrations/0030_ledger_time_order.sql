-- The Transaction Report reads newest first by time and, among one transaction's rows (one time), by
-- id: a page is then the rows of a few UTC hours, which the kept counts per hour locate, so a deep
-- page no longer reads every row before it. The index by time alone becomes one by time and id,
-- which serves both its old readers (a filter's edge hours, Clear History's range) and that order
-- without sorting a large transaction's rows (a settlement's, a bulk transfer's).
CREATE INDEX "transactions_created_id_idx" ON "transactions" USING btree ("created_at", "id");
--> statement-breakpoint
DROP INDEX "transactions_created_idx";
