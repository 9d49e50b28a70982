-- Play and win per parent of players (the chain's tier just above the leaf) and day, over the parent's
-- live players, with the running totals through the day: what every earning account above the
-- players reads (its commission since last paid, its period's play), summed over the parents under
-- it, thousands of rows where the players' own rows were a hundred thousand. Kept by the same
-- statements that keep player_days (td_add_play), counted again from player_days when a player
-- leaves a parent (moved, deleted), after Clear History and after a restore.
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
-- Backfill from the players' day rows already written: the live players' play summed per parent and day.
INSERT INTO "parent_days" ("account_id", "day", "play", "win", "run_play", "run_win")
SELECT "parent", "day", "play", "win", (sum("play") OVER w)::bigint, (sum("win") OVER w)::bigint
  FROM (SELECT a."parent_id" AS "parent", d."day", sum(d."play")::bigint AS "play", sum(d."win")::bigint AS "win"
          FROM "player_days" d JOIN "accounts" a ON a."id" = d."player_id"
         WHERE a."deleted_at" IS NULL AND a."parent_id" IS NOT NULL
         GROUP BY 1, 2) s
WINDOW w AS (PARTITION BY "parent" ORDER BY "day");
--> statement-breakpoint
ANALYZE "parent_days";
