CREATE TABLE "sales_daily" (
	"kind" varchar(16) NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"count" integer NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "sales_daily_kind_day_product_id_pk" PRIMARY KEY("kind","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"through" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_source_created_idx" ON "orders" USING btree ("source","created_at");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_mobile_trgm_idx" ON "users" USING gin ("mobile" gin_trgm_ops);