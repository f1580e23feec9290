ALTER TABLE "outbox" ADD COLUMN "order_id" text;--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_order_id_idx" ON "outbox" USING btree ("order_id","created_at") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_events_provider_ref_idx" ON "webhook_events" USING btree (("payload"->>'providerRef'));--> statement-breakpoint
-- TRUNCATE skips row triggers: refuse it too, so the audit log can only grow.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
