/**
 * The order state machine (docs/design.md §4): booking status `new → booked | cancelled`, payment status
 * `not_paid → paid`. The allowed changes are ONE table; every change of an order's status goes through
 * `transition`, which throws on anything else.
 */

export type BookingStatus = 'new' | 'booked' | 'cancelled';
export type PaymentStatus = 'not_paid' | 'paid';

export interface OrderStatus {
  booking_status: BookingStatus;
  payment_status: PaymentStatus;
}

/** What happens to an order. */
export type OrderEvent =
  /** The payment provider confirmed the payment (webhook): tickets are issued. */
  | 'payment_succeeded'
  /** The payment window ended unpaid (expiry worker): seats are released. */
  | 'payment_window_expired'
  /** Cancelled before payment (by the traveller or an operator): seats are released. */
  | 'cancelled'
  /**
   * A paid booking cancelled (docs/after-sale.md): seats released, tickets voided, the refund of its fare
   * rules started. The payment status stays `paid` (the spec's two values); the refund has its own status.
   */
  | 'cancelled_after_payment'
  /**
   * The traveller paid an order the supplier books only once paid (docs/duffel.md: a Duffel offer that
   * requires instant payment): paid, not yet booked, no tickets until the airline confirms.
   */
  | 'payment_succeeded_unconfirmed'
  /** The supplier booked the paid order (its instant order was created): tickets are issued. */
  | 'supplier_confirmed'
  /** The supplier refused to book the paid order (offer gone, price changed): refunded in full. */
  | 'supplier_refused';

/** The statuses the table below moves between, named once. */
const status = (booking_status: BookingStatus, payment_status: PaymentStatus): OrderStatus => ({
  booking_status,
  payment_status,
});
const NEW_UNPAID = status('new', 'not_paid');
const NEW_PAID = status('new', 'paid');
const BOOKED_PAID = status('booked', 'paid');
const CANCELLED_UNPAID = status('cancelled', 'not_paid');
const CANCELLED_PAID = status('cancelled', 'paid');

/** Every allowed change, and nothing else. */
export const ORDER_TRANSITIONS: ReadonlyArray<{
  event: OrderEvent;
  from: OrderStatus;
  to: OrderStatus;
}> = [
  { event: 'payment_succeeded', from: NEW_UNPAID, to: BOOKED_PAID },
  { event: 'payment_window_expired', from: NEW_UNPAID, to: CANCELLED_UNPAID },
  { event: 'cancelled', from: NEW_UNPAID, to: CANCELLED_UNPAID },
  { event: 'cancelled_after_payment', from: BOOKED_PAID, to: CANCELLED_PAID },
  { event: 'payment_succeeded_unconfirmed', from: NEW_UNPAID, to: NEW_PAID },
  { event: 'supplier_confirmed', from: NEW_PAID, to: BOOKED_PAID },
  { event: 'supplier_refused', from: NEW_PAID, to: CANCELLED_PAID },
];

export class ForbiddenTransitionError extends Error {
  readonly from: OrderStatus;
  readonly event: OrderEvent;
  constructor(from: OrderStatus, event: OrderEvent) {
    super(`order status ${from.booking_status}/${from.payment_status} does not allow "${event}"`);
    this.name = 'ForbiddenTransitionError';
    this.from = from;
    this.event = event;
  }
}

function same(a: OrderStatus, b: OrderStatus): boolean {
  return a.booking_status === b.booking_status && a.payment_status === b.payment_status;
}

/** The status after `event`, or throws ForbiddenTransitionError when the table does not allow it. */
export function transition(from: OrderStatus, event: OrderEvent): OrderStatus {
  const row = ORDER_TRANSITIONS.find((t) => t.event === event && same(t.from, from));
  if (!row) throw new ForbiddenTransitionError(from, event);
  return { ...row.to };
}

/** Whether `event` is allowed from `from` (no throw). */
export function canTransition(from: OrderStatus, event: OrderEvent): boolean {
  return ORDER_TRANSITIONS.some((t) => t.event === event && same(t.from, from));
}

/** "Pay" makes sense: the payment may still succeed and the window is open. */
export function isPayable(status: OrderStatus, paymentDeadline: Date, now: Date): boolean {
  return canTransition(status, 'payment_succeeded') && now.getTime() < paymentDeadline.getTime();
}

/**
 * "Cancel" makes sense (docs/after-sale.md): an unpaid order while it may still be paid, a paid one before
 * its first departure (after it, nothing is cancelled online).
 */
export function isCancellable(
  status: OrderStatus,
  times: { paymentDeadline: Date; departsAt: number },
  now: Date,
): boolean {
  if (canTransition(status, 'cancelled')) return isPayable(status, times.paymentDeadline, now);
  if (canTransition(status, 'cancelled_after_payment')) return now.getTime() < times.departsAt;
  return false;
}

/**
 * The refund status shown beside the spec's two (docs/after-sale.md): `none` until money is to go back,
 * `pending` while any refund of the order waits for the provider, `refunded` once all of them are done. A
 * refund the provider refused (`failed`) is still owed: the traveller sees it pending while an operator asks
 * again.
 */
export type RefundStatus = 'none' | 'pending' | 'refunded';

export function refundStatusOf(
  refunds: readonly { status: 'pending' | 'succeeded' | 'failed' }[],
): RefundStatus {
  if (refunds.length === 0) return 'none';
  return refunds.every((r) => r.status === 'succeeded') ? 'refunded' : 'pending';
}
