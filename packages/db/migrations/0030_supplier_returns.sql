ALTER TABLE "order_cancellations" ADD COLUMN "supplier_refund_amount" text;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD COLUMN "supplier_refund_currency" text;--> statement-breakpoint
ALTER TABLE "refund_books" ADD COLUMN "supplier_returned_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_books" ADD CONSTRAINT "refund_books_supplier_returned" CHECK ("supplier_returned_minor" >= 0);--> statement-breakpoint
-- Refunds booked before this column: a supplier that refused the sale returns its whole cost; the built-in network the
-- same share of its cost as the traveller got back (packages/core/src/books.ts `supplierReturnedMinor`).
UPDATE "refund_books" AS rb SET "supplier_returned_minor" = CASE
    WHEN r."reason" = 'supplier_refused' THEN ob."supplier_cost_minor"
    WHEN rb."paid_minor" > 0 THEN floor(ob."supplier_cost_minor" * rb."given_back_minor" / rb."paid_minor")::bigint
    ELSE 0 END
  FROM "order_books" AS ob, "refunds" AS r
  WHERE ob."order_id" = rb."order_id" AND r."id" = rb."refund_id"
    AND (r."reason" = 'supplier_refused' OR ob."supplier" = 'builtin');
