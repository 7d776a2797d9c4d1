ALTER TABLE "files"."documents" ADD COLUMN "uploaded_by_sales_user_id" text;--> statement-breakpoint
ALTER TABLE "files"."documents" ADD COLUMN "uploaded_by_agent_code" text;