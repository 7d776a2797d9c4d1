CREATE SCHEMA "billing";
--> statement-breakpoint
CREATE TABLE "billing"."bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" char(13) NOT NULL,
	"month" char(7) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"lines" jsonb NOT NULL,
	"amount_centavos" integer NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" char(13) NOT NULL,
	"amount_centavos" integer NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"reference" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bills_account_month_idx" ON "billing"."bills" USING btree ("account_number","month");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "billing"."payments" USING btree ("account_number","posted_at");