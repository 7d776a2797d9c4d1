CREATE TABLE "payment_sandbox"."customers" (
	"id" text PRIMARY KEY NOT NULL,
	"attributes" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox"."payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"attributes" jsonb NOT NULL,
	"status" text NOT NULL,
	"client_key" text NOT NULL,
	"payment_method_id" text,
	"payments" jsonb NOT NULL,
	"last_payment_error" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox"."payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"test_card" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox"."refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments"."autopay_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" char(13) NOT NULL,
	"due_on" date NOT NULL,
	"status" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_attempt_on" date NOT NULL,
	"lease_until" timestamp with time zone,
	"amount_centavos" integer,
	"enrolment_id" uuid,
	"payment_id" uuid,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments"."autopay_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" char(13) NOT NULL,
	"status" text NOT NULL,
	"started_by" text NOT NULL,
	"notify_email" text,
	"gateway" text NOT NULL,
	"gateway_customer_id" text,
	"setup_intent_id" text,
	"card_form_url" text,
	"verification_centavos" integer NOT NULL,
	"verification_payment_id" text,
	"verification_tries" integer DEFAULT 0 NOT NULL,
	"refund_due" boolean DEFAULT false NOT NULL,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" char(4),
	"card_delete_due" boolean DEFAULT false NOT NULL,
	"card_deleted_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"cancel_effective_after" date,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "autopay_enrolments_setup_intent_id_unique" UNIQUE("setup_intent_id")
);
--> statement-breakpoint
CREATE INDEX "payment_methods_customer_idx" ON "payment_sandbox"."payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_charges_account_due_idx" ON "payments"."autopay_charges" USING btree ("account_number","due_on");--> statement-breakpoint
CREATE INDEX "autopay_charges_due_idx" ON "payments"."autopay_charges" USING btree ("status","next_attempt_on");--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_enrolments_open_idx" ON "payments"."autopay_enrolments" USING btree ("account_number") WHERE "payments"."autopay_enrolments"."status" in ('card_pending', 'verifying', 'active', 'cancelling');--> statement-breakpoint
CREATE INDEX "autopay_enrolments_account_idx" ON "payments"."autopay_enrolments" USING btree ("account_number","created_at");