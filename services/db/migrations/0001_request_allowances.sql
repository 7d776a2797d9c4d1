CREATE TABLE "identity"."request_allowances" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_allowances_window_ends_at" ON "identity"."request_allowances" USING btree ("window_ends_at");