CREATE SCHEMA "content";
--> statement-breakpoint
CREATE TABLE "content"."revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO "content"."revision" ("id", "revision", "changed_at") VALUES (1, 1, now());--> statement-breakpoint
-- Any write to the public content raises the revision, once per statement (docs/decisions/0069).
CREATE FUNCTION "content"."raise_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "content"."revision" SET "revision" = "revision" + 1, "changed_at" = now() WHERE "id" = 1;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "raise_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog"."products" FOR EACH STATEMENT EXECUTE FUNCTION "content"."raise_revision"();--> statement-breakpoint
CREATE TRIGGER "raise_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms"."documents" FOR EACH STATEMENT EXECUTE FUNCTION "content"."raise_revision"();--> statement-breakpoint
CREATE TRIGGER "raise_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms"."help_categories" FOR EACH STATEMENT EXECUTE FUNCTION "content"."raise_revision"();--> statement-breakpoint
CREATE TRIGGER "raise_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms"."help_entries" FOR EACH STATEMENT EXECUTE FUNCTION "content"."raise_revision"();--> statement-breakpoint
CREATE TRIGGER "raise_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stores"."stores" FOR EACH STATEMENT EXECUTE FUNCTION "content"."raise_revision"();
