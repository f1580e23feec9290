ALTER TABLE "order_email_changes" ADD COLUMN "previous_email" text;--> statement-breakpoint
ALTER TABLE "order_email_changes" ADD COLUMN "undo_token_hash" text;--> statement-breakpoint
ALTER TABLE "order_email_changes" ADD COLUMN "undone_at" timestamp with time zone;