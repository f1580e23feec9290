/**
 * Paying a held Duffel order from our balance and reading the airline's e-tickets of an order: the pay-time half
 * of the adapter (./orders.ts), whose deadlines (`act`, `read`) and client it shares.
 */
import { DuffelError } from '@duffel/api';
import type { Order as DuffelOrder } from '@duffel/api/types';
import type { AirlineTickets, PaymentResult } from '../orders.ts';
import { notNowError } from './not-now.ts';
import type { DuffelCalls } from './timeouts.ts';

/** Whether `amount` (Duffel's "123.45") is not above `ceiling`, in the same currency. */
export const notAbove = (amount: string, currency: string, ceiling: { amount: string; currency: string }) =>
  currency === ceiling.currency &&
  Math.round(Number(amount) * 1000) <= Math.round(Number(ceiling.amount) * 1000);

export type DuffelApiError = InstanceType<typeof DuffelError>;

/** Duffel answered (a 4xx): it read the request and said no. */
export const isAnswered = (error: unknown): error is DuffelApiError =>
  error instanceof DuffelError && typeof error.status === 'number' && error.status < 500;

/**
 * A payment call Duffel says to make again later: 503 ("a temporary issue with the server … Please retry later",
 * https://duffel.com/docs/api/overview/errors). Not 504: a gateway that timed out may have let the request
 * through (the SDK's `DuffelError.status`: "a gateway can time out or fail while Duffel still processes the
 * request successfully … do not use it on its own to decide whether … it is safe to retry").
 */
export const retryLater = (error: unknown) => error instanceof DuffelError && error.status === 503;

/** The connection was refused: the request never reached Duffel, so asking again cannot pay twice. */
export const neverSent = (error: unknown) =>
  !(error instanceof DuffelError) &&
  (error as { cause?: { code?: string } } | null)?.cause?.code === 'ECONNREFUSED';

/** What an operator needs to ask Duffel about a payment whose outcome is unknown: the status and request id. */
export function unknownOutcome(error: unknown, readError?: unknown) {
  const answered = error instanceof DuffelError;
  return {
    status: answered ? (error.status ?? null) : null,
    request_id: answered ? (error.meta?.request_id ?? null) : null,
    message: error instanceof Error ? error.message : String(error),
    ...(readError
      ? { order_not_read: readError instanceof Error ? readError.message : String(readError) }
      : {}),
  };
}

export function holdPaymentCalls({ duffel, act, read }: DuffelCalls) {
  /**
   * Pays a held order from the Duffel balance (`POST /air/payments`, `type: balance`), once, at the order's
   * current total (Create a payment: https://duffel.com/docs/api/payments/create-payment): an order no longer
   * awaiting payment is not paid again, and a call that got no answer is checked by reading the order. A price
   * that moved (its guarantee ended: the hold guide says to re-price by reading the order; or Duffel answered
   * `price_changed`) is read again and paid if not above `ceiling`. A 429 or 401/403 is thrown (./not-now.ts),
   * never a refusal; other refusals come back as results. A payment that failed without a refusal (5xx, no
   * answer) is checked by reading the order: paid, it is done; not paid, it is paid again only after a 503 or a
   * refused connection, and otherwise comes back `outcome_unknown` (never paid twice: Duffel's errors page says
   * not to retry a 500 or 502). Throws when Duffel cannot be reached before paying.
   */
  async function payOrder(
    orderId: string,
    ceiling?: { amount: string; currency: string },
  ): Promise<PaymentResult> {
    const readOrder = async () => (await read('get order', duffel.orders.get(orderId))).data;
    const paidNow = (o: DuffelOrder): PaymentResult | null =>
      !o.payment_status?.awaiting_payment && !o.cancelled_at
        ? { ok: true, replayed: true, amount: o.total_amount, currency: o.total_currency }
        : null;
    let order = await readOrder();
    // Once re-priced after Duffel's `price_changed`: a second one is left to the next pass.
    for (let attempt = 0; ; attempt++) {
      if (order.cancelled_at) return { ok: false, code: 'cancelled' };
      const done = paidNow(order);
      if (done) return done;
      if (ceiling && !notAbove(order.total_amount, order.total_currency, ceiling))
        return {
          ok: false,
          code: 'price_changed',
          detail: { total: order.total_amount, currency: order.total_currency },
        };
      try {
        await act(
          'pay order',
          duffel.payments.create({
            order_id: orderId,
            payment: { type: 'balance', amount: order.total_amount, currency: order.total_currency },
          }),
        );
        return { ok: true, replayed: false, amount: order.total_amount, currency: order.total_currency };
      } catch (error) {
        if (notNowError(error)) throw error;
        if (neverSent(error)) throw error;
        let again: DuffelOrder;
        try {
          again = await readOrder();
        } catch (readError) {
          if (retryLater(error)) throw error;
          return { ok: false, code: 'outcome_unknown', detail: unknownOutcome(error, readError) };
        }
        const paid = paidNow(again);
        if (paid) return paid;
        if (retryLater(error)) throw error;
        // A 500 or 502 ("You should not retry this request"), a 504 or no answer: the payment may still have
        // been taken; paying again could pay twice. An operator asks Duffel (with its request id) first.
        if (!isAnswered(error)) return { ok: false, code: 'outcome_unknown', detail: unknownOutcome(error) };
        const code = error.errors?.[0]?.code;
        if (code === 'price_changed' && attempt === 0) {
          order = again;
          continue;
        }
        if (again.cancelled_at) return { ok: false, code: 'cancelled', detail: error.errors };
        // Any other refusal (e.g. the hold lapsed at its `payment_required_by`) with Duffel's own words.
        return {
          ok: false,
          code: code === 'insufficient_balance' || code === 'price_changed' ? code : 'refused',
          detail: error.errors,
        };
      }
    }
  }

  /**
   * The airline's e-tickets of an order: its `documents` of type `electronic_ticket` (Orders schema,
   * https://duffel.com/docs/api/orders/schema), which may appear only a while after the payment.
   */
  async function ticketsOf(orderId: string): Promise<AirlineTickets> {
    const order = (await read('get order', duffel.orders.get(orderId))).data;
    return {
      paid: !order.payment_status?.awaiting_payment,
      cancelled: Boolean(order.cancelled_at),
      passengers: order.passengers.map((p) => ({
        id: p.id,
        givenName: p.given_name,
        familyName: p.family_name,
        bornOn: p.born_on,
      })),
      tickets: (order.documents ?? [])
        .filter((d) => d.type === 'electronic_ticket' && d.unique_identifier)
        .map((d) => ({ number: d.unique_identifier, passengerIds: d.passenger_ids ?? [] })),
    };
  }

  return { payOrder, ticketsOf };
}
