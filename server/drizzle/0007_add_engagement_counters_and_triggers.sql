CREATE TABLE "content_counts" (
	"type" "content_type" PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "podcasts_active_created_idx";--> statement-breakpoint
DROP INDEX "posts_active_created_idx";--> statement-breakpoint
DROP INDEX "products_active_created_idx";--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sessions" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sessions" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "podcasts_active_liked_idx" ON "podcasts" USING btree ("is_active","likes_count","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_active_liked_idx" ON "posts" USING btree ("is_active","likes_count","created_at","id");--> statement-breakpoint
CREATE INDEX "products_active_liked_idx" ON "products" USING btree ("is_active","likes_count","created_at","id");--> statement-breakpoint
CREATE INDEX "podcasts_active_created_idx" ON "podcasts" USING btree ("is_active","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_active_created_idx" ON "posts" USING btree ("is_active","created_at","id");--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("is_active","created_at","id");
--> statement-breakpoint
-- Counter columns (issue 9): kept by triggers on likes and comments, so every write that changes them
-- (a like, a comment written, approved, rejected or deleted, a user or an item deleted with its
-- likes and comments through ON DELETE CASCADE) updates them in its own transaction.
CREATE FUNCTION "engagement_count_add"(item_type "content_type", item_id integer, likes_delta integer, comments_delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF item_type = 'post' THEN
    UPDATE "posts" SET "likes_count" = "likes_count" + likes_delta, "comments_count" = "comments_count" + comments_delta WHERE "id" = item_id;
  ELSIF item_type = 'podcast' THEN
    UPDATE "podcasts" SET "likes_count" = "likes_count" + likes_delta, "comments_count" = "comments_count" + comments_delta WHERE "id" = item_id;
  ELSIF item_type = 'product' THEN
    UPDATE "products" SET "likes_count" = "likes_count" + likes_delta, "comments_count" = "comments_count" + comments_delta WHERE "id" = item_id;
  ELSE
    UPDATE "product_sessions" SET "likes_count" = "likes_count" + likes_delta, "comments_count" = "comments_count" + comments_delta WHERE "id" = item_id;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "likes_count_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."likeable_type", OLD."likeable_id") IS NOT DISTINCT FROM (NEW."likeable_type", NEW."likeable_id") THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "engagement_count_add"(OLD."likeable_type", OLD."likeable_id", -1, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "engagement_count_add"(NEW."likeable_type", NEW."likeable_id", 1, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "likes_count" AFTER INSERT OR DELETE OR UPDATE OF "likeable_type", "likeable_id" ON "likes"
FOR EACH ROW EXECUTE FUNCTION "likes_count_trigger"();
--> statement-breakpoint
-- Only approved comments are public and counted (issue 3).
CREATE FUNCTION "comments_count_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."status", OLD."commentable_type", OLD."commentable_id") IS NOT DISTINCT FROM (NEW."status", NEW."commentable_type", NEW."commentable_id") THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'approved' THEN
    PERFORM "engagement_count_add"(OLD."commentable_type", OLD."commentable_id", 0, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'approved' THEN
    PERFORM "engagement_count_add"(NEW."commentable_type", NEW."commentable_id", 0, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "comments_count" AFTER INSERT OR DELETE OR UPDATE OF "status", "commentable_type", "commentable_id" ON "comments"
FOR EACH ROW EXECUTE FUNCTION "comments_count_trigger"();
--> statement-breakpoint
-- Recomputes every counter from likes and comments (the backfill below; bulk seeds that load rows
-- with the triggers off call it after). Rows already right are not rewritten.
CREATE FUNCTION "recount_engagement"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  item record;
BEGIN
  FOR item IN SELECT * FROM (VALUES ('post'::"content_type", 'posts'), ('podcast', 'podcasts'), ('product', 'products'), ('product_session', 'product_sessions')) AS t(type, tbl) LOOP
    EXECUTE format(
      'UPDATE %1$I AS t SET "likes_count" = n.likes, "comments_count" = n.comments
       FROM (SELECT i."id",
               (SELECT count(*)::int FROM "likes" l WHERE l."likeable_type" = $1 AND l."likeable_id" = i."id") AS likes,
               (SELECT count(*)::int FROM "comments" c WHERE c."commentable_type" = $1 AND c."commentable_id" = i."id" AND c."status" = ''approved'') AS comments
             FROM %1$I AS i) AS n
       WHERE t."id" = n."id" AND (t."likes_count", t."comments_count") IS DISTINCT FROM (n.likes, n.comments)',
      item.tbl) USING item.type;
  END LOOP;
END $$;
--> statement-breakpoint
SELECT "recount_engagement"();
--> statement-breakpoint
-- Active rows per listed type (issue 9): the total of a public list page, without a count over the
-- table. Statement triggers with transition tables: a bulk insert or delete updates the row once.
CREATE FUNCTION "content_counts_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM "new_rows" WHERE "is_active";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO delta FROM "old_rows" WHERE "is_active";
  ELSE
    SELECT (SELECT count(*) FROM "new_rows" WHERE "is_active") - (SELECT count(*) FROM "old_rows" WHERE "is_active") INTO delta;
  END IF;
  IF delta <> 0 THEN
    UPDATE "content_counts" SET "active" = "active" + delta WHERE "type" = TG_ARGV[0]::"content_type";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_counts_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('post');
--> statement-breakpoint
CREATE TRIGGER "posts_counts_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('post');
--> statement-breakpoint
CREATE TRIGGER "posts_counts_update" AFTER UPDATE ON "posts" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('post');
--> statement-breakpoint
CREATE TRIGGER "podcasts_counts_insert" AFTER INSERT ON "podcasts" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('podcast');
--> statement-breakpoint
CREATE TRIGGER "podcasts_counts_delete" AFTER DELETE ON "podcasts" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('podcast');
--> statement-breakpoint
CREATE TRIGGER "podcasts_counts_update" AFTER UPDATE ON "podcasts" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('podcast');
--> statement-breakpoint
CREATE TRIGGER "products_counts_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('product');
--> statement-breakpoint
CREATE TRIGGER "products_counts_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('product');
--> statement-breakpoint
CREATE TRIGGER "products_counts_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('product');
--> statement-breakpoint
CREATE TRIGGER "product_sessions_counts_insert" AFTER INSERT ON "product_sessions" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('product_session');
--> statement-breakpoint
CREATE TRIGGER "product_sessions_counts_delete" AFTER DELETE ON "product_sessions" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('product_session');
--> statement-breakpoint
CREATE TRIGGER "product_sessions_counts_update" AFTER UPDATE ON "product_sessions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "content_counts_trigger"('product_session');
--> statement-breakpoint
INSERT INTO "content_counts" ("type", "active") VALUES
  ('post', (SELECT count(*) FROM "posts" WHERE "is_active")),
  ('podcast', (SELECT count(*) FROM "podcasts" WHERE "is_active")),
  ('product', (SELECT count(*) FROM "products" WHERE "is_active")),
  ('product_session', (SELECT count(*) FROM "product_sessions" WHERE "is_active"));
