/**
 * The suppliers' pauses (`supplier_pauses`, packages/db/src/schema-supplier-orders.ts): the only file that reads
 * or writes them (docs/architecture.md, "Modules own their tables"). Every function takes the database or the
 * transaction it runs in.
 */
import { eq, sql } from 'drizzle-orm';
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
