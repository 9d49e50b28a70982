-- Online Players counts the live players under a path from the index alone (deleted ones are not in
-- it), and walks them in the screen's order after the online ones: last login newest first, then
-- id; a page past the middle walks it from the other end.
CREATE INDEX "accounts_live_role_path_idx" ON "accounts" USING btree ("role", "path" text_pattern_ops) WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "accounts_live_role_login_idx" ON "accounts" USING btree ("role", "last_login" DESC NULLS LAST, "id") WHERE "deleted_at" IS NULL;
