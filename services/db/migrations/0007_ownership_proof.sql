CREATE SCHEMA "otp";
--> statement-breakpoint
CREATE TABLE "otp"."challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"channel" text NOT NULL,
	"masked_destination" text NOT NULL,
	"reference" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	CONSTRAINT "challenges_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "otp"."pending_proofs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts"."subscriber_accounts" ADD COLUMN "registered_email" text;--> statement-breakpoint
ALTER TABLE "accounts"."subscriber_accounts" ADD COLUMN "registered_mobile" text;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "verified_account_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "challenges_user_created" ON "otp"."challenges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "challenges_account_created" ON "otp"."challenges" USING btree ("account_number","created_at");