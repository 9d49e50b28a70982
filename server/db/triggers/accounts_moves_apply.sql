-- The moved accounts' counts follow them, once per statement that set paths (wallet updates do not fire it).
CREATE OR REPLACE TRIGGER "accounts_moves_apply" AFTER UPDATE OF "path" ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION td_account_moves_apply();
