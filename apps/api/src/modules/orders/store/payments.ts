/**
 * The orders' store for the payments' side of an order (docs/architecture.md, "Modules own their tables"): what
 * a provider's fiscal receipt lists of the passengers (payments/<name>/fiscal-data.ts, through modules/payments). Each runs in the database or
 * transaction it is given; a writer has locked the order first.
 */
import { asc, eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const passengers = schema.orderPassengers;

/** The types of the order's passengers in the order they were entered (a receipt's lines). */
export function passengerTypesOfOrder(db: Database, orderId: string) {
  return db
    .select({ type: passengers.type })
    .from(passengers)
    .where(eq(passengers.orderId, orderId))
    .orderBy(asc(passengers.position));
}
