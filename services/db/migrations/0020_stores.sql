CREATE SCHEMA "stores";
--> statement-breakpoint
CREATE TABLE "stores"."stores" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"address_line" text NOT NULL,
	"barangay_code" text NOT NULL,
	"municipality_code" text NOT NULL,
	"province_code" text NOT NULL,
	"region_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"hours" text NOT NULL,
	"services" text[] NOT NULL,
	"payment_channels" text[] NOT NULL,
	"phone" text,
	"demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stores_type_province_idx" ON "stores"."stores" USING btree ("type","province_code");