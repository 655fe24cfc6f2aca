CREATE TABLE "comment_reply_notices" (
	"reply_id" integer PRIMARY KEY NOT NULL,
	"recipient_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_throttles" (
	"key" varchar(80) PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_reply_notices" ADD CONSTRAINT "comment_reply_notices_reply_id_comments_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reply_notices" ADD CONSTRAINT "comment_reply_notices_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reply_notices_recipient_idx" ON "comment_reply_notices" USING btree ("recipient_id","mailed_at");