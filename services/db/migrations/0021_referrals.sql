CREATE SCHEMA "referrals";
--> statement-breakpoint
CREATE TABLE "referrals"."eligibility_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"account_number" char(13) NOT NULL,
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
	CONSTRAINT "eligibility_challenges_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "referrals"."eligibility_confirmations" (
	"account_number" char(13) NOT NULL,
	"user_id" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "eligibility_confirmations_account_number_user_id_pk" PRIMARY KEY("account_number","user_id")
);
--> statement-breakpoint
CREATE TABLE "referrals"."invites" (
	"account_number" char(13) PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"referrer_first_name" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invites_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referrals"."referral_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "referrals"."referral_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source_event_id" text,
	CONSTRAINT "referral_events_source_event_id_unique" UNIQUE("source_event_id")
);
--> statement-breakpoint
CREATE TABLE "referrals"."referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_num" text NOT NULL,
	"type" text NOT NULL,
	"referrer_account_number" char(13),
	"referrer_email" text,
	"referrer_account_type" text,
	"former_account_number" char(13),
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text NOT NULL,
	"alternate_mobile_number" text,
	"region" text NOT NULL,
	"region_id" text NOT NULL,
	"province" text NOT NULL,
	"province_id" text NOT NULL,
	"municipality" text NOT NULL,
	"municipality_id" text NOT NULL,
	"barangay" text NOT NULL,
	"barangay_id" text NOT NULL,
	"subdivision" text,
	"subdivision_id" text,
	"building" text,
	"building_id" text,
	"zip_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"serviceability_status" text NOT NULL,
	"status" text NOT NULL,
	"application_id" text,
	"invite_code" text,
	"resends" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals"."rewards" (
	"referral_id" uuid PRIMARY KEY NOT NULL,
	"account_number" char(13) NOT NULL,
	"amount_centavos" integer NOT NULL,
	"credited_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referrals"."referral_events" ADD CONSTRAINT "referral_events_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "referrals"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals"."rewards" ADD CONSTRAINT "rewards_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "referrals"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eligibility_challenges_account_created_idx" ON "referrals"."eligibility_challenges" USING btree ("account_number","created_at");--> statement-breakpoint
CREATE INDEX "eligibility_challenges_user_created_idx" ON "referrals"."eligibility_challenges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_events_referral_idx" ON "referrals"."referral_events" USING btree ("referral_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_account_reference_idx" ON "referrals"."referrals" USING btree ("referrer_account_number","reference_num");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_winback_reference_idx" ON "referrals"."referrals" USING btree ("reference_num") WHERE "referrals"."referrals"."type" = 'WINBACK';--> statement-breakpoint
CREATE INDEX "referrals_account_created_idx" ON "referrals"."referrals" USING btree ("referrer_account_number","created_at");--> statement-breakpoint
CREATE INDEX "referrals_email_idx" ON "referrals"."referrals" USING btree ("email");--> statement-breakpoint
CREATE INDEX "referrals_mobile_idx" ON "referrals"."referrals" USING btree ("mobile_number");--> statement-breakpoint
CREATE INDEX "referrals_application_idx" ON "referrals"."referrals" USING btree ("application_id");