-- Clear History's ledger rows: counted out of ledger_counts, once per statement.
CREATE OR REPLACE TRIGGER "transactions_counts_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS td_old_transactions FOR EACH STATEMENT EXECUTE FUNCTION td_ledger_counts_delete();
