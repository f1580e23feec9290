/**
 * The orders' store (docs/architecture.md, "Modules own their tables"): a traveller's orders, for their list
 * (modules/orders/lists.ts), and the orders an address booked that its account claims at sign-in.
 */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const orders = schema.orders;

/** The user's `limit` newest orders, each with how many passengers it has. */
export function ordersOfUser(db: Database, userId: string, limit: number) {
  return db
    .select({
      order: orders,
      passengers: sql<number>`(SELECT count(*) FROM order_passengers p WHERE p.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/**
 * Gives the user every order of no account whose contact email is `email` and that meets `guard` (further
 * conditions on the row).
 */
export async function claimOrdersOfEmail(db: Database, email: string, userId: string, ...guard: SQL[]) {
  await db
    .update(orders)
    .set({ userId })
    .where(and(eq(orders.contactEmail, email), isNull(orders.userId), ...guard));
}
