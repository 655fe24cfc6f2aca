-- Issue 22 item 10: courses given by hand leave the sales rollup for a kind of their own ('given').
-- Empty the rollup; the next summary rebuilds it with the new kinds.
DELETE FROM "sales_daily";--> statement-breakpoint
DELETE FROM "sales_daily_state";
