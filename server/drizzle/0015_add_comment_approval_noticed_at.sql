ALTER TABLE "comments" ADD COLUMN "approval_noticed_at" timestamp with time zone;--> statement-breakpoint
-- Comments approved before this column were told then (or before notices existed): none is told again.
UPDATE "comments" SET "approval_noticed_at" = "updated_at" WHERE "status" = 'approved';
