CREATE SCHEMA "sales";
--> statement-breakpoint
CREATE TABLE "sales"."pdf_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"by_user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales"."promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"discount_pesos" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"segments" text[] NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales"."agents" (
	"agent_code" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"manager_user_id" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agents_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "sales"."assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"from_agent_code" text NOT NULL,
	"to_agent_code" text NOT NULL,
	"by_user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications"."outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "applications"."applications" ADD COLUMN "agent_code" text DEFAULT 'self' NOT NULL;--> statement-breakpoint
CREATE INDEX "pdf_sends_application_idx" ON "sales"."pdf_sends" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "agents_manager_idx" ON "sales"."agents" USING btree ("manager_user_id");--> statement-breakpoint
CREATE INDEX "assignments_application_idx" ON "sales"."assignments" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_agent_code_idx" ON "applications"."applications" USING btree ("agent_code","created_at");