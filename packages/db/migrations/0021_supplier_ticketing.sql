ALTER TABLE "orders" ADD COLUMN "ticketing_problem" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ticketing_problem_detail" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ticketing_problem_at" timestamp with time zone;