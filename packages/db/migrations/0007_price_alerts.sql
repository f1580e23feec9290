CREATE TABLE "price_alert_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alert_tokens_purpose" CHECK ("purpose" IN ('confirm', 'unsubscribe'))
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"currency" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"departure_date" date NOT NULL,
	"return_date" date,
	"adults" smallint NOT NULL,
	"children" smallint DEFAULT 0 NOT NULL,
	"infants" smallint DEFAULT 0 NOT NULL,
	"cabin" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference_price_minor" bigint NOT NULL,
	"last_price_minor" bigint,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "price_alerts_email_lower" CHECK ("email" = lower("email")),
	CONSTRAINT "price_alerts_status" CHECK ("status" IN ('pending', 'active', 'unsubscribed', 'expired')),
	CONSTRAINT "price_alerts_cabin" CHECK ("cabin" IN ('economy', 'business')),
	CONSTRAINT "price_alerts_party" CHECK ("adults" >= 1 AND "children" >= 0 AND "infants" >= 0),
	CONSTRAINT "price_alerts_reference_nonnegative" CHECK ("reference_price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "price_alert_tokens" ADD CONSTRAINT "price_alert_tokens_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_alert_tokens_token_hash_key" ON "price_alert_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "price_alert_tokens_alert_id_idx" ON "price_alert_tokens" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "price_alerts_email_idx" ON "price_alerts" USING btree ("email","status");--> statement-breakpoint
CREATE INDEX "price_alerts_due_idx" ON "price_alerts" USING btree ("next_check_at") WHERE "status" = 'active';