/**
 * The orders' store, the supplier's side (docs/suppliers.md; docs/architecture.md, "Modules own their tables"):
 * the queries modules/supplier-orders runs on our orders — booking a paid order there at most once, putting the
 * supplier's order on ours, paying its hold and writing the airline's ticket numbers, giving up lapsed holds.
 * A claim checks and writes in one update (its conditions are the update's), so of two passes or instances at
 * once only one wins it; each function runs in the database or transaction it is given.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import { ordersAtSupplier, updateOrder } from './orders.ts';

const orders = schema.orders;

/** The supplier's order, as kept on ours. */
export interface SupplierOrderMade {
  orderId: string;
  bookingReference: string;
  totalAmount: string;
  totalCurrency: string;
}

const changed = async (rows: Promise<unknown[]>): Promise<boolean> => (await rows).length > 0;

// ---------------------------------------------------------------------------------------------------------
// Booking a paid order at the supplier (modules/supplier-orders/payments.ts, order-creation.ts)

/** A paid order still `new` with no supplier order on it (one booked there already is the ticketing pass's). */
const paidAwaitingSupplierOrder = (): SQL[] => [
  eq(orders.bookingStatus, 'new'),
  eq(orders.paymentStatus, 'paid'),
  isNull(orders.supplierOrderId),
];

/** The supplier's paid orders still to book there, the longest paid first. */
export function paidOrdersToBookAtSupplier(db: Database, supplierId: string, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.supplier, supplierId), ...paidAwaitingSupplierOrder()))
    .orderBy(asc(orders.paidAt))
    .limit(limit);
}

/**
 * Claims the paid order for booking at the supplier at `claimedAt`: only while it still awaits its supplier order
 * and holds no claim, or one older than `staleBefore`. True when this pass won it.
 */
export function claimSupplierBooking(
  db: Database,
  orderId: string,
  claimedAt: Date,
  staleBefore: Date,
): Promise<boolean> {
  const unclaimed = or(
    isNull(orders.supplierBookingClaimedAt),
    lt(orders.supplierBookingClaimedAt, staleBefore),
  );
  return changed(
    updateOrder(
      db,
      orderId,
      { supplierBookingClaimedAt: claimedAt },
      ...paidAwaitingSupplierOrder(),
      unclaimed!,
    ),
  );
}

/**
 * Lets go of the claim taken at `claimedAt` (nothing settled), unless another pass has claimed it since; with `to`,
 * the claim is moved back to then instead, so that it lapses sooner (and not on a pass running right now).
 */
export async function releaseSupplierBookingClaim(
  db: Database,
  orderId: string,
  claimedAt: Date,
  to: Date | null = null,
) {
  await updateOrder(
    db,
    orderId,
    { supplierBookingClaimedAt: to },
    eq(orders.supplierBookingClaimedAt, claimedAt),
  );
}

/** Marks the supplier's order asked for at `now`, the first time only: true for the pass that marked it. */
export function markSupplierBookingAttempted(db: Database, orderId: string, now: Date): Promise<boolean> {
  return changed(
    updateOrder(db, orderId, { supplierBookingAttemptedAt: now }, isNull(orders.supplierBookingAttemptedAt)),
  );
}

/** Takes back the mark made at `markedAt` (nothing was sent), unless another pass has marked it since. */
export async function unmarkSupplierBookingAttempted(db: Database, orderId: string, markedAt: Date) {
  await updateOrder(
    db,
    orderId,
    { supplierBookingAttemptedAt: null },
    eq(orders.supplierBookingAttemptedAt, markedAt),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The supplier's order put on ours (modules/supplier-orders/order-creation.ts, reconciliation.ts)

/** An order of the supplier's with none of its orders on it yet. */
const withoutSupplierOrder = (supplierId: string): SQL[] => [
  eq(orders.supplier, supplierId),
  isNull(orders.supplierOrderId),
];

/** The supplier said creating ours failed: a pending one without a supplier order is marked `failed`. */
export function markSupplierCreationFailed(
  db: Database,
  orderId: string,
  supplierId: string,
  now: Date,
): Promise<boolean> {
  return changed(
    updateOrder(
      db,
      orderId,
      { supplierBookingOutcome: 'failed', updatedAt: now },
      ...withoutSupplierOrder(supplierId),
      eq(orders.supplierBookingOutcome, 'pending'),
    ),
  );
}

/**
 * A write that puts the supplier's order on ours while ours has none and `guard` still holds (true when it did);
 * it settles a creation whose outcome was not known.
 */
const putsSupplierOrderOnOurs =
  (guard: () => SQL[]) =>
  (db: Database, orderId: string, supplierId: string, made: SupplierOrderMade, now: Date): Promise<boolean> =>
    changed(
      updateOrder(
        db,
        orderId,
        {
          supplierOrderId: made.orderId,
          supplierBookingReference: made.bookingReference,
          supplierTotalAmount: made.totalAmount,
          supplierCurrency: made.totalCurrency,
          supplierBookingOutcome: null,
          // An order without a supplier order has no ticketing problem but its unsettled creation's: settled now.
          ticketingProblem: null,
          ticketingProblemDetail: null,
          ticketingProblemAt: null,
          updatedAt: now,
        },
        ...withoutSupplierOrder(supplierId),
        ...guard(),
      ),
    );

/** The supplier said it made ours: put on it while it is paid and still `new`. */
export const recordCreatedSupplierOrder = putsSupplierOrderOnOurs(() => [
  eq(orders.paymentStatus, 'paid'),
  eq(orders.bookingStatus, 'new'),
]);

/** The reconciliation found the supplier's order for ours: put on it while it is not cancelled. */
export const recordFoundSupplierOrder = putsSupplierOrderOnOurs(() => [
  ne(orders.bookingStatus, 'cancelled'),
]);

/** Which of the supplier's order ids are on an order of ours, and on which. */
export async function supplierOrdersOnOurs(
  db: Database,
  supplierId: string,
  supplierOrderIds: string[],
): Promise<{ orderId: string; supplierOrderId: string }[]> {
  const rows = await db
    .select({ orderId: orders.id, supplierOrderId: orders.supplierOrderId })
    .from(orders)
    .where(and(eq(orders.supplier, supplierId), inArray(orders.supplierOrderId, supplierOrderIds)));
  return rows.map((r) => ({ orderId: r.orderId, supplierOrderId: r.supplierOrderId! }));
}

// ---------------------------------------------------------------------------------------------------------
// Paying the hold and ticketing (modules/supplier-orders/ticketing.ts), lapsed holds (payments.ts)

/**
 * The supplier's orders paid by their traveller, with a supplier order, not cancelled and with no ticketing problem
 * waiting for an operator, that are still ticketing or (ticketed before the pass existed) not paid there; the
 * longest paid first.
 */
export function ordersDueForTicketing(db: Database, supplierId: string, limit: number) {
  return db
    .select({
      id: orders.id,
      supplierOrderId: orders.supplierOrderId,
      amount: orders.supplierTotalAmount,
      currency: orders.supplierCurrency,
      supplierPaidAt: orders.supplierPaidAt,
      bookingStatus: orders.bookingStatus,
    })
    .from(orders)
    .where(
      and(
        eq(orders.supplier, supplierId),
        isNotNull(orders.paidAt),
        isNotNull(orders.supplierOrderId),
        ne(orders.bookingStatus, 'cancelled'),
        isNull(orders.ticketingProblem),
        or(eq(orders.bookingStatus, 'new'), isNull(orders.supplierPaidAt)),
      ),
    )
    .orderBy(asc(orders.paidAt))
    .limit(limit);
}

/** The supplier's hold paid at `paidAt`; a time already kept stays (another pass paid it first). */
export async function markPaidAtSupplier(db: Database, orderId: string, paidAt: Date, now: Date) {
  await updateOrder(db, orderId, { supplierPaidAt: paidAt, updatedAt: now }, isNull(orders.supplierPaidAt));
}

/** The supplier's orders cancelled here unpaid whose hold there is not given up yet. */
export function lapsedHoldsAtSupplier(db: Database, supplierId: string, limit: number) {
  return ordersAtSupplier(
    db,
    supplierId,
    eq(orders.bookingStatus, 'cancelled'),
    isNull(orders.paidAt),
    isNull(orders.supplierPaidAt),
    isNull(orders.supplierCancelledAt),
  ).limit(limit);
}
