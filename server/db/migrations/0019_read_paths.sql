-- The user pickers search usernames by prefix as the operator types and list them in order: one
-- index serves both (C collation, so LIKE 'abc%' is a range of it).
CREATE INDEX "accounts_username_search_idx" ON "accounts" USING btree ((lower("username") COLLATE "C"));
