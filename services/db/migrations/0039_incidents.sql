CREATE SCHEMA "incidents";
--> statement-breakpoint
CREATE TABLE "incidents"."incident_areas" (
	"incident_id" uuid NOT NULL,
	"level" text NOT NULL,
	"psgc_code" text NOT NULL,
	CONSTRAINT "incident_areas_incident_id_psgc_code_pk" PRIMARY KEY("incident_id","psgc_code")
);
--> statement-breakpoint
CREATE TABLE "incidents"."incident_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"incident_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents"."incident_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"incident_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"estimated_restore_at" timestamp with time zone,
	"posted_at" timestamp with time zone NOT NULL,
	"posted_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents"."incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"cause" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"scheduled_end_at" timestamp with time zone,
	"announced_at" timestamp with time zone,
	"estimated_restore_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"exclusion" text DEFAULT 'none' NOT NULL,
	"opened_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replay"."idempotent_answers" (
	"scope" text NOT NULL,
	"key_sha256" text NOT NULL,
	"body_sha256" text NOT NULL,
	"status" integer NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotent_answers_scope_key_sha256_pk" PRIMARY KEY("scope","key_sha256")
);
--> statement-breakpoint
ALTER TABLE "accounts"."subscriptions" ADD COLUMN "barangay_code" text;--> statement-breakpoint
ALTER TABLE "incidents"."incident_areas" ADD CONSTRAINT "incident_areas_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "incidents"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents"."incident_audit" ADD CONSTRAINT "incident_audit_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "incidents"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents"."incident_updates" ADD CONSTRAINT "incident_updates_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "incidents"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_areas_code_idx" ON "incidents"."incident_areas" USING btree ("psgc_code");--> statement-breakpoint
CREATE INDEX "incident_audit_incident_idx" ON "incidents"."incident_audit" USING btree ("incident_id","id");--> statement-breakpoint
CREATE INDEX "incident_updates_incident_idx" ON "incidents"."incident_updates" USING btree ("incident_id","id");--> statement-breakpoint
CREATE INDEX "incidents_started_idx" ON "incidents"."incidents" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "incidents_resolved_idx" ON "incidents"."incidents" USING btree ("resolved_at");--> statement-breakpoint
CREATE INDEX "idempotent_answers_expires_idx" ON "replay"."idempotent_answers" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "subscriptions_barangay_idx" ON "accounts"."subscriptions" USING btree ("barangay_code");