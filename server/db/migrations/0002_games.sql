CREATE TABLE "console_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"outcome" text NOT NULL,
	"booster" integer DEFAULT 1 NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"round_id" bigint
);
--> statement-breakpoint
CREATE TABLE "daily_play" (
	"player_id" bigint NOT NULL,
	"day" date NOT NULL,
	"game_id" bigint NOT NULL,
	"admin_id" bigint NOT NULL,
	"play" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_play_player_id_day_game_id_pk" PRIMARY KEY("player_id","day","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_pools" (
	"id" bigserial NOT NULL,
	"admin_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"win_percentage" numeric(5, 2) DEFAULT '90' NOT NULL,
	"rounds_since_boost" integer DEFAULT 0 NOT NULL,
	"next_boost_gap" integer DEFAULT 25 NOT NULL,
	CONSTRAINT "game_pools_admin_id_game_id_pk" PRIMARY KEY("admin_id","game_id"),
	CONSTRAINT "game_pools_percentage_range" CHECK ("game_pools"."win_percentage" >= 0 and "game_pools"."win_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "game_times" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"timecount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_times_positive" CHECK ("game_times"."timecount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"draw_no" bigint NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" text,
	"booster" integer,
	"decision" jsonb,
	"pool_cents" bigint,
	"play_cents" bigint DEFAULT 0 NOT NULL,
	"win_cents" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_lines" (
	"ticket_id" bigint NOT NULL,
	"option" text NOT NULL,
	"qty" integer NOT NULL,
	"stake" bigint NOT NULL,
	CONSTRAINT "ticket_lines_ticket_id_option_pk" PRIMARY KEY("ticket_id","option"),
	CONSTRAINT "ticket_lines_qty_positive" CHECK ("ticket_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"admin_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "tickets_stake_positive" CHECK ("tickets"."stake" > 0)
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "label" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "console_results_pending_idx" ON "console_results" USING btree ("admin_id","game_id","id") WHERE "console_results"."round_id" is null;--> statement-breakpoint
CREATE INDEX "daily_play_admin_day_idx" ON "daily_play" USING btree ("admin_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "game_pools_account_key" ON "game_pools" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_pools_id_key" ON "game_pools" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_times_timecount_key" ON "game_times" USING btree ("timecount");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_admin_game_draw_key" ON "rounds" USING btree ("admin_id","game_id","draw_no");--> statement-breakpoint
CREATE INDEX "rounds_due_idx" ON "rounds" USING btree ("closes_at") WHERE "rounds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "rounds_admin_game_idx" ON "rounds" USING btree ("admin_id","game_id","opens_at");--> statement-breakpoint
CREATE INDEX "tickets_round_idx" ON "tickets" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "tickets_player_idx" ON "tickets" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_admin_idx" ON "tickets" USING btree ("admin_id","created_at");--> statement-breakpoint
ALTER TABLE game_pools ADD CONSTRAINT game_pools_admin_fk FOREIGN KEY (admin_id) REFERENCES accounts (id);
--> statement-breakpoint
ALTER TABLE game_pools ADD CONSTRAINT game_pools_game_fk FOREIGN KEY (game_id) REFERENCES games (id);
--> statement-breakpoint
ALTER TABLE game_pools ADD CONSTRAINT game_pools_account_fk FOREIGN KEY (account_id) REFERENCES accounts (id);
--> statement-breakpoint
ALTER TABLE rounds ADD CONSTRAINT rounds_pool_fk FOREIGN KEY (admin_id, game_id) REFERENCES game_pools (admin_id, game_id);
--> statement-breakpoint
ALTER TABLE tickets ADD CONSTRAINT tickets_round_fk FOREIGN KEY (round_id) REFERENCES rounds (id);
--> statement-breakpoint
ALTER TABLE tickets ADD CONSTRAINT tickets_player_fk FOREIGN KEY (player_id) REFERENCES accounts (id);
--> statement-breakpoint
ALTER TABLE ticket_lines ADD CONSTRAINT ticket_lines_ticket_fk FOREIGN KEY (ticket_id) REFERENCES tickets (id);
--> statement-breakpoint
ALTER TABLE console_results ADD CONSTRAINT console_results_pool_fk FOREIGN KEY (admin_id, game_id) REFERENCES game_pools (admin_id, game_id);
--> statement-breakpoint
ALTER TABLE console_results ADD CONSTRAINT console_results_round_fk FOREIGN KEY (round_id) REFERENCES rounds (id);
