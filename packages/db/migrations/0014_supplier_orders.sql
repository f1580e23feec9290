ALTER TABLE "order_cancellations" ADD COLUMN "supplier_cancellation_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_booking_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_total_amount" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_currency" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_supplier_order_key" ON "orders" USING btree ("supplier","supplier_order_id") WHERE "supplier_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_supplier_unpaid_idx" ON "orders" USING btree ("paid_at") WHERE "supplier" IS NOT NULL AND "supplier_paid_at" IS NULL AND "supplier_cancelled_at" IS NULL;