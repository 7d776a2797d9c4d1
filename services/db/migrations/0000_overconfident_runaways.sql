CREATE SCHEMA "address";
--> statement-breakpoint
CREATE SCHEMA "cms";
--> statement-breakpoint
CREATE SCHEMA "accounts";
--> statement-breakpoint
CREATE SCHEMA "identity";
--> statement-breakpoint
CREATE SCHEMA "notifications";
--> statement-breakpoint
CREATE SCHEMA "oidc";
--> statement-breakpoint
CREATE SCHEMA "sessions";
--> statement-breakpoint
CREATE TABLE "address"."barangays" (
	"code" text PRIMARY KEY NOT NULL,
	"municipality_code" text NOT NULL,
	"province_code" text NOT NULL,
	"region_code" text NOT NULL,
	"name" text NOT NULL,
	"zip_code" text,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address"."municipalities" (
	"code" text PRIMARY KEY NOT NULL,
	"province_code" text NOT NULL,
	"region_code" text NOT NULL,
	"parent_code" text,
	"name" text NOT NULL,
	"zip_code" text,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address"."provinces" (
	"code" text PRIMARY KEY NOT NULL,
	"region_code" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address"."regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms"."documents" (
	"name" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."subscriber_accounts" (
	"account_number" char(13) PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"status" text NOT NULL,
	"holder_name" text NOT NULL,
	"service_address" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."login_failures" (
	"username" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity"."one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "one_time_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "identity"."request_allowances" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile_number" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"account_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"active_account_number" text,
	"display_coachmarks" boolean DEFAULT true NOT NULL,
	"display_welcome_banner" boolean DEFAULT true NOT NULL,
	"display_success_registration" boolean DEFAULT true NOT NULL,
	"agent_code" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc"."models" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "models_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "oidc"."signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions"."sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"roles" text[] NOT NULL,
	"display_name" text NOT NULL,
	"tokens_encrypted" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"idle_timeout_seconds" integer NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "address"."barangays" ADD CONSTRAINT "barangays_municipality_code_municipalities_code_fk" FOREIGN KEY ("municipality_code") REFERENCES "address"."municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address"."municipalities" ADD CONSTRAINT "municipalities_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "address"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address"."provinces" ADD CONSTRAINT "provinces_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "address"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "barangays_municipality_idx" ON "address"."barangays" USING btree ("municipality_code");--> statement-breakpoint
CREATE INDEX "municipalities_province_idx" ON "address"."municipalities" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "municipalities_parent_idx" ON "address"."municipalities" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "provinces_region_idx" ON "address"."provinces" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_purpose" ON "identity"."one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "request_allowances_window_ends_at" ON "identity"."request_allowances" USING btree ("window_ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "identity"."users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_agent_code" ON "identity"."users" USING btree ("agent_code");--> statement-breakpoint
CREATE INDEX "outbox_recipient_created" ON "notifications"."outbox" USING btree (lower("recipient"),"created_at");--> statement-breakpoint
CREATE INDEX "outbox_status" ON "notifications"."outbox" USING btree ("status");--> statement-breakpoint
CREATE INDEX "models_grant_id_idx" ON "oidc"."models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "models_uid_idx" ON "oidc"."models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "models_user_code_idx" ON "oidc"."models" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "models_expires_at_idx" ON "oidc"."models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_sub_idx" ON "sessions"."sessions" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "sessions_absolute_expires_at_idx" ON "sessions"."sessions" USING btree ("absolute_expires_at");