-- Activity rows as codes with parameters (rendered in the reader's language at read time) and the
-- outcome of the attempt: the HTTP status answered and, for a refusal, the reason's message code.
-- Rows from before keep NULL here and are read from their English subject (domain/activity.ts
-- parseSubject); their outcome was never recorded and reads so.
ALTER TABLE "activity_logs" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "status" smallint;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
-- Set after the columns exist, so old rows stay NULL: the one writer that names no status is the
-- credit-transfer function (td_transfer*), which writes its row only for a transfer it made.
ALTER TABLE "activity_logs" ALTER COLUMN "status" SET DEFAULT 200;
