ALTER TABLE "orders" ADD COLUMN "vat_percent" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "vat_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_wallet_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."wallet_amount" > 0 and "orders"."payment_status" = 'paid';--> statement-breakpoint
-- Sales now count the paid parts of courses bought in parts (issue 36 item 5): the rollup is rebuilt by the next summary.
DELETE FROM "sales_daily";--> statement-breakpoint
DELETE FROM "sales_daily_state";
