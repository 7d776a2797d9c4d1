CREATE SCHEMA "address";
--> statement-breakpoint
CREATE SCHEMA "cms";
--> statement-breakpoint
CREATE TABLE "address"."barangays" (
	"code" text PRIMARY KEY NOT NULL,
	"municipality_code" text NOT NULL,
	"name" text NOT NULL,
	"zip_code" text,
	"sort_order" integer
);
--> statement-breakpoint
CREATE TABLE "address"."municipalities" (
	"code" text PRIMARY KEY NOT NULL,
	"province_code" text NOT NULL,
	"region_code" text NOT NULL,
	"name" text NOT NULL,
	"zip_code" text
);
--> statement-breakpoint
CREATE TABLE "address"."provinces" (
	"code" text PRIMARY KEY NOT NULL,
	"region_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address"."regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms"."documents" (
	"name" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "barangays_municipality_idx" ON "address"."barangays" USING btree ("municipality_code");--> statement-breakpoint
CREATE INDEX "municipalities_province_idx" ON "address"."municipalities" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "provinces_region_idx" ON "address"."provinces" USING btree ("region_code");