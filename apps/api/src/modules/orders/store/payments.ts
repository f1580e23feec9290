/**
 * The orders' store for the payments' side of an order (docs/architecture.md, "Modules own their tables"): the
 * passengers' tickets issued when a payment settles it (modules/payments/payments.ts) and what a provider's fiscal
 * receipt lists of them (payments/<name>/fiscal-data.ts, through modules/payments). Each runs in the database or
 * transaction it is given; a writer has locked the order first.
 */
import { asc, eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const passengers = schema.orderPassengers;

/** The passenger's ticket numbers, one per flight of the itinerary in order. */
export async function setTicketNumbers(tx: Database, passengerId: string, numbers: string[]): Promise<void> {
  await tx.update(passengers).set({ ticketNumbers: numbers }).where(eq(passengers.id, passengerId));
}

/** The types of the order's passengers in the order they were entered (a receipt's lines). */
export function passengerTypesOfOrder(db: Database, orderId: string) {
  return db
    .select({ type: passengers.type })
    .from(passengers)
    .where(eq(passengers.orderId, orderId))
    .orderBy(asc(passengers.position));
}
