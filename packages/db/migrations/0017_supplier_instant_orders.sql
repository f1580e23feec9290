ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_booking_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason" CHECK ("reason" IN ('cancellation', 'late_payment', 'supplier_refused'));