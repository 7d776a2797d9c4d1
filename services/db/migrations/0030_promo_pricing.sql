ALTER TABLE "orders"."carts" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "applications"."applications" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "sales"."promo_codes" ADD COLUMN "plan_codes" text[] DEFAULT '{}'::text[] NOT NULL;