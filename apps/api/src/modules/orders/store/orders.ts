/**
 * The orders' store (docs/architecture.md, "Modules own their tables"): the order's row and its passengers, the
 * plain reads and writes every concern of the module shares. Queries of one concern only (expiry, lists, holds,
 * the supplier's side) sit in their own file beside this one. Each function runs in the database or transaction
 * it is given; a writer locks the order first (`lockOrder`), then what hangs off it.
 */
import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const orders = schema.orders;
const passengers = schema.orderPassengers;

export type OrderRow = typeof orders.$inferSelect;
export type OrderPassengerRow = typeof passengers.$inferSelect;
/** The columns a writer may set on an order (its id never changes). */
export type OrderChanges = Partial<Omit<typeof orders.$inferInsert, 'id'>>;

export async function orderRow(db: Database, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order's row, locked for this transaction: every writer locks the order first (then what hangs off it). */
export async function lockOrder(tx: Database, orderId: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}

/** The order's passengers in the order they were entered. */
export function passengersOfOrder(db: Database, orderId: string): Promise<OrderPassengerRow[]> {
  return db
    .select()
    .from(passengers)
    .where(eq(passengers.orderId, orderId))
    .orderBy(asc(passengers.position));
}

/** The passenger's ticket numbers, once the tickets are issued (one per flight coupon). */
export async function setTicketNumbers(tx: Database, passengerId: string, numbers: string[]): Promise<void> {
  await tx.update(passengers).set({ ticketNumbers: numbers }).where(eq(passengers.id, passengerId));
}

/**
 * Sets `changes` on the order, only while `guard` (further conditions on the row, e.g. its status) still holds;
 * the rows changed come back, so a caller that raced another writer sees none.
 */
export function updateOrder(db: Database, orderId: string, changes: OrderChanges, ...guard: SQL[]) {
  return db
    .update(orders)
    .set(changes)
    .where(and(eq(orders.id, orderId), ...guard))
    .returning();
}

/**
 * Our orders that have an order at the supplier `supplierId` and meet `conditions`: their ids and the supplier's
 * (a query to sort and limit).
 */
export function ordersAtSupplier(db: Database, supplierId: string, ...conditions: SQL[]) {
  return db
    .select({ id: orders.id, supplierOrderId: orders.supplierOrderId })
    .from(orders)
    .where(and(eq(orders.supplier, supplierId), isNotNull(orders.supplierOrderId), ...conditions));
}
