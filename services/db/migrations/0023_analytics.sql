CREATE SCHEMA "analytics";
--> statement-breakpoint
CREATE TABLE "analytics"."events" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "events_day_name_link_pk" PRIMARY KEY("day","name","link")
);
--> statement-breakpoint
CREATE TABLE "analytics"."page_views" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_views_day_page_pk" PRIMARY KEY("day","page")
);
--> statement-breakpoint
CREATE TABLE "analytics"."vital_buckets" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "vital_buckets_day_page_metric_bucket_pk" PRIMARY KEY("day","page","metric","bucket")
);
