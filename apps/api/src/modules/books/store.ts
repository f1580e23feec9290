/**
 * The books' tables (packages/db/src/schema-books.ts): the only code that reads or writes them
 * (docs/architecture.md). Each function runs in the database or transaction it is given.
 */
import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

export type OrderBooksRow = typeof schema.orderBooks.$inferSelect;
export type NewOrderBooks = typeof schema.orderBooks.$inferInsert;
export type RefundBooksRow = typeof schema.refundBooks.$inferSelect;

export async function insertOrderBooks(tx: Database, values: NewOrderBooks): Promise<void> {
  await tx.insert(schema.orderBooks).values(values);
}

/** An order's books, if it has them (orders booked before the books were kept have none). */
export async function orderBooksOf(db: Database, orderId: string): Promise<OrderBooksRow | null> {
  const [row] = await db.select().from(schema.orderBooks).where(eq(schema.orderBooks.orderId, orderId));
  return row ?? null;
}

/** The books of these orders (those that have them). */
export async function orderBooksOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<OrderBooksRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(schema.orderBooks)
    .where(inArray(schema.orderBooks.orderId, [...orderIds]));
}

/** The payment's figures, set once: a second payment of a paid order changes nothing (it is refunded). */
export async function setOrderPaid(
  tx: Database,
  orderId: string,
  paid: { paidAt: Date; provider: string; providerFeeMinor: number; marginMinor: number },
): Promise<boolean> {
  const rows = await tx
    .update(schema.orderBooks)
    .set(paid)
    .where(and(eq(schema.orderBooks.orderId, orderId), isNull(schema.orderBooks.paidAt)))
    .returning({ orderId: schema.orderBooks.orderId });
  return rows.length > 0;
}

export async function insertRefundBooks(
  tx: Database,
  values: typeof schema.refundBooks.$inferInsert,
): Promise<void> {
  await tx.insert(schema.refundBooks).values(values).onConflictDoNothing();
}

/** The refunds of an order, as the books keep them. */
export async function refundBooksOf(db: Database, orderId: string): Promise<RefundBooksRow[]> {
  return db.select().from(schema.refundBooks).where(eq(schema.refundBooks.orderId, orderId));
}

/** The orders paid in [from, to). */
export async function paidBetween(db: Database, from: Date, to: Date): Promise<OrderBooksRow[]> {
  return db
    .select()
    .from(schema.orderBooks)
    .where(and(gte(schema.orderBooks.paidAt, from), lt(schema.orderBooks.paidAt, to)));
}

/** The refunds recorded in [from, to), each with its order's books (the keys it is filed under). */
export async function refundsBetween(
  db: Database,
  from: Date,
  to: Date,
): Promise<{ refund: RefundBooksRow; order: OrderBooksRow }[]> {
  return db
    .select({ refund: schema.refundBooks, order: schema.orderBooks })
    .from(schema.refundBooks)
    .innerJoin(schema.orderBooks, eq(schema.orderBooks.orderId, schema.refundBooks.orderId))
    .where(and(gte(schema.refundBooks.recordedAt, from), lt(schema.refundBooks.recordedAt, to)));
}
