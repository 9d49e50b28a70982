CREATE TABLE "account_games" (
	"account_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	CONSTRAINT "account_games_account_id_game_id_pk" PRIMARY KEY("account_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"role" text NOT NULL,
	"parent_id" bigint,
	"path" text NOT NULL,
	"password_hash" text NOT NULL,
	"pin_hash" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"date_of_birth" date,
	"country" text,
	"state" text,
	"city" text,
	"address" text,
	"pin_code" text,
	"occupation" text,
	"commission" numeric(5, 2) DEFAULT '0' NOT NULL,
	"note" text DEFAULT 'add notes' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"wallet_balance" bigint DEFAULT 0 NOT NULL,
	"last_login" timestamp with time zone,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "accounts_wallet_nonnegative" CHECK ("accounts"."wallet_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint,
	"username" text,
	"subject" text NOT NULL,
	"request_url" text NOT NULL,
	"method" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"game_name" text NOT NULL,
	"nodigit" integer NOT NULL,
	"time_seconds" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"publisher" text,
	"description" text,
	"release_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" bigint NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_id" bigint,
	"to_id" bigint,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor_id" bigint NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"message" text,
	"from_balance_after" bigint,
	"to_balance_after" bigint,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount" > 0),
	CONSTRAINT "transactions_has_side" CHECK ("transactions"."from_id" is not null or "transactions"."to_id" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_username_key" ON "accounts" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts" USING btree (lower("email")) WHERE "accounts"."email" is not null and "accounts"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_phone_key" ON "accounts" USING btree ("phone") WHERE "accounts"."phone" is not null and "accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "accounts_path_idx" ON "accounts" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "accounts_role_path_idx" ON "accounts" USING btree ("role","path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "accounts_parent_idx" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "activity_logs_created_idx" ON "activity_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_logs_account_idx" ON "activity_logs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_game_id_key" ON "games" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_key" ON "transactions" USING btree ("actor_id","idempotency_key") WHERE "transactions"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "transactions_from_idx" ON "transactions" USING btree ("from_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_to_idx" ON "transactions" USING btree ("to_id","created_at");