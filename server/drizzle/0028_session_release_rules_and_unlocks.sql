CREATE TABLE "session_open_notices" (
	"user_id" integer NOT NULL,
	"product_session_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_open_notices_user_id_product_session_id_pk" PRIMARY KEY("user_id","product_session_id")
);
--> statement-breakpoint
CREATE TABLE "session_unlocks" (
	"user_id" integer NOT NULL,
	"product_session_id" integer NOT NULL,
	"opens_at" timestamp with time zone,
	"by_user_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_unlocks_user_id_product_session_id_pk" PRIMARY KEY("user_id","product_session_id")
);
--> statement-breakpoint
ALTER TABLE "product_sessions" ADD COLUMN "release_days" integer;--> statement-breakpoint
ALTER TABLE "product_sessions" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_sessions" ADD COLUMN "prerequisite_session_id" integer;--> statement-breakpoint
ALTER TABLE "session_open_notices" ADD CONSTRAINT "session_open_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_open_notices" ADD CONSTRAINT "session_open_notices_product_session_id_product_sessions_id_fk" FOREIGN KEY ("product_session_id") REFERENCES "public"."product_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_unlocks" ADD CONSTRAINT "session_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_unlocks" ADD CONSTRAINT "session_unlocks_product_session_id_product_sessions_id_fk" FOREIGN KEY ("product_session_id") REFERENCES "public"."product_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_unlocks" ADD CONSTRAINT "session_unlocks_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_unlocks_session_idx" ON "session_unlocks" USING btree ("product_session_id");--> statement-breakpoint
ALTER TABLE "product_sessions" ADD CONSTRAINT "product_sessions_prerequisite_session_id_product_sessions_id_fk" FOREIGN KEY ("prerequisite_session_id") REFERENCES "public"."product_sessions"("id") ON DELETE set null ON UPDATE no action;