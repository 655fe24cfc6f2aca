CREATE TYPE "public"."pending_file_state" AS ENUM('writing', 'discarding');--> statement-breakpoint
CREATE TABLE "pending_files" (
	"is_private" boolean NOT NULL,
	"key" text NOT NULL,
	"state" "pending_file_state" NOT NULL,
	"writer" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_files_is_private_key_pk" PRIMARY KEY("is_private","key")
);
--> statement-breakpoint
CREATE INDEX "pending_files_state_writer_idx" ON "pending_files" USING btree ("state","writer");