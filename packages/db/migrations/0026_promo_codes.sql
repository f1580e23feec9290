CREATE TABLE "promo_code_versions" (
	"code_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_versions_pkey" PRIMARY KEY("code_id","version")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"version" integer NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"fixed_amount_minor" bigint,
	"fixed_currency" text,
	"per" text NOT NULL,
	"cap_amount_minor" bigint,
	"cap_currency" text,
	"scope" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"total_limit" integer NOT NULL,
	"per_traveller_limit" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_upper" CHECK ("code" = upper("code")),
	CONSTRAINT "promo_codes_per" CHECK ("per" IN ('passenger', 'order')),
	CONSTRAINT "promo_codes_percent_range" CHECK ("percent_bp" BETWEEN 0 AND 10000),
	CONSTRAINT "promo_codes_limits" CHECK ("total_limit" >= 1 AND "per_traveller_limit" >= 1 AND "used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"mailbox" text NOT NULL,
	"discount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "promo_redemptions_discount" CHECK ("discount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "promo_code_versions" ADD CONSTRAINT "promo_code_versions_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_order_key" ON "promo_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_mailbox_idx" ON "promo_redemptions" USING btree ("code_id","mailbox");