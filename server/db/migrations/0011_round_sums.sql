-- The stakes placed on each option of a round, kept by the bets' own transaction (betBatch.ts), so a
-- console's refresh reads one row per option instead of joining every ticket line of the round.
-- Its writers are the batches of one pool, ordered by the pool's account row they lock first.
-- Stakes placed: clearing settled tickets from the history leaves a settled round's sums as they were
-- (as rounds.play_cents); clearing its draw takes them with the round.
CREATE TABLE "round_sums" (
	"round_id" bigint NOT NULL,
	"option" text NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "round_sums_round_id_option_pk" PRIMARY KEY("round_id","option")
);
--> statement-breakpoint
INSERT INTO "round_sums" ("round_id", "option", "stake")
SELECT t."round_id", l."option", sum(l."stake")::bigint FROM "tickets" t JOIN "ticket_lines" l ON l."ticket_id" = t."id" GROUP BY 1, 2;
--> statement-breakpoint
ALTER TABLE "round_sums" ADD CONSTRAINT "round_sums_round_fk" FOREIGN KEY ("round_id") REFERENCES "rounds" ("id") ON DELETE CASCADE;
