-- The kept counts' newest part, not yet spread over the accounts of the rows' paths. A ledger or
-- activity write adds one row here per sender and receiver (or per account) and hour, where it used
-- to add one under every account of both paths (14 rows of ledger_counts and activity_counts for a
-- master's transfer: a quarter of a transfer's cost). td_counts_flush() spreads these rows into
-- ledger_counts and activity_counts a few seconds later, in one set-based statement for every write
-- since the last; the *_live views read both, so a total is exact before and after.
--
-- Account 0 stands for no account (points generated or burned; an activity row of no account).
-- `writer` is the writing server process, as in the kept counts: two writers never update one row.
CREATE TABLE "ledger_fresh" (
	"from_id" bigint NOT NULL,
	"to_id" bigint NOT NULL,
	"status" text NOT NULL,
	"hour" integer NOT NULL,
	"writer" integer NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "ledger_fresh_pk" PRIMARY KEY("from_id","to_id","status","hour","writer")
);
--> statement-breakpoint
CREATE TABLE "activity_fresh" (
	"account_id" bigint NOT NULL,
	"hour" integer NOT NULL,
	"writer" integer NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "activity_fresh_pk" PRIMARY KEY("account_id","hour","writer")
);
--> statement-breakpoint
-- A fresh ledger row spread as its kept rows will be: under every account of either side's path (once
-- when both share it) and under each side alone. Inside a move of accounts (account_moves holds the
-- moved ones' old paths until the statement's end) under the old paths, which the move then moves.
-- `fresh_row` names the fresh row, for td_counts_flush to take exactly the rows it spread.
CREATE VIEW "ledger_fresh_spread" AS
SELECT f.ctid AS fresh_row, x.node, x.own, f.status, f.hour, f.n
  FROM ledger_fresh f
  CROSS JOIN LATERAL (
    SELECT e::bigint AS node, false AS own
      FROM accounts a LEFT JOIN account_moves m ON m.id = a.id, unnest(string_to_array(trim(both '/' from coalesce(m.old_path, a.path)), '/')) e
     WHERE a.id IN (f.from_id, f.to_id)
    UNION SELECT s, true FROM (VALUES (f.from_id), (f.to_id)) v(s) WHERE s <> 0) x;
--> statement-breakpoint
-- A fresh activity row spread: under every account of its account's path, and under its account alone (0: none).
CREATE VIEW "activity_fresh_spread" AS
SELECT f.ctid AS fresh_row, x.node, x.own, f.hour, f.n
  FROM activity_fresh f
  CROSS JOIN LATERAL (
    SELECT e::bigint AS node, false AS own
      FROM accounts a LEFT JOIN account_moves m ON m.id = a.id, unnest(string_to_array(trim(both '/' from coalesce(m.old_path, a.path)), '/')) e
     WHERE a.id = f.account_id
    UNION ALL SELECT f.account_id, true) x;
--> statement-breakpoint
-- What a total reads: the counts spread and the fresh ones.
CREATE VIEW "ledger_counts_live" AS
SELECT node, own, status, hour, n FROM ledger_counts
UNION ALL
SELECT node, own, status, hour, n FROM ledger_fresh_spread;
--> statement-breakpoint
CREATE VIEW "activity_counts_live" AS
SELECT node, own, hour, n FROM activity_counts
UNION ALL
SELECT node, own, hour, n FROM activity_fresh_spread;
