DROP INDEX "orders_unpaid_client_ip_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_network" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_client_network_idx" ON "orders" USING btree ("client_network") WHERE "booking_status" = 'new' AND "payment_status" = 'not_paid';--> statement-breakpoint
-- Unpaid orders booked before the column existed keep counting by their address (an IPv4 address is its own key).
UPDATE "orders" SET "client_network" = "client_ip" WHERE "client_ip" IS NOT NULL AND "booking_status" = 'new' AND "payment_status" = 'not_paid';
