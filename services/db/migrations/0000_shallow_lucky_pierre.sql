CREATE SCHEMA "address";
--> statement-breakpoint
CREATE SCHEMA "cms";
--> statement-breakpoint
CREATE SCHEMA "oidc";
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
ALTER TABLE "address"."barangays" ADD CONSTRAINT "barangays_municipality_code_municipalities_code_fk" FOREIGN KEY ("municipality_code") REFERENCES "address"."municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address"."municipalities" ADD CONSTRAINT "municipalities_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "address"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address"."provinces" ADD CONSTRAINT "provinces_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "address"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "barangays_municipality_idx" ON "address"."barangays" USING btree ("municipality_code");--> statement-breakpoint
CREATE INDEX "municipalities_province_idx" ON "address"."municipalities" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "municipalities_parent_idx" ON "address"."municipalities" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "provinces_region_idx" ON "address"."provinces" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "models_grant_id_idx" ON "oidc"."models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "models_uid_idx" ON "oidc"."models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "models_user_code_idx" ON "oidc"."models" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "models_expires_at_idx" ON "oidc"."models" USING btree ("expires_at");