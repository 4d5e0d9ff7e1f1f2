DROP INDEX "costs_date_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_ref" text;--> statement-breakpoint
CREATE INDEX "costs_branch_date_idx" ON "costs" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents","id");--> statement-breakpoint
CREATE INDEX "orders_cashier_idx" ON "orders" USING btree ("cashier_name","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_branch_created_at_idx" ON "orders" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "costs_date_idx" ON "costs" USING btree ("date","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_idempotency_key_key" UNIQUE("idempotency_key");