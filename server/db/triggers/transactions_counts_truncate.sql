-- A restore empties the ledger before it loads it: its counts go with it.
CREATE OR REPLACE TRIGGER "transactions_counts_truncate" AFTER TRUNCATE ON "transactions" FOR EACH STATEMENT EXECUTE FUNCTION td_ledger_counts_truncate();
