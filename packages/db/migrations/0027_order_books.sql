CREATE TABLE "order_books" (
	"order_id" text PRIMARY KEY NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"sale_minor" bigint NOT NULL,
	"supplier" text NOT NULL,
	"airline" text NOT NULL,
	"route" text NOT NULL,
	"supplier_cost_minor" bigint NOT NULL,
	"supplier_amount_minor" bigint NOT NULL,
	"supplier_currency" text NOT NULL,
	"exchange_rate" text NOT NULL,
	"markup_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"discount_minor" bigint NOT NULL,
	"paid_at" timestamp with time zone,
	"provider" text,
	"provider_fee_minor" bigint,
	"margin_minor" bigint,
	CONSTRAINT "order_books_identity" CHECK ("sale_minor" = "supplier_cost_minor" + "markup_minor" + "fee_minor" - "discount_minor"),
	CONSTRAINT "order_books_paid_together" CHECK (("paid_at" IS NULL) = ("provider" IS NULL) AND ("paid_at" IS NULL) = ("provider_fee_minor" IS NULL) AND ("paid_at" IS NULL) = ("margin_minor" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "refund_books" (
	"refund_id" uuid PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"paid_minor" bigint NOT NULL,
	"given_back_minor" bigint NOT NULL,
	"kept_minor" bigint NOT NULL,
	CONSTRAINT "refund_books_adds_up" CHECK ("given_back_minor" + "kept_minor" = "paid_minor" AND "kept_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_books" ADD CONSTRAINT "order_books_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_books" ADD CONSTRAINT "refund_books_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_books_paid_at_idx" ON "order_books" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "refund_books_recorded_at_idx" ON "refund_books" USING btree ("recorded_at");