CREATE TABLE "airline_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"supplier" text NOT NULL,
	"supplier_change_id" text NOT NULL,
	"removed" jsonb NOT NULL,
	"added" jsonb NOT NULL,
	"can_accept" boolean NOT NULL,
	"action_taken" text,
	"action_taken_at" timestamp with time zone,
	"detected_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_changes_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "airline_changes" ADD CONSTRAINT "airline_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "airline_changes_supplier_change_key" ON "airline_changes" USING btree ("supplier","supplier_change_id");--> statement-breakpoint
CREATE INDEX "airline_changes_order_id_idx" ON "airline_changes" USING btree ("order_id");