-- The turnover reads the rows of the viewed admins in force on a day (at the period's end and on the
-- day before its start): by admin, then by the day each row stops being in force (the newest's is
-- infinity), then by its day. At the period's end the rows still in force lead that order; on the
-- day before a period's start, the (admin_id, day) index finds the few rows begun by then. The GiST
-- index on daterange(day, until) found every admin's rows in force on the day, and a bitmap AND with
-- the admin's 300,000 rows took 75 of an admin's 140 ms. Neither key changes when a bet adds to a
-- row, so those updates stay heap-only.
CREATE INDEX "player_days_admin_until_idx" ON "player_days" USING btree ("admin_id", (coalesce("until", 'infinity'::date)), "day");
--> statement-breakpoint
DROP INDEX IF EXISTS "player_days_in_force_idx";
