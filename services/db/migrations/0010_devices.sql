CREATE SCHEMA "devices";
--> statement-breakpoint
CREATE TABLE "accounts"."subscriptions" (
	"account_number" char(13) PRIMARY KEY NOT NULL,
	"plan_name" text NOT NULL,
	"speed_mbps" integer NOT NULL,
	"monthly_fee" integer NOT NULL,
	"area_code" text NOT NULL,
	"area_name" text NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices"."restarts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" text NOT NULL,
	"account_number" char(13) NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"task_id" text,
	"state" text NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices"."outages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area_code" text NOT NULL,
	"cause" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"estimated_restore_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices"."signal_samples" (
	"device_id" text NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"online" boolean NOT NULL,
	"signal_dbm" real,
	"temperature_c" real
);
--> statement-breakpoint
CREATE TABLE "devices"."simulated_modems" (
	"device_id" text PRIMARY KEY NOT NULL,
	"account_number" char(13) NOT NULL,
	"model" text NOT NULL,
	"signal_base_dbm" real NOT NULL,
	"temperature_base_c" real NOT NULL,
	"seed" integer NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "simulated_modems_account_number_unique" UNIQUE("account_number")
);
--> statement-breakpoint
CREATE INDEX "restarts_device_idx" ON "devices"."restarts" USING btree ("device_id","requested_at");--> statement-breakpoint
CREATE INDEX "outages_area_idx" ON "devices"."outages" USING btree ("area_code");--> statement-breakpoint
CREATE INDEX "signal_samples_device_idx" ON "devices"."signal_samples" USING btree ("device_id","sampled_at");