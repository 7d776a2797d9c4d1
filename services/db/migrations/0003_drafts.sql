CREATE SCHEMA "drafts";
--> statement-breakpoint
CREATE TABLE "drafts"."drafts" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"sections" jsonb NOT NULL,
	"owner_sub" text,
	"agent_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "drafts_expires_at_idx" ON "drafts"."drafts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "drafts_owner_sub_idx" ON "drafts"."drafts" USING btree ("owner_sub");