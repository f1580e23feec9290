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
ALTER TABLE "supplier_total_differences" ADD CONSTRAINT "supplier_total_differences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_total_differences_found_idx" ON "supplier_total_differences" USING btree ("last_found_at");