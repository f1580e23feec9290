CREATE TABLE "price_alert_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"price_minor" bigint,
	"departure_date" date
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "departure_until" date;--> statement-breakpoint
ALTER TABLE "price_alert_prices" ADD CONSTRAINT "price_alert_prices_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alert_prices_alert_idx" ON "price_alert_prices" USING btree ("alert_id","checked_at");--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_range" CHECK ("departure_until" IS NULL OR "departure_until" BETWEEN "departure_date" AND "departure_date" + 61);