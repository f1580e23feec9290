ALTER TABLE "order_cancellations" ADD COLUMN "refund_to" text;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD COLUMN "airline_credits" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_booking_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_booking_outcome" text;