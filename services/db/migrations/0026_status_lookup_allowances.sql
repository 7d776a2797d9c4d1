CREATE TABLE "applications"."status_lookup_allowances" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "status_lookup_allowances_window_ends_at" ON "applications"."status_lookup_allowances" USING btree ("window_ends_at");