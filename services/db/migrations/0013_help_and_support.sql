CREATE SCHEMA "support";
--> statement-breakpoint
CREATE TABLE "cms"."help_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms"."help_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"kind" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"video_url" text,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support"."ticket_types" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"parent_code" text,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support"."tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_number" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"type_code" text NOT NULL,
	"sub_type_code" text,
	"description" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"submission_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tickets_reference_number_unique" UNIQUE("reference_number")
);
--> statement-breakpoint
ALTER TABLE "cms"."help_entries" ADD CONSTRAINT "help_entries_category_id_help_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "cms"."help_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_entries_category" ON "cms"."help_entries" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "ticket_types_kind_parent" ON "support"."ticket_types" USING btree ("kind","parent_code","position");--> statement-breakpoint
CREATE INDEX "tickets_user_created" ON "support"."tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_user_submission" ON "support"."tickets" USING btree ("user_id","submission_key");