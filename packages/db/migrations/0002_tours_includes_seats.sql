ALTER TABLE "tours" ADD COLUMN "includes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "seats_left" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_seats_left_nonnegative" CHECK ("seats_left" >= 0);