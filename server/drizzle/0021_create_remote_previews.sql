CREATE TABLE "remote_previews" (
	"user_id" integer NOT NULL,
	"remote" varchar(32) NOT NULL,
	"release_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "remote_previews_user_id_remote_pk" PRIMARY KEY("user_id","remote")
);
--> statement-breakpoint
ALTER TABLE "remote_previews" ADD CONSTRAINT "remote_previews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_previews" ADD CONSTRAINT "remote_previews_release_id_remote_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."remote_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_previews_remote_idx" ON "remote_previews" USING btree ("remote");