CREATE TABLE "supplier_total_differences" (
	"order_id" text PRIMARY KEY NOT NULL,
	"supplier" text NOT NULL,
	"supplier_order_id" text NOT NULL,
	"ours_minor" bigint NOT NULL,
	"ours_currency" text NOT NULL,
	"theirs_minor" bigint NOT NULL,
	"theirs_currency" text NOT NULL,
	"first_found_at" timestamp with time zone NOT NULL,
	"last_found_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_books" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "order_books" ADD COLUMN "promo_discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_total_differences" ADD CONSTRAINT "supplier_total_differences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_total_differences_found_idx" ON "supplier_total_differences" USING btree ("last_found_at");--> statement-breakpoint
ALTER TABLE "order_books" ADD CONSTRAINT "order_books_promo" CHECK (("promo_code" IS NULL) = ("promo_discount_minor" = 0) AND "promo_discount_minor" BETWEEN 0 AND "discount_minor");