-- Kept counts of the activity log and the ledger, so the totals of Log Activities and the Transaction
-- Report are sums of a few rows, not counts of every row at read time.
--
-- A row is counted, per UTC hour (hours since 1970), under every account of its account's path
-- (`own` false: the subtree counts of each ancestor, the account itself included) and once under
-- its account alone (`own` true: one user's own rows); activity rows of no account under node 0.
-- A ledger row is counted under every account of either side's path (once when both sides share
-- it), and under each side alone, by status.
--
-- `writer` is the server process (pg_backend_pid) that wrote the row: one process runs one
-- transaction at a time, so two writers never update the same row and no request waits on
-- another's counts. A total is the sum over writers. Deletes (Clear History) add rows below zero.
CREATE TABLE "activity_counts" (
	"node" bigint NOT NULL,
	"own" boolean NOT NULL,
	"hour" integer NOT NULL,
	"writer" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_counts_pk" PRIMARY KEY("node","own","hour","writer")
);
--> statement-breakpoint
CREATE TABLE "ledger_counts" (
	"node" bigint NOT NULL,
	"own" boolean NOT NULL,
	"status" text NOT NULL,
	"hour" integer NOT NULL,
	"writer" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_counts_pk" PRIMARY KEY("node","own","status","hour","writer")
);
--> statement-breakpoint
-- The accounts an UPDATE moved to another parent (their old and new paths), noted row by row and
-- applied to both counts once at the statement's end; empty outside that moment.
CREATE TABLE "account_moves" (
	"id" bigint NOT NULL,
	"old_path" text NOT NULL,
	"new_path" text NOT NULL
);
--> statement-breakpoint
-- The counts of the rows already there (the functions and triggers that keep them are applied after
-- every migration run, from server/db/functions/ and server/db/triggers/).
INSERT INTO "activity_counts" ("node", "own", "hour", "writer", "n")
SELECT e::bigint, false, floor(extract(epoch FROM l."created_at") / 3600)::int, 0, count(*)
  FROM "activity_logs" l JOIN "accounts" a ON a."id" = l."account_id", unnest(string_to_array(trim(both '/' from a."path"), '/')) e
 GROUP BY 1, 3
UNION ALL
SELECT coalesce(l."account_id", 0), true, floor(extract(epoch FROM l."created_at") / 3600)::int, 0, count(*) FROM "activity_logs" l GROUP BY 1, 3;
--> statement-breakpoint
INSERT INTO "ledger_counts" ("node", "own", "status", "hour", "writer", "n")
SELECT node, false, status, hour, 0, count(*) FROM (
  SELECT e::bigint AS node, t."status", floor(extract(epoch FROM t."created_at") / 3600)::int AS hour
    FROM "transactions" t JOIN "accounts" f ON f."id" = t."from_id", unnest(string_to_array(trim(both '/' from f."path"), '/')) e
  UNION ALL
  -- the receiver's path less what it shares with the sender's (counted above)
  SELECT p.e::bigint, t."status", floor(extract(epoch FROM t."created_at") / 3600)::int
    FROM "transactions" t JOIN "accounts" o ON o."id" = t."to_id" LEFT JOIN "accounts" f ON f."id" = t."from_id",
         unnest(string_to_array(trim(both '/' from o."path"), '/')) WITH ORDINALITY p(e, k)
   WHERE f."path" IS NULL OR NOT starts_with(f."path", '/' || array_to_string((string_to_array(trim(both '/' from o."path"), '/'))[1:p.k], '/') || '/')
) x GROUP BY 1, 3, 4
UNION ALL
SELECT side, true, status, hour, 0, count(*) FROM (
  SELECT "from_id" AS side, "status", floor(extract(epoch FROM "created_at") / 3600)::int AS hour FROM "transactions" WHERE "from_id" IS NOT NULL
  UNION ALL
  SELECT "to_id", "status", floor(extract(epoch FROM "created_at") / 3600)::int FROM "transactions" WHERE "to_id" IS NOT NULL AND "to_id" IS DISTINCT FROM "from_id"
) y GROUP BY 1, 3, 4;
--> statement-breakpoint
-- The part hours at a filter's edges are counted from the rows by time: the ledger had no index by
-- time alone.
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at");
--> statement-breakpoint
-- Log Activities' search matches any part of the username or the subject (ILIKE '%text%'): trigram
-- indexes find those rows without reading the log (PGlite loads the same extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "activity_logs_username_trgm_idx" ON "activity_logs" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "activity_logs_subject_trgm_idx" ON "activity_logs" USING gin ("subject" gin_trgm_ops);
--> statement-breakpoint
ANALYZE "activity_counts";
--> statement-breakpoint
ANALYZE "ledger_counts";
