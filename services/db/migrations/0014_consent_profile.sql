CREATE SCHEMA "consent";
--> statement-breakpoint
CREATE TABLE "identity"."contact_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"new_value" text NOT NULL,
	"reference" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "contact_changes_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "consent"."events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"consent" text NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"request_id" text
);
--> statement-breakpoint
ALTER TABLE "identity"."contact_changes" ADD CONSTRAINT "contact_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_changes_user_created" ON "identity"."contact_changes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_changes_value_created" ON "identity"."contact_changes" USING btree ("new_value","created_at");--> statement-breakpoint
CREATE INDEX "events_user_consent_at" ON "consent"."events" USING btree ("user_id","consent","at");