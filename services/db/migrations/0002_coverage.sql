CREATE SCHEMA "coverage";
--> statement-breakpoint
CREATE TABLE "coverage"."version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"source" text NOT NULL,
	"note" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coverage"."leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile_number" text NOT NULL,
	"alternate_mobile_number" text,
	"region" text NOT NULL,
	"province" text NOT NULL,
	"municipality" text NOT NULL,
	"barangay" text NOT NULL,
	"agent_code" text NOT NULL,
	"source" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coverage"."naps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coverage"."naps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"port_capacity" integer NOT NULL,
	"ports_used" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "naps_ports" CHECK ("coverage"."naps"."port_capacity" > 0 and "coverage"."naps"."ports_used" >= 0 and "coverage"."naps"."ports_used" <= "coverage"."naps"."port_capacity")
);
--> statement-breakpoint
CREATE TABLE "coverage"."checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_no" text NOT NULL,
	"location_type" text NOT NULL,
	"site_code" text,
	"serviceable" text NOT NULL,
	"served_by" text,
	"nap_code" text,
	"nearest_nap_meters" double precision,
	"coverage_version" integer NOT NULL,
	"agent_code" text,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coverage"."sites" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"barangay_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"wired" boolean DEFAULT false NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sites_capacity" CHECK ("coverage"."sites"."capacity" >= 0 and "coverage"."sites"."used" >= 0 and "coverage"."sites"."used" <= "coverage"."sites"."capacity")
);
--> statement-breakpoint
CREATE TABLE "coverage"."town_centres" (
	"municipality_code" text PRIMARY KEY NOT NULL,
	"province_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"geoname_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "leads_waiting_idx" ON "coverage"."leads" USING btree ("created_at") WHERE "coverage"."leads"."notified_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "naps_code_idx" ON "coverage"."naps" USING btree ("code");--> statement-breakpoint
CREATE INDEX "checks_reference_idx" ON "coverage"."checks" USING btree ("reference_no");--> statement-breakpoint
CREATE INDEX "checks_checked_at_idx" ON "coverage"."checks" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "sites_barangay_idx" ON "coverage"."sites" USING btree ("barangay_code","kind");