/**
 * What the supplier-orders module keeps of its own, re-exported by schema.ts: the suppliers' pauses. Owned by
 * apps/api/src/modules/supplier-orders/, whose store.ts alone reads and writes this table
 * (docs/architecture.md).
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A supplier's "not now" shared by every instance: after its rate limit (429), nothing is asked of the supplier
 * until `until` (its `ratelimit-reset`), whichever instance was told (docs/suppliers.md, "Paying and ticketing").
 */
export const supplierPauses = pgTable('supplier_pauses', {
  supplier: text('supplier').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
