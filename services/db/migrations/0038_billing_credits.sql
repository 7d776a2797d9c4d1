CREATE TABLE "billing"."credit_applications" (
	"credit_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"amount_centavos" integer NOT NULL,
	CONSTRAINT "credit_applications_credit_id_bill_id_pk" PRIMARY KEY("credit_id","bill_id")
);
--> statement-breakpoint
CREATE TABLE "billing"."credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" char(13) NOT NULL,
	"source_key" text NOT NULL,
	"kind" text NOT NULL,
	"amount_centavos" integer NOT NULL,
	"remaining_centavos" integer NOT NULL,
	"description" text NOT NULL,
	"detail" jsonb,
	"earned_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing"."credit_applications" ADD CONSTRAINT "credit_applications_credit_id_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "billing"."credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing"."credit_applications" ADD CONSTRAINT "credit_applications_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "billing"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_applications_bill_idx" ON "billing"."credit_applications" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credits_source_key_idx" ON "billing"."credits" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "credits_pending_idx" ON "billing"."credits" USING btree ("account_number","earned_at") WHERE "billing"."credits"."remaining_centavos" > 0;