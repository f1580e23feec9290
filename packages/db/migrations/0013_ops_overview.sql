CREATE TABLE "search_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"searches" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_counts_nonnegative" CHECK ("searches" >= 0)
);
--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox" USING btree ("created_at") WHERE "status" = 'failed';