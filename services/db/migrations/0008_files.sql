CREATE SCHEMA "files";
--> statement-breakpoint
CREATE TABLE "files"."documents" (
	"id" text PRIMARY KEY NOT NULL,
	"draft_id_hash" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"compliance_reason" text,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE INDEX "documents_draft_id_hash_idx" ON "files"."documents" USING btree ("draft_id_hash");