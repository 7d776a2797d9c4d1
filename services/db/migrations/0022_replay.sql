CREATE SCHEMA "replay";
--> statement-breakpoint
CREATE TABLE "replay"."seen_request_ids" (
	"request_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "seen_request_ids_expires_idx" ON "replay"."seen_request_ids" USING btree ("expires_at");