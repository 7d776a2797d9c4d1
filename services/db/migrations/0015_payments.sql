CREATE SCHEMA "payments";
--> statement-breakpoint
CREATE SCHEMA "payment_sandbox";
--> statement-breakpoint
CREATE TABLE "payments"."webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments"."guest_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments"."payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "payments"."payment_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "payments"."payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" char(13) NOT NULL,
	"amount_centavos" integer NOT NULL,
	"service_charge_centavos" integer NOT NULL,
	"total_centavos" integer NOT NULL,
	"channel_group" text NOT NULL,
	"payment_method" text,
	"status" text NOT NULL,
	"reference" text NOT NULL,
	"gateway" text NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"payment_intent_id" text,
	"gateway_payment_id" text,
	"receipt_email" text,
	"initiated_by" text,
	"initiation_key" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"posted_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "payments_initiation_key_unique" UNIQUE("initiation_key")
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox"."checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"attributes" jsonb NOT NULL,
	"status" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"payments" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox"."idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox"."webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "payments"."payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payments"."payment_events" USING btree ("payment_id","at");--> statement-breakpoint
CREATE INDEX "payments_account_created_idx" ON "payments"."payments" USING btree ("account_number","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "payment_sandbox"."webhook_deliveries" USING btree ("status","next_attempt_at");