-- Commission Payout and its preview read each player's running totals in force at the end of a day
-- (and the newest): the rows of one player from that day on, by the day the next row replaces them
-- (the newest's is infinity). Neither column changes when a bet adds to a row, so those updates stay
-- heap-only.
CREATE INDEX "player_days_player_until_idx" ON "player_days" USING btree ("player_id", (coalesce("until", 'infinity'::date)));
--> statement-breakpoint
-- A tier list's default order is the newest accounts first: its first page is the first rows of this
-- index (no sort of the whole tier). Its columns never change on a wallet update.
CREATE INDEX "accounts_role_created_idx" ON "accounts" USING btree ("role", "created_at" DESC NULLS LAST, "id" DESC);
--> statement-breakpoint
-- One account's activity newest first (its own log page, the Log Activities filter by user): the
-- rows of that account in id order, where a walk down the whole log's ids looked for them.
CREATE INDEX "activity_logs_account_id_idx" ON "activity_logs" USING btree ("account_id", "id");
