-- Play and win per parent of players (the chain's tier just above the leaf) and day, over all the
-- parent's players (a read takes the few deleted ones back out), with the running totals through the day: what every earning account above the
-- players reads (its commission since last paid, its period's play), summed over the parents under
-- it, thousands of rows where the players' own rows were a hundred thousand. Kept by the same
-- statements that keep player_days (td_add_play), counted again from player_days when a player
-- moves to another parent, after Clear History and after a restore.
CREATE TABLE "parent_days" (
	"account_id" bigint NOT NULL,
	"day" date NOT NULL,
	"play" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"run_play" bigint DEFAULT 0 NOT NULL,
	"run_win" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "parent_days_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
-- Backfill from the players' day rows already written: the players' play summed per parent and day.
INSERT INTO "parent_days" ("account_id", "day", "play", "win", "run_play", "run_win")
SELECT "parent", "day", "play", "win", (sum("play") OVER w)::bigint, (sum("win") OVER w)::bigint
  FROM (SELECT a."parent_id" AS "parent", d."day", sum(d."play")::bigint AS "play", sum(d."win")::bigint AS "win"
          FROM "player_days" d JOIN "accounts" a ON a."id" = d."player_id"
         WHERE a."parent_id" IS NOT NULL
         GROUP BY 1, 2) s
WINDOW w AS (PARTITION BY "parent" ORDER BY "day");
--> statement-breakpoint
-- The deleted accounts under a path, by role (the play a read takes back out: a handful, not the tier).
CREATE INDEX "accounts_deleted_role_path_idx" ON "accounts" USING btree ("role", "path" text_pattern_ops) WHERE "deleted_at" IS NOT NULL;
--> statement-breakpoint
ANALYZE "parent_days";
