CREATE TABLE "coverage"."serviceable_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text NOT NULL,
	"region" text NOT NULL,
	"province" text NOT NULL,
	"municipality" text NOT NULL,
	"barangay" text NOT NULL,
	"place" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"check_reference_no" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"agent_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "serviceable_leads_draft_id_hash_unique" UNIQUE("draft_id_hash")
);
--> statement-breakpoint
CREATE INDEX "serviceable_leads_created_at_idx" ON "coverage"."serviceable_leads" USING btree ("created_at");