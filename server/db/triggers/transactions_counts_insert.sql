-- Every ledger write (a transfer, a bet batch, a carried-forward row, a restore's load): counted into ledger_counts, once per statement.
CREATE OR REPLACE TRIGGER "transactions_counts_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS td_new_transactions FOR EACH STATEMENT EXECUTE FUNCTION td_ledger_counts_insert();
