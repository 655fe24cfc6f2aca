ALTER TABLE "product_sessions" ADD COLUMN "forensic_renditions" text[];--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "forensic_watermark" boolean DEFAULT true NOT NULL;