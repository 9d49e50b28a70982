-- A player's play on the days after its commission was last paid (commission_paid_through; every day
-- when never paid), in cents, on its account row: Pending Commission of the players and its total
-- read it from the accounts, a page at a time, where they summed every player's day rows (a
-- superadmin's 100,000 players: a second). Kept by the statements that keep player_days
-- (td_add_player_play, td_clear_play, under the player's account lock), set again by a commission
-- send for the players it paid, and counted again from player_days after a restore and a rebuild.
ALTER TABLE "accounts" ADD COLUMN "pending_play" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Backfill from the players' day rows already written.
UPDATE "accounts" a SET "pending_play" = s."play"
  FROM (SELECT d."player_id", sum(d."play")::bigint AS "play"
          FROM "player_days" d JOIN "accounts" b ON b."id" = d."player_id"
         WHERE d."day" > coalesce(b."commission_paid_through", '-infinity'::date)
         GROUP BY 1) s
 WHERE a."id" = s."player_id" AND s."play" <> 0;
