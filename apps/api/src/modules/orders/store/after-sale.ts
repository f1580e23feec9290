/**
 * The orders' store for the after-sale (docs/architecture.md, "Modules own their tables"): the queries of the
 * airline's changes to an order at its supplier (modules/after-sale/airline-changes.ts) that the shared reads and
 * writes of `orders.ts` do not cover. Each runs in the database or transaction it is given.
 */
import { asc, eq, ne, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import { ordersAtSupplier } from './orders.ts';

const orders = schema.orders;

/**
 * Our live (not cancelled) orders at the supplier `supplierId` whose airline changes were asked about least
 * recently (never asked first, then the oldest orders): at most `limit`, so every order gets its turn.
 */
export function ordersDueForChangeCheck(db: Database, supplierId: string, limit: number) {
  return ordersAtSupplier(db, supplierId, ne(orders.bookingStatus, 'cancelled'))
    .orderBy(sql`${orders.supplierChangesCheckedAt} ASC NULLS FIRST`, asc(orders.createdAt))
    .limit(limit);
}

/** Our live (not cancelled) order that is the supplier's order `supplierOrderId`, if any. */
export async function liveOrderAtSupplier(
  db: Database,
  supplierId: string,
  supplierOrderId: string,
): Promise<{ id: string } | undefined> {
  const [order] = await ordersAtSupplier(
    db,
    supplierId,
    eq(orders.supplierOrderId, supplierOrderId),
    ne(orders.bookingStatus, 'cancelled'),
  );
  return order && { id: order.id };
}
