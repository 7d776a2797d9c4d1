CREATE TABLE "notifications"."sms_allowances" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications"."outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications"."outbox" ADD COLUMN "provider_message_ids" text[];--> statement-breakpoint
ALTER TABLE "notifications"."outbox" ADD COLUMN "segments" integer;--> statement-breakpoint
ALTER TABLE "notifications"."outbox" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "notifications"."outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_allowances_window_ends_at" ON "notifications"."sms_allowances" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "outbox_provider_message_ids" ON "notifications"."outbox" USING gin ("provider_message_ids");