CREATE SCHEMA "sessions";
--> statement-breakpoint
CREATE TABLE "sessions"."sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"roles" text[] NOT NULL,
	"display_name" text NOT NULL,
	"tokens_encrypted" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"idle_timeout_seconds" integer NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sessions_sub_idx" ON "sessions"."sessions" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "sessions_absolute_expires_at_idx" ON "sessions"."sessions" USING btree ("absolute_expires_at");