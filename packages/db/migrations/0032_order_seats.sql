CREATE TABLE "order_seats" (
	"order_id" text NOT NULL,
	"flight_key" text NOT NULL,
	"designator" text NOT NULL,
	"passenger_position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "order_seats_pkey" PRIMARY KEY("order_id","flight_key","designator"),
	CONSTRAINT "order_seats_designator_format" CHECK ("designator" ~ '^[0-9]{1,3}[A-Z]$')
);
--> statement-breakpoint
ALTER TABLE "order_seats" ADD CONSTRAINT "order_seats_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_seats_flight_seat_key" ON "order_seats" USING btree ("flight_key","designator") WHERE "released_at" IS NULL;