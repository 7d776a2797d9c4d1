ALTER TABLE "files"."documents" ALTER COLUMN "draft_id_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files"."documents" ADD COLUMN "application_id" text;--> statement-breakpoint
CREATE INDEX "documents_application_id_idx" ON "files"."documents" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "files"."documents" ADD CONSTRAINT "documents_owner_check" CHECK ("files"."documents"."draft_id_hash" is not null or "files"."documents"."application_id" is not null);