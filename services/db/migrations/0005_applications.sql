CREATE SCHEMA "applications";
--> statement-breakpoint
CREATE TABLE "applications"."applications" (
	"id" text PRIMARY KEY NOT NULL,
	"reference_no" text NOT NULL,
	"idempotency_key_hash" text NOT NULL,
	"customer_segment" text NOT NULL,
	"status" text NOT NULL,
	"email_address" text NOT NULL,
	"mobile_number" text NOT NULL,
	"slot_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications"."appointment_slots" (
	"slot_id" text PRIMARY KEY NOT NULL,
	"date" text NOT NULL,
	"window" text NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "applications_reference_no_idx" ON "applications"."applications" USING btree ("reference_no");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_idempotency_key_hash_idx" ON "applications"."applications" USING btree ("idempotency_key_hash");--> statement-breakpoint
CREATE INDEX "appointment_slots_date_idx" ON "applications"."appointment_slots" USING btree ("date");