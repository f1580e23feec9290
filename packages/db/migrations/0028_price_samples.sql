CREATE TABLE "price_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"input" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "price_samples_sampled_at_idx" ON "price_samples" USING btree ("sampled_at");