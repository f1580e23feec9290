/**
 * What the supplier-orders module keeps of its own, re-exported by schema.ts: the suppliers' pauses and the
 * supplier totals its reconciliation found at odds with the books. Owned by
 * apps/api/src/modules/supplier-orders/, whose store.ts alone reads and writes this table
 * (docs/architecture.md).
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from './schema-columns.ts';
import { orderRef } from './schema-orders.ts';

/**
 * A supplier's "not now" shared by every instance: after its rate limit (429), nothing is asked of the supplier
 * until `until` (its `ratelimit-reset`), whichever instance was told (docs/suppliers.md, "Paying and ticketing").
 */
export const supplierPauses = pgTable('supplier_pauses', {
  supplier: text('supplier').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/**
 * An order whose supplier total, as the supplier reconciliation last listed it, is not the supplier cost the books
 * recorded at booking (apps/api/src/modules/supplier-orders/reconciliation.ts): one row per order, the amounts of
 * the latest run that found them. Minor units, each of its own currency.
 */
export const supplierTotalDifferences = pgTable(
  'supplier_total_differences',
  {
    orderId: orderRef({ onDelete: 'cascade' }).primaryKey(),
    supplier: text('supplier').notNull(),
    supplierOrderId: text('supplier_order_id').notNull(),
    /** The books' supplier cost, in the supplier's currency as recorded at booking. */
    oursMinor: money('ours_minor').notNull(),
    oursCurrency: text('ours_currency').notNull(),
    /** The supplier's total for the order. */
    theirsMinor: money('theirs_minor').notNull(),
    theirsCurrency: text('theirs_currency').notNull(),
    firstFoundAt: timestamp('first_found_at', { withTimezone: true }).notNull(),
    lastFoundAt: timestamp('last_found_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('supplier_total_differences_found_idx').on(t.lastFoundAt)],
);
