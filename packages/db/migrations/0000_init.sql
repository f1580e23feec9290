CREATE SEQUENCE "public"."ticket_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9999999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "agency_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"city" text,
	"country_code" text,
	"website" text,
	"tax_id" text,
	"message" text,
	"lang" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_applications_status" CHECK ("status" IN ('new', 'reviewing', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "auth_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	CONSTRAINT "auth_codes_attempts_nonnegative" CHECK ("attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("scope","key"),
	CONSTRAINT "idempotency_keys_status" CHECK ("status" IN ('in_progress', 'done'))
);
--> statement-breakpoint
CREATE TABLE "order_holds" (
	"order_id" text NOT NULL,
	"flight_key" text NOT NULL,
	"cabin" text NOT NULL,
	"seats" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "order_holds_pkey" PRIMARY KEY("order_id","flight_key","cabin"),
	CONSTRAINT "order_holds_seats_positive" CHECK ("seats" > 0),
	CONSTRAINT "order_holds_cabin" CHECK ("cabin" IN ('economy', 'business'))
);
--> statement-breakpoint
CREATE TABLE "order_passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"position" smallint NOT NULL,
	"type" text NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"born_on" date NOT NULL,
	"gender" text NOT NULL,
	"citizenship" text NOT NULL,
	"document_number" text NOT NULL,
	"document_expires_on" date,
	"ticket_numbers" jsonb,
	CONSTRAINT "order_passengers_type" CHECK ("type" IN ('adult', 'child', 'infant')),
	CONSTRAINT "order_passengers_gender" CHECK ("gender" IN ('male', 'female'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_reference" text NOT NULL,
	"user_id" uuid,
	"contact_full_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"offer_id" text,
	"offer" jsonb NOT NULL,
	"price" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"booking_status" text DEFAULT 'new' NOT NULL,
	"payment_status" text DEFAULT 'not_paid' NOT NULL,
	"access_token_hash" text NOT NULL,
	"lang" text NOT NULL,
	"payment_deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ticketed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_booking_status" CHECK ("booking_status" IN ('new', 'booked', 'cancelled')),
	CONSTRAINT "orders_payment_status" CHECK ("payment_status" IN ('not_paid', 'paid')),
	CONSTRAINT "orders_booking_reference_format" CHECK ("booking_reference" ~ '^[A-Z0-9]{6}$'),
	CONSTRAINT "orders_contact_email_lower" CHECK ("contact_email" = lower("contact_email")),
	CONSTRAINT "orders_total_nonnegative" CHECK ("total_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"to_address" text,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_status" CHECK ("status" IN ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "outbox_attempts_nonnegative" CHECK ("attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"redirect_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status" CHECK ("status" IN ('pending', 'requires_action', 'succeeded', 'failed', 'cancelled')),
	CONSTRAINT "payments_amount_nonnegative" CHECK ("amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_count_nonnegative" CHECK ("count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "saved_travellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"born_on" date NOT NULL,
	"gender" text NOT NULL,
	"citizenship" text NOT NULL,
	"document_number" text NOT NULL,
	"document_expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_travellers_gender" CHECK ("gender" IN ('male', 'female'))
);
--> statement-breakpoint
CREATE TABLE "seat_inventory" (
	"flight_key" text NOT NULL,
	"cabin" text NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"capacity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_inventory_pkey" PRIMARY KEY("flight_key","cabin"),
	CONSTRAINT "seat_inventory_sold_nonnegative" CHECK ("sold" >= 0),
	CONSTRAINT "seat_inventory_sold_within_capacity" CHECK ("sold" <= "capacity"),
	CONSTRAINT "seat_inventory_cabin" CHECK ("cabin" IN ('economy', 'business'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tour_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid,
	"user_id" uuid,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"adults" smallint DEFAULT 1 NOT NULL,
	"children" smallint DEFAULT 0 NOT NULL,
	"message" text,
	"lang" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_requests_status" CHECK ("status" IN ('new', 'contacted', 'closed')),
	CONSTRAINT "tour_requests_party" CHECK ("adults" >= 1 AND "children" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb,
	"description" jsonb,
	"origin_code" text NOT NULL,
	"destination_code" text NOT NULL,
	"country_code" text NOT NULL,
	"hotel_name" text,
	"hotel_stars" smallint,
	"board_basis" text,
	"departs_on" date NOT NULL,
	"nights" smallint NOT NULL,
	"price_from_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"image_url" text,
	"valid_until" timestamp with time zone,
	"published" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tours_nights_positive" CHECK ("nights" > 0),
	CONSTRAINT "tours_hotel_stars_range" CHECK ("hotel_stars" IS NULL OR "hotel_stars" BETWEEN 1 AND 5),
	CONSTRAINT "tours_price_nonnegative" CHECK ("price_from_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"language" text,
	"currency" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code_signin_suspended_at" timestamp with time zone,
	CONSTRAINT "users_email_lower" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb,
	CONSTRAINT "webhook_events_pkey" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "order_holds" ADD CONSTRAINT "order_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_passengers" ADD CONSTRAINT "order_passengers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_travellers" ADD CONSTRAINT "saved_travellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_requests" ADD CONSTRAINT "tour_requests_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_requests" ADD CONSTRAINT "tour_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_applications_status_created_idx" ON "agency_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "auth_codes_email_created_idx" ON "auth_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "auth_codes_ip_created_idx" ON "auth_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "auth_codes_expires_idx" ON "auth_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_passengers_order_position_key" ON "order_passengers" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_booking_reference_key" ON "orders" USING btree ("booking_reference");--> statement-breakpoint
CREATE INDEX "orders_user_id_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_contact_email_idx" ON "orders" USING btree ("contact_email");--> statement-breakpoint
CREATE INDEX "orders_unpaid_deadline_idx" ON "orders" USING btree ("payment_deadline") WHERE "booking_status" = 'new' AND "payment_status" = 'not_paid';--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "status" IN ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key_key" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_order_id_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "saved_travellers_user_id_idx" ON "saved_travellers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tour_requests_tour_id_idx" ON "tour_requests" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "tour_requests_status_created_idx" ON "tour_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tours_slug_key" ON "tours" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "tours_published_departs_idx" ON "tours" USING btree ("published","departs_on");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");