CREATE TABLE "login_guards" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "locked_until";