CREATE SCHEMA "reminders";
--> statement-breakpoint
CREATE TABLE "reminders"."sent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sent_once" ON "reminders"."sent" USING btree ("bill_id","user_id","channel","kind");