-- Whether a player has day rows (player_days) under an admin that is not on its path: rows of a
-- network it was moved out of. A commission send and its preview read the period's rows of the
-- admin's players through the admin's (admin_id, day) range, a few hundred pages, where they probed
-- every player's rows by key (10,000 probes for an admin); only the players marked here are also
-- probed by key, for their rows under other admins. Set by a move of accounts (td_account_moves_apply)
-- and by a write of a player's play under an admin off its path (td_add_player_play); counted again
-- after a restore (td_play_elsewhere_rebuild).
ALTER TABLE "accounts" ADD COLUMN "play_elsewhere" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "accounts" a SET "play_elsewhere" = true
 WHERE EXISTS (SELECT 1 FROM "player_days" d WHERE d."player_id" = a."id" AND position('/' || d."admin_id" || '/' in a."path") = 0);
