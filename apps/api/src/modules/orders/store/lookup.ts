/**
 * The orders' store (docs/architecture.md, "Modules own their tables"): the order a booking reference names,
 * for "where is my ticket" (modules/orders/lookup.ts).
 */
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const orders = schema.orders;

/** The order with this booking reference and its contact email; undefined when there is none. */
export async function orderOfReference(db: Database, bookingReference: string) {
  const [found] = await db
    .select({ id: orders.id, contactEmail: orders.contactEmail })
    .from(orders)
    .where(eq(orders.bookingReference, bookingReference));
  return found;
}
