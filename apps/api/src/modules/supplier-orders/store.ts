/**
 * The suppliers' pauses and supplier totals at odds with the books (`supplier_pauses`, `supplier_total_differences`,
 * packages/db/src/schema-supplier-orders.ts): the only file that reads
 * or writes them (docs/architecture.md, "Modules own their tables"). Every function takes the database or the
 * transaction it runs in.
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const { supplierPauses } = schema;

/** Until when the supplier asked to be left alone, as kept (perhaps already past); undefined when never. */
export async function supplierPauseUntil(db: Database, supplier: string): Promise<Date | undefined> {
  const [pause] = await db
    .select({ until: supplierPauses.until })
    .from(supplierPauses)
    .where(eq(supplierPauses.supplier, supplier));
  return pause?.until;
}

/** Keeps a pause of the supplier until `until`; a later end already kept wins (two instances told at once). */
export async function pauseSupplier(db: Database, supplier: string, until: Date): Promise<void> {
  await db
    .insert(supplierPauses)
    .values({ supplier, until })
    .onConflictDoUpdate({
      target: supplierPauses.supplier,
      set: { until: sql`GREATEST(${supplierPauses.until}, excluded.until)` },
    });
}

/** Forgets every supplier's pause (tests whose clock goes back: testing/pauses.ts). */
export async function deleteSupplierPauses(db: Database): Promise<void> {
  await db.delete(supplierPauses);
}

export type SupplierTotalDifferenceRow = typeof schema.supplierTotalDifferences.$inferSelect;

/** Keeps what a reconciliation run found of an order's supplier total: the first time it was found stays. */
export async function recordSupplierTotalDifference(
  db: Database,
  found: Omit<SupplierTotalDifferenceRow, 'firstFoundAt' | 'lastFoundAt'> & { at: Date },
): Promise<void> {
  const { at, ...values } = found;
  const { supplierTotalDifferences: t } = schema;
  await db
    .insert(t)
    .values({ ...values, firstFoundAt: at, lastFoundAt: at })
    .onConflictDoUpdate({
      target: t.orderId,
      set: {
        supplier: values.supplier,
        supplierOrderId: values.supplierOrderId,
        oursMinor: values.oursMinor,
        oursCurrency: values.oursCurrency,
        theirsMinor: values.theirsMinor,
        theirsCurrency: values.theirsCurrency,
        lastFoundAt: sql`GREATEST(${t.lastFoundAt}, excluded.last_found_at)`,
      },
    });
}

/** The differences some run found in [from, to): first found before `to`, last found at or after `from`. */
export async function supplierTotalDifferencesBetween(
  db: Database,
  from: Date,
  to: Date,
): Promise<SupplierTotalDifferenceRow[]> {
  const { supplierTotalDifferences: t } = schema;
  return db
    .select()
    .from(t)
    .where(and(lt(t.firstFoundAt, to), gte(t.lastFoundAt, from)))
    .orderBy(desc(t.lastFoundAt));
}
