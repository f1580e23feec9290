import { describe, expect, test } from 'vitest';
import {
  canTransition,
  ForbiddenTransitionError,
  isCancellable,
  isPayable,
  ORDER_TRANSITIONS,
  refundStatusOf,
  transition,
  type BookingStatus,
  type OrderEvent,
  type OrderStatus,
  type PaymentStatus,
} from './order-status.ts';

const ALL_STATUSES: OrderStatus[] = (['new', 'booked', 'cancelled'] as const).flatMap((booking_status) =>
  (['not_paid', 'paid'] as const).map((payment_status) => ({ booking_status, payment_status })),
);
const EVENTS: OrderEvent[] = [
  'payment_succeeded',
  'payment_window_expired',
  'cancelled',
  'cancelled_after_payment',
  'payment_succeeded_unconfirmed',
  'supplier_confirmed',
  'supplier_refused',
];
const status = (booking_status: BookingStatus, payment_status: PaymentStatus): OrderStatus => ({
  booking_status,
  payment_status,
});
const fresh = status('new', 'not_paid');

describe('the order status table', () => {
  test('paid before the supplier books: new/paid, then booked by the supplier or cancelled paid', () => {
    const paid = transition(fresh, 'payment_succeeded_unconfirmed');
    expect(paid).toEqual(status('new', 'paid'));
    expect(transition(paid, 'supplier_confirmed')).toEqual(status('booked', 'paid'));
    expect(transition(paid, 'supplier_refused')).toEqual(status('cancelled', 'paid'));
    // Neither paid again, nor expired, nor cancelled by the traveller while the airline is asked.
    expect(isPayable(paid, new Date(Date.now() + 60_000), new Date())).toBe(false);
    expect(canTransition(paid, 'payment_window_expired')).toBe(false);
    expect(
      isCancellable(
        paid,
        { paymentDeadline: new Date(Date.now() + 60_000), departsAt: Date.now() + 1e9 },
        new Date(),
      ),
    ).toBe(false);
    expect(() => transition(fresh, 'supplier_confirmed')).toThrow(ForbiddenTransitionError);
  });

  test('new/not paid → booked/paid by a payment, or cancelled by expiry or cancellation', () => {
    expect(transition(fresh, 'payment_succeeded')).toEqual(status('booked', 'paid'));
    expect(transition(fresh, 'payment_window_expired')).toEqual(status('cancelled', 'not_paid'));
    expect(transition(fresh, 'cancelled')).toEqual(status('cancelled', 'not_paid'));
  });

  test('every other change throws, and canTransition agrees with the table everywhere', () => {
    for (const from of ALL_STATUSES) {
      for (const event of EVENTS) {
        const allowed = ORDER_TRANSITIONS.some(
          (t) =>
            t.event === event &&
            t.from.booking_status === from.booking_status &&
            t.from.payment_status === from.payment_status,
        );
        expect(canTransition(from, event)).toBe(allowed);
        if (allowed) expect(() => transition(from, event)).not.toThrow();
        else expect(() => transition(from, event)).toThrow(ForbiddenTransitionError);
      }
    }
    // Nothing leaves cancelled, and booked/paid only by a cancellation that keeps it paid: paid twice, paid
    // after cancellation, expired after payment are refused.
    expect(transition(status('booked', 'paid'), 'cancelled_after_payment')).toEqual(
      status('cancelled', 'paid'),
    );
    expect(() => transition(fresh, 'cancelled_after_payment')).toThrow();
    expect(() => transition(status('booked', 'paid'), 'cancelled')).toThrow();
    expect(() => transition(status('booked', 'paid'), 'payment_succeeded')).toThrow(/does not allow/);
    expect(() => transition(status('cancelled', 'not_paid'), 'payment_succeeded')).toThrow();
    expect(() => transition(status('booked', 'paid'), 'payment_window_expired')).toThrow();
  });

  test('payable only while new, unpaid and before the deadline', () => {
    const deadline = new Date('2026-11-23T06:20:00Z');
    expect(isPayable(fresh, deadline, new Date('2026-11-23T06:19:59Z'))).toBe(true);
    expect(isPayable(fresh, deadline, deadline)).toBe(false);
    expect(isPayable(status('booked', 'paid'), deadline, new Date(0))).toBe(false);
    expect(isPayable(status('cancelled', 'not_paid'), deadline, new Date(0))).toBe(false);
  });
});

describe('the refund status', () => {
  test('none without refunds, pending while one waits, refunded when all are done', () => {
    expect(refundStatusOf([])).toBe('none');
    expect(refundStatusOf([{ status: 'pending' }])).toBe('pending');
    // Refused by the provider: still owed, so still pending for the traveller.
    expect(refundStatusOf([{ status: 'failed' }])).toBe('pending');
    expect(refundStatusOf([{ status: 'succeeded' }, { status: 'failed' }])).toBe('pending');
    expect(refundStatusOf([{ status: 'succeeded' }, { status: 'pending' }])).toBe('pending');
    expect(refundStatusOf([{ status: 'succeeded' }, { status: 'succeeded' }])).toBe('refunded');
  });
});

test('cancellable: unpaid while payable, paid before the first departure, never once cancelled', () => {
  const times = { paymentDeadline: new Date('2026-11-23T06:20:00Z'), departsAt: Date.UTC(2026, 11, 15) };
  const paid = status('booked', 'paid');
  expect(isCancellable(fresh, times, new Date('2026-11-23T06:19:00Z'))).toBe(true);
  expect(isCancellable(fresh, times, new Date('2026-11-23T06:20:00Z'))).toBe(false);
  expect(isCancellable(paid, times, new Date('2026-12-14T23:59:59Z'))).toBe(true);
  expect(isCancellable(paid, times, new Date('2026-12-15T00:00:00Z'))).toBe(false);
  for (const payment_status of ['paid', 'not_paid'] as const)
    expect(isCancellable({ booking_status: 'cancelled', payment_status }, times, new Date(0))).toBe(false);
});
