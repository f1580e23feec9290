CREATE TABLE "order_access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_cancellations" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_path" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "order_access_tokens" ADD CONSTRAINT "order_access_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_access_tokens_token_hash_key" ON "order_access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "order_access_tokens_order_id_idx" ON "order_access_tokens" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_cancellations_order_id_idx" ON "order_cancellations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_client_ip_idx" ON "orders" USING btree ("client_ip") WHERE "booking_status" = 'new' AND "payment_status" = 'not_paid';--> statement-breakpoint
-- Added by hand: existing orders keep their emailed links, whose token hashes move to the new table (0004 drops the old column).
INSERT INTO "order_access_tokens" ("order_id", "token_hash", "created_at") SELECT "id", "access_token_hash", "created_at" FROM "orders";
