-- pg_trgm backs the GIN trigram indexes of search (PGlite loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."comment_moderation_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
DROP INDEX "comments_item_idx";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "status" "comment_moderation_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
-- Existing approved comments stay approved; the others wait for moderation.
UPDATE "comments" SET "status" = 'approved' WHERE "is_approved";--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_item_status_idx" ON "comments" USING btree ("commentable_type","commentable_id","status");--> statement-breakpoint
CREATE INDEX "comments_status_created_idx" ON "comments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "podcasts_search_title_trgm_idx" ON "podcasts" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_search_text_trgm_idx" ON "podcasts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_search_title_trgm_idx" ON "posts" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_search_text_trgm_idx" ON "posts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_title_trgm_idx" ON "products" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "comments" DROP COLUMN "is_approved";