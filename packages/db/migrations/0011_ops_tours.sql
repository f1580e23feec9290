CREATE TABLE "tour_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_images_content_type" CHECK ("content_type" IN ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "tour_images_size" CHECK ("byte_size" BETWEEN 1 AND 5242880)
);
--> statement-breakpoint
ALTER TABLE "agency_applications" DROP CONSTRAINT "agency_applications_status";--> statement-breakpoint
ALTER TABLE "tour_requests" DROP CONSTRAINT "tour_requests_status";--> statement-breakpoint
ALTER TABLE "agency_applications" ADD COLUMN "operator_note" text;--> statement-breakpoint
ALTER TABLE "tour_requests" ADD COLUMN "operator_note" text;--> statement-breakpoint
ALTER TABLE "tour_images" ADD CONSTRAINT "tour_images_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tour_images_tour_id_idx" ON "tour_images" USING btree ("tour_id");--> statement-breakpoint
-- Hand-written (issue 13 §7): the inbox statuses' new names, before the new CHECKs (no code ever set the old
-- ones, but a row could hold them): contacted -> in_progress, closed -> done, reviewing -> new.
UPDATE "tour_requests" SET "status" = 'in_progress' WHERE "status" = 'contacted';--> statement-breakpoint
UPDATE "tour_requests" SET "status" = 'done' WHERE "status" = 'closed';--> statement-breakpoint
UPDATE "agency_applications" SET "status" = 'new' WHERE "status" = 'reviewing';--> statement-breakpoint
ALTER TABLE "agency_applications" ADD CONSTRAINT "agency_applications_status" CHECK ("status" IN ('new', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "tour_requests" ADD CONSTRAINT "tour_requests_status" CHECK ("status" IN ('new', 'in_progress', 'done'));