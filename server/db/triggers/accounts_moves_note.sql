-- An account moved under another parent (its path changed): noted for the statement's end. Only UPDATEs that set the path fire it.
CREATE OR REPLACE TRIGGER "accounts_moves_note" AFTER UPDATE OF "path" ON "accounts" FOR EACH ROW WHEN (OLD."path" IS DISTINCT FROM NEW."path") EXECUTE FUNCTION td_account_moves_note();
