CREATE TABLE "address"."geocoder_answers" (
	"query_hash" text PRIMARY KEY NOT NULL,
	"results" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "geocoder_answers_fetched_idx" ON "address"."geocoder_answers" USING btree ("fetched_at");