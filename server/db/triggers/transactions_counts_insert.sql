-- Every ledger write (a transfer, a bet batch, a carried-forward row): counted into ledger_fresh, row by row. A restore's load turns it off and counts once.
CREATE OR REPLACE TRIGGER "transactions_counts_insert" AFTER INSERT ON "transactions" FOR EACH ROW EXECUTE FUNCTION td_ledger_fresh_add();
