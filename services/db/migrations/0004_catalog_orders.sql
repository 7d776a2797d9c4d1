CREATE SCHEMA "catalog";
--> statement-breakpoint
CREATE SCHEMA "orders";
--> statement-breakpoint
CREATE TABLE "catalog"."products" (
	"code" text PRIMARY KEY NOT NULL,
	"product_type" text NOT NULL,
	"product_category" text NOT NULL,
	"service_type" text DEFAULT 'GPON' NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"customer_categories" text[] NOT NULL,
	"speed_mbps" integer,
	"monthly_fee_centavos" integer NOT NULL,
	"one_time_fee_centavos" integer NOT NULL,
	"stagger_months" integer,
	"inclusions" jsonb NOT NULL,
	"bundles" jsonb NOT NULL,
	"lock_in_months" integer NOT NULL,
	"regions" text[] NOT NULL,
	"max_quantity" integer NOT NULL,
	"faqs" jsonb NOT NULL,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."cart_items" (
	"cart_id" text NOT NULL,
	"product_code" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cart_items_cart_id_product_code_pk" PRIMARY KEY("cart_id","product_code")
);
--> statement-breakpoint
CREATE TABLE "orders"."carts" (
	"cart_id" text PRIMARY KEY NOT NULL,
	"draft_id_hash" text NOT NULL,
	"upfront_fee_payment_option" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "carts_draft_id_hash_unique" UNIQUE("draft_id_hash")
);
--> statement-breakpoint
ALTER TABLE "orders"."cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "orders"."carts"("cart_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "catalog"."products" USING btree ("product_type","product_category");--> statement-breakpoint
CREATE INDEX "carts_expires_at_idx" ON "orders"."carts" USING btree ("expires_at");