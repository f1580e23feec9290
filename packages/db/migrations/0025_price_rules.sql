CREATE TABLE "price_rules" (
	"rule_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"priority" integer NOT NULL,
	"scope" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"fixed_amount_minor" bigint,
	"fixed_currency" text,
	"per" text NOT NULL,
	"cap_amount_minor" bigint,
	"cap_currency" text,
	"exclusive" boolean DEFAULT false NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_rules_pkey" PRIMARY KEY("rule_id","version"),
	CONSTRAINT "price_rules_kind" CHECK ("kind" IN ('markup', 'service_fee', 'discount')),
	CONSTRAINT "price_rules_per" CHECK ("per" IN ('passenger', 'order')),
	CONSTRAINT "price_rules_version_positive" CHECK ("version" >= 1),
	CONSTRAINT "price_rules_percent_range" CHECK ("percent_bp" BETWEEN 0 AND 10000),
	CONSTRAINT "price_rules_fixed_pair" CHECK (("fixed_amount_minor" IS NULL) = ("fixed_currency" IS NULL) AND coalesce("fixed_amount_minor", 0) >= 0),
	CONSTRAINT "price_rules_cap_pair" CHECK (("cap_amount_minor" IS NULL) = ("cap_currency" IS NULL) AND coalesce("cap_amount_minor", 0) >= 0)
);
--> statement-breakpoint
CREATE INDEX "price_rules_effective_idx" ON "price_rules" USING btree ("effective_from");