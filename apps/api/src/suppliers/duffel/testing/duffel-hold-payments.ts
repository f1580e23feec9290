/**
 * The Duffel stand-in's paying side (./duffel-server.ts): holds that lapse, prices that move once their guarantee
 * ends, a balance that can run short, rate limits, and the airline's e-tickets appearing after payment. Each
 * behaviour follows one of Duffel's public pages:
 *
 *  - Holding orders and paying later, https://duffel.com/docs/guides/holding-orders-and-paying-later: a hold's
 *    `payment_status` carries `payment_required_by` (after it the space is released: the order can no longer be
 *    paid) and `price_guarantee_expires_at` (after it "the order will need to be repriced before payment": the
 *    order read again shows its current `total_amount`, and a payment for the old one is refused).
 *  - Create a payment, https://duffel.com/docs/api/payments/create-payment: `{ order_id, payment: { type:
 *    "balance", amount, currency } }`, the amount being the order's current total; errors as the errors page,
 *    https://duffel.com/docs/api/overview/errors (`price_changed`, `insufficient_balance`, 422).
 *  - Orders, https://duffel.com/docs/api/orders/schema: `payment_status { awaiting_payment, payment_required_by,
 *    price_guarantee_expires_at, paid_at }`; `documents` (`type: "electronic_ticket"`, `unique_identifier`,
 *    `passenger_ids`) are what the airline issued, and they may appear only some time after the payment (the
 *    order is read again until they do). Duffel's JavaScript client (github:duffelhq/duffel-api-javascript,
 *    src/booking/Orders/OrdersTypes.ts, mockOrders.ts) types them so.
 *  - Rate limits, https://duffel.com/docs/api/overview/rate-limits: a 429 `rate_limit_exceeded` with the headers
 *    `ratelimit-limit`, `ratelimit-remaining` and `ratelimit-reset` (when the window resets, an HTTP date).
 *    Duffel's Ruby client (github:duffelhq/duffel-api-ruby) confirms each: the error's type `rate_limit_error`,
 *    code `rate_limit_exceeded`, title and message (spec/fixtures/rate_limit_error.json), and the reset as an
 *    HTTP date (spec/duffel_api/middlewares/rate_limiter_spec.rb; lib/.../rate_limiter.rb parses it as a date
 *    and sleeps until it).
 *  - A lapsed hold: the errors page names no code for paying an order past its `payment_required_by`, nor do
 *    Duffel's JavaScript and Ruby clients; `order_expired` (an `invalid_state_error`, 422) is this stand-in's
 *    assumption, and the adapter reads the state from the order itself, never from that code.
 */
import { randomInt } from 'node:crypto';
import type { Loose } from '../../../payments/testing/http.ts';
import { cents, major } from './duffel-answers.ts';

type Failure = { status: number; body: unknown; headers?: Record<string, string> };
type Fail = (status: number, type: string, code: string, title: string, message: string) => Failure;

export interface HoldPaymentKnobs {
  /** Our Duffel balance in minor units; null: unlimited (as in Duffel's test mode). */
  balanceCents: number | null;
  /** How a hold's total moves once its price guarantee has ended (1: it does not). */
  lapsedPriceFactor: number;
  /** How long a new hold's price is guaranteed and its space held (Duffel: per airline; here a day and two). */
  priceGuaranteeMs: number;
  paymentRequiredMs: number;
  /**
   * The next `times` calls whose "METHOD /path" matches answer 429, the window resetting `resetAfterMs` after the
   * first of them.
   */
  rateLimit: { match: RegExp; times: number; resetAfterMs: number; resetAt?: number } | null;
  /** A paid order shows its `documents` only from its `documentsAfterReads`-th read after the payment (0: at once). */
  documentsAfterReads: number;
  /**
   * The airline re-prices the next hold paid, at the moment of payment (guarantee or not): the payment is refused
   * `price_changed` and the order read again shows its total × this factor (null: no such move).
   */
  movesAtPayment: number | null;
  /**
   * The next hold paid is paid, and then the call is answered with this status (an `api_error`) instead of the
   * payment: a 5xx after the side effect, which Duffel's errors page allows for (500 and 502: "You should not
   * retry this request", https://duffel.com/docs/api/overview/errors). Null: answered as paid.
   */
  failsAfterPaying: number | null;
}

export const defaultHoldPaymentKnobs = (): HoldPaymentKnobs => ({
  balanceCents: null,
  lapsedPriceFactor: 1,
  priceGuaranteeMs: 86_400_000,
  paymentRequiredMs: 2 * 86_400_000,
  rateLimit: null,
  documentsAfterReads: 0,
  movesAtPayment: null,
  failsAfterPaying: null,
});

export function holdPayments(context: {
  knobs: HoldPaymentKnobs;
  now: () => Date;
  failure: Fail;
  id: (prefix: string) => string;
}) {
  const { knobs, now, failure } = context;
  /** Per order: the total it was booked at, reads since its payment, and its tickets once issued. */
  const state = new Map<
    string,
    { bookedAt: string; readsSincePaid: number; tickets: Loose[] | null; moved?: number }
  >();
  const payments: Loose[] = [];

  /** The airline's e-ticket numbers: its 3-digit accounting code, then 10 digits (13 in all). */
  const ticketsFor = (order: Loose): Loose[] =>
    (order.passengers as Loose[]).map((p) => ({
      type: 'electronic_ticket',
      unique_identifier: `${String(randomInt(100, 1000))}${String(randomInt(0, 1e10)).padStart(10, '0')}`,
      passenger_ids: [p.id],
    }));

  return {
    payments,
    /** The `payment_status` of a new order (`instant`: paid now). */
    paymentStatusOf(type: string, created: Date): Loose {
      if (type === 'instant')
        return {
          awaiting_payment: false,
          payment_required_by: null,
          price_guarantee_expires_at: null,
          paid_at: created.toISOString(),
        };
      return {
        awaiting_payment: true,
        payment_required_by: new Date(created.getTime() + knobs.paymentRequiredMs).toISOString(),
        price_guarantee_expires_at: new Date(created.getTime() + knobs.priceGuaranteeMs).toISOString(),
        paid_at: null,
      };
    },
    /** A new order: its documents come with an instant one (after `documentsAfterReads` reads), none on a hold. */
    created(order: Loose) {
      const paid = !order.payment_status.awaiting_payment;
      state.set(order.id, { bookedAt: order.total_amount, readsSincePaid: 0, tickets: null });
      order.documents = [];
      if (paid) this.read(order, false);
    },
    /**
     * The order as a read shows it now: a hold past its price guarantee at its current price, a paid one with its
     * documents once the airline has issued them.
     */
    read(order: Loose, counted = true): Loose {
      const s = state.get(order.id);
      if (!s) return order;
      const status = order.payment_status as Loose;
      const t = now().getTime();
      if (status.awaiting_payment && !order.cancelled_at) {
        const guaranteed = status.price_guarantee_expires_at;
        const lapsed = !guaranteed || Date.parse(guaranteed) <= t;
        const factor = s.moved ?? (lapsed ? knobs.lapsedPriceFactor : 1);
        order.total_amount = major(Math.round(cents(s.bookedAt) * factor));
      } else if (!status.awaiting_payment) {
        if (counted) s.readsSincePaid++;
        if (!s.tickets && s.readsSincePaid >= knobs.documentsAfterReads) s.tickets = ticketsFor(order);
        order.documents = s.tickets ?? [];
      }
      return order;
    },
    /** POST /air/payments for a held order (found by the caller). */
    pay(order: Loose, data: Loose): Failure {
      this.read(order, false);
      const status = order.payment_status as Loose;
      if (order.cancelled_at || !status.awaiting_payment)
        return failure(
          422,
          'invalid_state_error',
          'already_paid',
          'Order cannot be paid',
          'The order is paid or cancelled.',
        );
      if (status.payment_required_by && Date.parse(status.payment_required_by) <= now().getTime())
        return failure(
          422,
          'invalid_state_error',
          'order_expired',
          'Order expired',
          'The order was not paid by its payment_required_by: the space has been released.',
        );
      if (knobs.movesAtPayment !== null) {
        state.get(order.id)!.moved = knobs.movesAtPayment;
        knobs.movesAtPayment = null;
        this.read(order, false);
      }
      const pay = (data.payment ?? {}) as Loose;
      if (pay.type !== 'balance' || pay.currency !== order.total_currency)
        return failure(
          422,
          'validation_error',
          'invalid_data',
          'Invalid data',
          'payment must be from the balance',
        );
      if (pay.amount !== order.total_amount)
        return failure(
          422,
          'invalid_state_error',
          'price_changed',
          'Price changed',
          'The price of the order has changed: retrieve the order to see its current price.',
        );
      if (knobs.balanceCents !== null && knobs.balanceCents < cents(pay.amount))
        return failure(
          422,
          'invalid_state_error',
          'insufficient_balance',
          'Insufficient balance',
          'Your balance is not sufficient to pay for this order.',
        );
      if (knobs.balanceCents !== null) knobs.balanceCents -= cents(pay.amount);
      const paidAt = now().toISOString();
      order.payment_status = {
        awaiting_payment: false,
        payment_required_by: null,
        price_guarantee_expires_at: null,
        paid_at: paidAt,
      };
      const payment = {
        id: context.id('pay'),
        type: 'balance',
        amount: pay.amount,
        currency: pay.currency,
        created_at: paidAt,
      };
      payments.push({ ...payment, order_id: order.id });
      state.get(order.id)!.readsSincePaid = 0;
      this.read(order, false);
      if (knobs.failsAfterPaying !== null) {
        const status = knobs.failsAfterPaying;
        knobs.failsAfterPaying = null;
        return failure(
          status,
          'api_error',
          'internal_server_error',
          'Internal server error',
          'Something went wrong.',
        );
      }
      return { status: 201, body: { data: payment } };
    },
    /** A 429 with Duffel's rate-limit headers when the call is to be refused, else null. */
    rateLimited(call: string): Failure | null {
      const limit = knobs.rateLimit;
      if (!limit || limit.times <= 0 || !limit.match.test(call)) return null;
      limit.times--;
      limit.resetAt ??= now().getTime() + limit.resetAfterMs;
      const refused = failure(
        429,
        'rate_limit_error',
        'rate_limit_exceeded',
        'Rate limit exceeded',
        'Too many requests hit the API too quickly. Please retry your request after the time specified in the `ratelimit-reset` header.',
      );
      return {
        ...refused,
        headers: {
          'ratelimit-limit': '60',
          'ratelimit-remaining': '0',
          'ratelimit-reset': new Date(limit.resetAt).toUTCString(),
        },
      };
    },
  };
}
