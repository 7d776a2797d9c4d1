CREATE SCHEMA "repairs";
--> statement-breakpoint
CREATE TABLE "repairs"."report_steps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repairs"."report_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "repairs"."reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" char(13) NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"last_seen_at" timestamp with time zone,
	"recent_signal" jsonb NOT NULL,
	"ticket_reference" text,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repairs"."visit_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repairs"."visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"slot_id" text NOT NULL,
	"date" text NOT NULL,
	"state" text NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"technician_name" text,
	"arrival_from" timestamp with time zone,
	"arrival_to" timestamp with time zone,
	"assigned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "devices"."simulated_modems" ADD COLUMN "silent_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairs"."report_steps" ADD CONSTRAINT "report_steps_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "repairs"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs"."visits" ADD CONSTRAINT "visits_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "repairs"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_steps_report_idx" ON "repairs"."report_steps" USING btree ("report_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_account" ON "repairs"."reports" USING btree ("account_number") WHERE "repairs"."reports"."open";--> statement-breakpoint
CREATE INDEX "reports_ticket_idx" ON "repairs"."reports" USING btree ("ticket_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_notices_once" ON "repairs"."visit_notices" USING btree ("visit_id","kind","channel");--> statement-breakpoint
CREATE INDEX "visits_report_idx" ON "repairs"."visits" USING btree ("report_id","booked_at");--> statement-breakpoint
CREATE INDEX "visits_state_date_idx" ON "repairs"."visits" USING btree ("state","date");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_one_booked_per_report" ON "repairs"."visits" USING btree ("report_id") WHERE "repairs"."visits"."state" = 'booked';