/**
 * The Duffel stand-in's (./duffel-server.ts) orders as Duffel documents them beyond the happy path: lists in no
 * promised order, creation that fails after its side effect or is only accepted, cancellation quotes that refund
 * to credits or to an unknown amount, and the webhooks Duffel sends about them, signed as Duffel signs them.
 *
 * Pages followed:
 * - List orders, https://duffel.com/docs/api/orders/list-orders and "Pagination",
 *   https://duffel.com/docs/api/overview/pagination: `limit` 1..200 (default 50), cursors `after` / `before` in
 *   `meta`; no order of the list is promised (the JavaScript client's `list` documents "any order"), so this one
 *   lists by id, neither newest nor oldest first, and refuses a limit outside 1..200 with 422 `validation_error`.
 * - Response handling, https://duffel.com/docs/api/overview/response-handling: 202 "the processing hasn't been
 *   completed. You should not retry this request"; 500 and 502 "You should not retry this request".
 * - Changelog, "We've added a new error code for when an order is not created",
 *   https://changelog.duffel.com/announcements/we-ve-added-a-new-error-code-for-when-an-order-is-not-created:
 *   502 `order_not_created` guarantees nothing was created or paid; any other 500 may have left an order.
 * - Webhooks, https://duffel.com/docs/api/v2/webhooks: `order.created` (the order as `data.object`) and
 *   `order.creation_failed` (sent after a 202 when the order could not be made), each `{ id, api_version, type,
 *   data: { object }, live_mode, idempotency_key, created_at, identity_organisation_id }`; the page does not
 *   show the failed event's object: here it is the order request as sent (its `metadata`), which is what the
 *   site needs to find its sale, and the site also looks the order up by its key before believing either.
 *   Signature: `X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the
 *   webhook's secret, as Duffel's Ruby client checks it (duffel_api WebhookEvent.genuine?,
 *   https://www.rubydoc.info/gems/duffel_api/DuffelAPI/WebhookEvent), written here from that page, not with the
 *   site's own checker.
 * - Order cancellations, https://duffel.com/docs/api/order-cancellations ("Get a single order cancellation":
 *   `confirmed_at` set once confirmed) and the OrderCancellation type of
 *   Duffel's JavaScript client (github:duffelhq/duffel-api-javascript, OrderCancellationsTypes.ts): `refund_to`
 *   one of `arc_bsp_cash`, `balance`, `card`, `voucher`, `awaiting_payment`, `airline_credits`;
 *   `refund_amount` "may be null in cases where the refund amount is unknown"; `airline_credits` lists the
 *   credits the cancellation would generate (`id`, `credit_name`, `credit_code`, `credit_amount`,
 *   `credit_currency`, `issued_on`, `passenger_id`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Loose } from '../../../payments/testing/http.ts';
import { duffelFailure, duffelId, type DuffelAnswer as Answer } from './duffel-answers.ts';

/** How the next order creation fails, once (then the knob clears). */
export type CreateFault =
  /** 502 `order_not_created`: nothing was made (the one failure Duffel says had no side effect). */
  | { kind: 'not_created' }
  /** 500 (or `status`) AFTER the order was made: the airline has it, the caller is told only of an error. */
  | { kind: 'error_after_create'; status?: number }
  /** The order is made, then the connection closes unanswered. */
  | { kind: 'drop_after_create' }
  /** 500 before anything was made (Duffel does not say which of the two a 500 is). */
  | { kind: 'error_before_create'; status?: number }
  /** 202: accepted, not confirmed; `settleAccepted` later makes it (`order.created`) or fails it. */
  | { kind: 'accepted' };

/** GET /air/orders: by id (no promised order), `limit` 1..200 else 422, `after` / `before` cursors. */
export function listOrdersAnyOrder(orders: Loose[], query: URLSearchParams) {
  const raw = query.get('limit');
  const limit = raw === null ? 50 : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200)
    return duffelFailure(
      422,
      'validation_error',
      'invalid_data',
      'Invalid data',
      'limit must be an integer between 1 and 200',
    );
  const list = [...orders].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const after = query.get('after');
  const from = after ? list.findIndex((o) => o.id > after) : 0;
  const start = from < 0 ? list.length : from;
  const page = list.slice(start, start + limit);
  const more = start + limit < list.length;
  return {
    status: 200,
    body: {
      data: page,
      meta: { limit, after: more ? page.at(-1)!.id : null, before: start > 0 ? (page[0]?.id ?? null) : null },
    },
  };
}

/** What a cancellation quote refunds to, set by a test (default: the balance, or nothing for an unpaid hold). */
export interface QuoteTerms {
  refundTo: 'balance' | 'original_form_of_payment' | 'voucher' | 'airline_credits' | null;
  /** The airline gave no refund quote: `refund_amount` and `refund_currency` null. */
  amountUnknown: boolean;
}

/** The quote's refund fields for an order, as Duffel would answer them under `terms`. */
export function quoteRefundFields(order: Loose, back: string, paid: boolean, terms: QuoteTerms, now: Date) {
  if (!paid)
    return {
      refund_amount: '0.00',
      refund_currency: order.total_currency,
      refund_to: 'awaiting_payment',
      airline_credits: [],
    };
  const to = terms.refundTo ?? 'balance';
  const credits =
    to === 'airline_credits' || to === 'voucher'
      ? (order.passengers as Loose[]).map((p, i) => ({
          id: duffelId('acd'),
          credit_name: to === 'voucher' ? 'Travel voucher' : 'Future travel credit',
          credit_code: `${String(order.booking_reference)}${i + 1}`,
          credit_amount: ((Number(back) * 100) / (order.passengers as Loose[]).length / 100).toFixed(2),
          credit_currency: order.total_currency,
          issued_on: now.toISOString().slice(0, 10),
          passenger_id: p.id,
        }))
      : [];
  return {
    refund_amount: terms.amountUnknown ? null : back,
    refund_currency: terms.amountUnknown ? null : order.total_currency,
    refund_to: to,
    airline_credits: credits,
  };
}

/** A webhook event as Duffel POSTs it: the raw body and its `X-Duffel-Signature`, signed at `now`. */
export function duffelWebhookDelivery(
  secret: string,
  type: string,
  object: Loose,
  now: Date,
): { body: string; headers: Record<string, string> } {
  const event = {
    id: duffelId('wev'),
    api_version: 'v2',
    type,
    data: { object },
    live_mode: false,
    idempotency_key: typeof object.id === 'string' ? object.id : randomBytes(16).toString('base64url'),
    created_at: now.toISOString(),
    identity_organisation_id: 'org_0000APMFjhs4X2rJ6k7UIE',
  };
  const body = JSON.stringify(event);
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-duffel-signature': duffelSignature(secret, body, now) },
  };
}

/**
 * The `X-Duffel-Signature` Duffel sends with a raw body at `at`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">` with the webhook's secret (the page and Ruby client named in this file's header).
 */
export function duffelSignature(secret: string, body: string, at: Date): string {
  const t = String(Math.floor(at.getTime() / 1000));
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

const serverError = (status = 500) =>
  duffelFailure(
    status,
    'api_error',
    'internal_server_error',
    'Internal server error',
    'Something went wrong.',
  );

/**
 * POST /air/orders under a fault: the order made by `create` (or not), then answered as the fault says; 'drop'
 * when the connection is to close unanswered. An order accepted with a 202 moves from `orders` to `accepted`.
 */
export function createWithFault(
  fault: CreateFault | null,
  create: () => Answer,
  orders: Loose[],
  accepted: Loose[],
): Answer | 'drop' {
  if (fault?.kind === 'not_created')
    return duffelFailure(
      502,
      'api_error',
      'order_not_created',
      'Order not created',
      'The airline could not create the order; nothing was booked or paid.',
    );
  if (fault?.kind === 'error_before_create') return serverError(fault.status);
  const result = create();
  if (result.status !== 201 || !fault) return result;
  if (fault.kind === 'drop_after_create') return 'drop';
  if (fault.kind === 'error_after_create') return serverError(fault.status);
  accepted.push(orders.pop()!);
  return { status: 202, body: { data: null } };
}

/** POST /air/order_cancellations and its confirm action, on the stand-in's orders. */
export function orderCancellationCalls(ctx: {
  orders: Loose[];
  cancellations: Map<string, Loose>;
  terms: () => QuoteTerms;
  now: () => Date;
  notFound: (message: string) => Answer;
  /** The status to answer once a confirmation has cancelled the order (consumed), or null. */
  failsAfterCancelling: () => number | null;
}) {
  const { orders, cancellations, now } = ctx;
  const minor = (amount: string) => Math.round(Number(amount) * 100);
  return {
    /** A quote: a paid order's fare less the refund penalty, or its taxes when not refundable. */
    quote(data: Loose): Answer {
      const order = orders.find((o) => o.id === data.order_id);
      if (!order) return ctx.notFound('The order does not exist.');
      if (order.cancelled_at)
        return duffelFailure(
          422,
          'invalid_state_error',
          'already_cancelled',
          'Already cancelled',
          'The order is cancelled.',
        );
      const refund = order.conditions?.refund_before_departure;
      const paid = !order.payment_status.awaiting_payment;
      const back = refund?.allowed
        ? minor(order.total_amount) - minor(refund.penalty_amount ?? '0')
        : minor(order.tax_amount ?? '0');
      const quote = {
        id: duffelId('ore'),
        order_id: order.id,
        live_mode: false,
        created_at: now().toISOString(),
        expires_at: new Date(now().getTime() + 15 * 60_000).toISOString(),
        confirmed_at: null,
        ...quoteRefundFields(order, (Math.max(0, back) / 100).toFixed(2), paid, ctx.terms(), now()),
      };
      cancellations.set(quote.id, quote);
      return { status: 201, body: { data: quote } };
    },
    confirm(quoteId: string): Answer {
      const quote = cancellations.get(quoteId);
      if (!quote) return ctx.notFound('The cancellation does not exist.');
      if (Date.parse(quote.expires_at) <= now().getTime())
        return duffelFailure(
          422,
          'invalid_state_error',
          'order_cancellation_expired',
          'Expired',
          'The quote has expired.',
        );
      const order = orders.find((o) => o.id === quote.order_id)!;
      if (!quote.confirmed_at) {
        quote.confirmed_at = now().toISOString();
        order.cancelled_at = quote.confirmed_at;
        // The order is cancelled; the answer is lost in a 5xx (response handling: "You should not retry").
        const status = ctx.failsAfterCancelling();
        if (status !== null) return serverError(status);
      }
      return { status: 200, body: { data: quote } };
    },
    /** GET /air/order_cancellations/:id ("Get a single order cancellation"): `confirmed_at` once confirmed. */
    get(quoteId: string): Answer {
      const quote = cancellations.get(quoteId);
      return quote
        ? { status: 200, body: { data: quote } }
        : ctx.notFound('The cancellation does not exist.');
    },
  };
}
