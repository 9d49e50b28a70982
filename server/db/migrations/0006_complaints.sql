CREATE TABLE "complaints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enquiry_type" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"details" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status" CHECK ("complaints"."status" in ('Pending', 'Completed', 'Cancelled'))
);
--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at");