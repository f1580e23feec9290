/**
 * The orders' store (docs/architecture.md, "Modules own their tables"): the payment window of unpaid orders. The
 * expiry worker (modules/orders/expiry.ts) claims those past it here, then cancels them with `updateOrder` and
 * gives their seats back with `releaseOrderHolds` in the same transaction; the caps on unpaid holds count those
 * still in it (store/booking.ts).
 */
import { and, eq, lte, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const orders = schema.orders;

/** An order still waiting for its payment: booked, not paid (in its payment window or past it). */
export function unpaidOrder(): SQL {
  return and(eq(orders.bookingStatus, 'new'), eq(orders.paymentStatus, 'not_paid'))!;
}

/**
 * Up to `limit` unpaid orders past their payment deadline at `now`, the earliest first, locked for the
 * transaction `tx` with `FOR UPDATE SKIP LOCKED`: several API instances run the worker at once without
 * claiming an order twice.
 */
export function claimDueUnpaidOrders(tx: Database, now: Date, limit: number) {
  return tx
    .select({ id: orders.id, bookingStatus: orders.bookingStatus, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(unpaidOrder(), lte(orders.paymentDeadline, now)))
    .orderBy(orders.paymentDeadline)
    .limit(limit)
    .for('update', { skipLocked: true });
}
