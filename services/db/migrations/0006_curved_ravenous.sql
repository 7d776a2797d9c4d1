CREATE TABLE "applications"."application_email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"application_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "applications"."application_events" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications"."compliance_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"link_token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "applications"."compliance_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "applications"."compliance_rejections" (
	"application_id" text NOT NULL,
	"category" text NOT NULL,
	"reason" text NOT NULL,
	"rejected_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "compliance_rejections_application_id_category_pk" PRIMARY KEY("application_id","category")
);
--> statement-breakpoint
CREATE TABLE "applications"."compliance_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"link_token_hash" text NOT NULL,
	"application_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications"."status_lookup_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications"."application_email_verifications" ADD CONSTRAINT "application_email_verifications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications"."application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications"."compliance_codes" ADD CONSTRAINT "compliance_codes_link_token_hash_compliance_links_token_hash_fk" FOREIGN KEY ("link_token_hash") REFERENCES "applications"."compliance_links"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications"."compliance_links" ADD CONSTRAINT "compliance_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications"."compliance_rejections" ADD CONSTRAINT "compliance_rejections_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications"."compliance_sessions" ADD CONSTRAINT "compliance_sessions_link_token_hash_compliance_links_token_hash_fk" FOREIGN KEY ("link_token_hash") REFERENCES "applications"."compliance_links"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications"."compliance_sessions" ADD CONSTRAINT "compliance_sessions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "applications"."application_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "compliance_codes_link_idx" ON "applications"."compliance_codes" USING btree ("link_token_hash","created_at");--> statement-breakpoint
CREATE INDEX "compliance_links_application_idx" ON "applications"."compliance_links" USING btree ("application_id","created_at");