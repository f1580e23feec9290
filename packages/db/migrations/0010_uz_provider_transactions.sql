CREATE TABLE "payment_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"differences" integer NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"state" smallint NOT NULL,
	"reason" smallint,
	"provider_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"performed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"details" jsonb,
	CONSTRAINT "provider_transactions_state" CHECK ("state" IN (1, 2, -1, -2)),
	CONSTRAINT "provider_transactions_amount_positive" CHECK ("amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_reconciliations_provider_ran_idx" ON "payment_reconciliations" USING btree ("provider","ran_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transactions_external_key" ON "provider_transactions" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transactions_number_key" ON "provider_transactions" USING btree ("number");--> statement-breakpoint
CREATE INDEX "provider_transactions_payment_idx" ON "provider_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "provider_transactions_time_idx" ON "provider_transactions" USING btree ("provider","provider_time");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transactions_one_live_payme" ON "provider_transactions" USING btree ("order_id") WHERE "provider" = 'payme' AND "state" IN (1, 2);