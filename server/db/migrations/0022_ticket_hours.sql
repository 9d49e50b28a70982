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
-- Once per statement, over the rows it wrote: a bet batch adds one row per hour it spans (its pool's
-- wallet lock already orders the writers of one admin and game), a restore's load one per hour of
-- the whole table.
CREATE OR REPLACE FUNCTION td_ticket_hours_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_hours (admin_id, hour, game_id, tickets)
  SELECT admin_id, floor(extract(epoch FROM created_at) / 3600)::int, game_id, count(*) FROM td_new_tickets GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (admin_id, hour, game_id, removed) DO UPDATE SET tickets = ticket_hours.tickets + EXCLUDED.tickets;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION td_ticket_hours_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_hours (admin_id, hour, game_id, removed, tickets)
  SELECT admin_id, floor(extract(epoch FROM created_at) / 3600)::int, game_id, true, -count(*) FROM td_old_tickets GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (admin_id, hour, game_id, removed) DO UPDATE SET tickets = ticket_hours.tickets + EXCLUDED.tickets;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Emptying the tickets (a restore does, before it loads) empties their counts.
CREATE OR REPLACE FUNCTION td_ticket_hours_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_hours;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tickets_hours_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS td_new_tickets FOR EACH STATEMENT EXECUTE FUNCTION td_ticket_hours_insert();
--> statement-breakpoint
CREATE TRIGGER "tickets_hours_delete" AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS td_old_tickets FOR EACH STATEMENT EXECUTE FUNCTION td_ticket_hours_delete();
--> statement-breakpoint
CREATE TRIGGER "tickets_hours_truncate" AFTER TRUNCATE ON "tickets" FOR EACH STATEMENT EXECUTE FUNCTION td_ticket_hours_truncate();
--> statement-breakpoint
-- An admin's Bet List page newest first, deep pages too: its tickets in id order with the columns a
-- filter reads, so a page skips index entries, not rows of the table.
CREATE INDEX "tickets_admin_id_idx" ON "tickets" USING btree ("admin_id", "id") INCLUDE ("created_at", "game_id");
--> statement-breakpoint
ANALYZE "ticket_hours";
