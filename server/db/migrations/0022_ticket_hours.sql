-- The tickets of each admin, game and hour (UTC, counted in hours since 1970): the Bet List's total
-- over a month is a sum of these rows plus the tickets of the window's partial first and last hour,
-- not a count of every ticket. Kept by the tickets' own inserts and deletes (a bet, Clear History, a
-- restore's load), whoever writes them; nothing changes a ticket's admin, game or time. Deletes
-- count apart, in rows of their own (`removed`, a count below zero): a Clear History that takes the
-- settled tickets of the hour being bet on then holds no row a bet adds to until it commits.
CREATE TABLE "ticket_hours" (
	"admin_id" bigint NOT NULL,
	"hour" integer NOT NULL,
	"game_id" bigint NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"tickets" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_hours_admin_id_hour_game_id_removed_pk" PRIMARY KEY("admin_id","hour","game_id","removed")
);
--> statement-breakpoint
INSERT INTO "ticket_hours" ("admin_id", "hour", "game_id", "tickets")
SELECT "admin_id", floor(extract(epoch FROM "created_at") / 3600)::int, "game_id", count(*) FROM "tickets" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The functions and triggers that keep it are applied after every migration run (server/db/functions/
-- and server/db/triggers/), where their current text is.
-- An admin's Bet List page newest first, deep pages too: its tickets in id order with the columns a
-- filter reads, so a page skips index entries, not rows of the table.
CREATE INDEX "tickets_admin_id_idx" ON "tickets" USING btree ("admin_id", "id") INCLUDE ("created_at", "game_id");
--> statement-breakpoint
ANALYZE "ticket_hours";
