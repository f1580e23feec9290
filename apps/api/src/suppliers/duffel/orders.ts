/**
 * Booking and cancelling at Duffel (docs/duffel.md; docs/decisions/0017-duffel-supplier.md): the supplier
 * side of POST /v1/orders (a `hold`; or, for an offer the airline will not hold or with extra bags or seats
 * chosen as Duffel's services, no order but the checked terms), of the payment (a hold paid, or an `instant` order
 * with the bags and seats chosen, modules/supplier-orders/payments.ts), of cancellations and of the seat maps
 * (./seat-maps.ts).
 *
 * Idempotency: Duffel's order API takes no idempotency header (the SDK sends none), so our key travels in the
 * order's `metadata` (`parvoz_idempotency_key`), which Duffel stores and returns. Before creating, and after a
 * creation whose outcome is unknown, the adapter looks for an order carrying the key over every page of the order
 * list (Duffel promises no order of the list: the JavaScript client's `list` says "any order"). The order is
 * created at most once per call and never again after an unknown outcome: Duffel's response-handling page says
 * 500, 502 and 202 must not be retried (the airline may have the order), and only a 502 `order_not_created`
 * guarantees nothing was made (changelog, "a new error code for when an order is not created"). Unknown and still
 * not found is `outcome_unknown` (for an operator and the reconciliation); a 202 is `pending` until Duffel's
 * `order.created` / `order.creation_failed` webhook or a look-up says otherwise (docs/duffel.md, "Idempotency").
 */
import { Duffel, DuffelError } from '@duffel/api';
import type { AirlineInitiatedChange, Offer as DuffelOffer, Order as DuffelOrder } from '@duffel/api/types';
import type { BookingInput, BookingResult, OrderSummary, SupplierOrders } from '../orders.ts';
import { identityDocumentsFor, orderPassengers } from './passengers.ts';
import { decodeDuffelOfferId } from './offer-id.ts';
import { duffelSupplierOrders } from './port.ts';
import { DUFFEL_TIMEOUTS, withDeadline, type DuffelTimeouts } from './timeouts.ts';
import { notNowError } from './not-now.ts';
import { holdPaymentCalls, isAnswered, notAbove, type DuffelApiError } from './hold-payments.ts';
import { cancellationCalls } from './cancellations.ts';
import { seatMapCalls } from './seat-maps.ts';

export type { DuffelBookingPassenger } from './passengers.ts';

export const IDEMPOTENCY_METADATA_KEY = 'parvoz_idempotency_key';
export const ORDER_METADATA_KEY = 'parvoz_order_id';
/**
 * Duffel's largest page (List orders: `limit` 1..200). The key is looked for over every page; past LOOKUP_PAGES
 * pages (40,000 orders, far more than three days of this site's bookings) the answer is "unknown", never "absent".
 */
const PAGE_SIZE = 200;
const LOOKUP_PAGES = 200;
/** The pages a look-up is expected to take, for the claim's length (DUFFEL_BOOK_MAX_MS). */
const TYPICAL_LOOKUP_PAGES = 5;

/** The port's booking (../orders.ts) under the name Duffel's tests know it by. */
export type DuffelBookingInput = BookingInput;

/** How many pages of 200 the reconciliation reads at most per run (all of them: the list has no promised order). */
const RECONCILE_PAGES = LOOKUP_PAGES;
const RECONCILE_PAGE_SIZE = PAGE_SIZE;

/** Duffel's 502 `order_not_created`: the airline made nothing and nothing was paid (safe to report as refused). */
const isNotCreated = (error: unknown): error is DuffelApiError =>
  error instanceof DuffelError &&
  error.status === 502 &&
  (error.errors ?? []).some((e) => e.code === 'order_not_created');

/**
 * The longest `book` can take with Duffel's timeouts: the key looked up, the offer and its seat maps read, the
 * order created, and on no answer the key looked up and the order created once more. A claim on a booking must
 * outlast it.
 */
export const DUFFEL_BOOK_MAX_MS =
  (2 * TYPICAL_LOOKUP_PAGES + 2) * DUFFEL_TIMEOUTS.readMs + DUFFEL_TIMEOUTS.actionMs;

export interface DuffelOrderOptions {
  accessToken: string;
  apiUrl?: string;
  secret: string | Buffer;
  /** Shorter waits than Duffel's (./timeouts.ts), for tests only. */
  timeouts?: Partial<DuffelTimeouts>;
}

/** Booking, paying and cancelling at Duffel behind the supplier port (./port.ts maps Duffel's refusals). */
export function createDuffelOrders(options: DuffelOrderOptions): SupplierOrders {
  return duffelSupplierOrders(createDuffelOrderCalls(options), DUFFEL_BOOK_MAX_MS);
}

function createDuffelOrderCalls(options: DuffelOrderOptions) {
  const duffel = new Duffel({
    token: options.accessToken,
    ...(options.apiUrl ? { basePath: options.apiUrl } : {}),
  });
  // Every call below goes through one of these: none waits for Duffel without end (docs/duffel.md, Timeouts).
  const { actionMs, readMs } = { ...DUFFEL_TIMEOUTS, ...options.timeouts };
  const act = <T>(what: string, work: Promise<T>) => withDeadline(work, actionMs, what);
  const read = <T>(what: string, work: Promise<T>) => withDeadline(work, readMs, what);
  const seating = seatMapCalls({ duffel, read }, options.secret);

  /** The order carrying our key, over every page; 'unknown' past LOOKUP_PAGES pages. Throws when unreachable. */
  async function findByKey(key: string): Promise<DuffelOrder | null | 'unknown'> {
    let after: string | undefined;
    for (let page = 0; page < LOOKUP_PAGES; page++) {
      const answer = await read(
        'list orders',
        duffel.orders.list({ limit: PAGE_SIZE, ...(after ? { after } : {}) }),
      );
      // A cancelled order with the key was given up (e.g. our database refused the booking): not the booking.
      const found = answer.data.find(
        (o) => o.metadata?.[IDEMPOTENCY_METADATA_KEY] === key && !o.cancelled_at,
      );
      if (found) return found;
      const next = answer.meta && 'after' in answer.meta ? answer.meta.after : null;
      if (!next) return null;
      after = next;
    }
    return 'unknown';
  }

  /** After an unknown outcome: the order found by its key, else `outcome_unknown` (never a second creation). */
  async function settleUnknown(key: string, error: unknown): Promise<BookingResult> {
    const mine = await findByKey(key).catch(() => 'unknown' as const);
    if (mine && mine !== 'unknown') return bookingOf(mine, true);
    return { ok: false, code: 'outcome_unknown', detail: describe(error) };
  }

  const bookingOf = (o: DuffelOrder, replayed: boolean): BookingResult => ({
    ok: true,
    booking: {
      orderId: o.id,
      bookingReference: o.booking_reference,
      totalAmount: o.total_amount,
      totalCurrency: o.total_currency,
      paymentRequiredBy: o.payment_status?.payment_required_by ?? null,
      ourOrderId:
        typeof o.metadata?.[ORDER_METADATA_KEY] === 'string' ? o.metadata[ORDER_METADATA_KEY] : null,
      replayed,
    },
  });

  return {
    /**
     * Books the offer once per idempotency key. `expectedTotal` (Duffel's currency) guards against a price that
     * changed since the traveller saw it. Throws only when Duffel cannot be reached even to look the key up.
     */
    async book(input: DuffelBookingInput, now: number, expectedTotal?: string): Promise<BookingResult> {
      const decoded = decodeDuffelOfferId(input.offerId, options.secret, now);
      if (!decoded.ok) return { ok: false, code: decoded.error };
      const earlier = await findByKey(input.idempotencyKey);
      if (earlier === 'unknown') return { ok: false, code: 'outcome_unknown', detail: 'lookup_incomplete' };
      if (earlier) return bookingOf(earlier, true);
      const services = input.services ?? [];
      let offer: DuffelOffer;
      try {
        offer = (
          await read(
            'get offer',
            duffel.offers.get(
              decoded.ref.offer,
              services.length > 0 ? { return_available_services: true } : undefined,
            ),
          )
        ).data;
      } catch (error) {
        // A rate limit or our token refused says nothing of the offer (./not-now.ts): not a refusal.
        if (notNowError(error)) throw error;
        if (isAnswered(error)) return { ok: false, code: 'offer_unavailable', detail: error.errors };
        throw error;
      }
      // A document required that the site cannot give (it collects passports only): Duffel would refuse the order.
      if (identityDocumentsFor(offer) === 'unsupported')
        return {
          ok: false,
          code: 'offer_unavailable',
          detail: {
            reason: 'identity_documents',
            supported: offer.supported_passenger_identity_document_types ?? [],
          },
        };
      const passengers = orderPassengers(offer, input.passengers, input.contact);
      if (!passengers) return { ok: false, code: 'invalid_passengers' };
      // Each chosen bag still sold, within its maximum, at the price the traveller was shown.
      // In the offer's own decimals (Duffel writes amounts as "123.45"): the payment is the offer's total plus each
      // service's `total_amount` × quantity, as Duffel's create-order reference asks.
      const decimals = (offer.total_amount.split('.')[1] ?? '').length;
      const minor = (amount: string) => Math.round(Number(amount) * 10 ** decimals);
      let total = minor(offer.total_amount);
      const wanted = new Map<string, number>();
      for (const [index, choice] of services.entries()) {
        const sold = (offer.available_services ?? []).find((a) => a.id === choice.id);
        const quantity = (wanted.get(choice.id) ?? 0) + choice.quantity;
        if (
          !sold ||
          !Number.isInteger(choice.quantity) ||
          choice.quantity < 1 ||
          quantity > sold.maximum_quantity ||
          sold.total_amount !== choice.amount ||
          sold.total_currency !== choice.currency ||
          sold.total_currency !== offer.total_currency
        )
          return { ok: false, code: 'service_unavailable', detail: { index } };
        wanted.set(choice.id, quantity);
        total += minor(sold.total_amount) * choice.quantity;
      }
      // Each chosen seat still on Duffel's seat maps now, at the price shown (a seat is a service of quantity 1:
      // Duffel's "Adding seats" guide), paid like a bag (./seat-maps.ts).
      const seats = input.seats ?? [];
      if (seats.length > 0) {
        const chosen = await seating.seatsToBook(offer.id, seats, offer.total_currency);
        if (!chosen.ok) return chosen;
        for (const seat of chosen.seats) {
          wanted.set(seat.id, 1);
          total += minor(seat.amount);
        }
      }
      const extras = services.length + seats.length > 0;
      const amount = extras ? (total / 10 ** decimals).toFixed(decimals) : offer.total_amount;
      // Duffel refuses to hold such an offer, and books no services — bags or seats — on a hold (its hold guide):
      // nothing is asked, the checked terms are answered (the caller books an `instant` order once the traveller
      // has paid, so the agency never pays Duffel for a booking nobody paid it for).
      if (input.type === 'hold' && (extras || offer.payment_requirements?.requires_instant_payment))
        return {
          ok: false,
          code: 'instant_payment_required',
          instant: { totalAmount: amount, totalCurrency: offer.total_currency, expiresAt: offer.expires_at },
        };
      // The total agreed at booking, bags and seats included: one repriced is refused above, the offer's here. At
      // pay time (`instant`, the traveller has paid the agreed total) a price that fell is booked at the new price.
      const moved =
        expectedTotal !== undefined &&
        (input.type === 'instant'
          ? !notAbove(amount, offer.total_currency, { amount: expectedTotal, currency: offer.total_currency })
          : expectedTotal !== amount);
      if (moved)
        return {
          ok: false,
          code: 'price_changed',
          detail: { total: amount, currency: offer.total_currency },
        };
      const create = () =>
        act(
          'create order',
          duffel.orders.create({
            selected_offers: [offer.id],
            passengers,
            // Duffel's API takes `hold`; the SDK's type (4.30) still lists the older `pay_later`.
            type: input.type as 'instant',
            ...(input.type === 'instant'
              ? { payments: [{ type: 'balance', amount, currency: offer.total_currency }] }
              : {}),
            ...(wanted.size > 0 ? { services: [...wanted].map(([id, quantity]) => ({ id, quantity })) } : {}),
            metadata: {
              [IDEMPOTENCY_METADATA_KEY]: input.idempotencyKey,
              ...(input.ourOrderId ? { [ORDER_METADATA_KEY]: input.ourOrderId } : {}),
            },
          }),
        );
      // Once: from here on nothing is thrown but a request Duffel turned away unread (429, 401/403), since the
      // order may exist at the airline whatever else happened.
      let created: Awaited<ReturnType<typeof create>>;
      try {
        created = await create();
      } catch (error) {
        // Duffel turned the request away before acting on it (429, 401/403): asked again later, never a refusal.
        if (notNowError(error)) throw error;
        if (isAnswered(error) || isNotCreated(error)) {
          // Refused, or not created (nothing booked, nothing paid): unless our own earlier attempt booked it.
          const mine = await findByKey(input.idempotencyKey).catch(() => null);
          if (mine && mine !== 'unknown') return bookingOf(mine, true);
          return { ok: false, code: 'offer_unavailable', detail: error.errors };
        }
        // A 5xx or no answer: the airline may have the order. Looked up, never created again.
        return settleUnknown(input.idempotencyKey, error);
      }
      // 202: accepted, not confirmed (Duffel's response handling: not to be retried); its webhook or a look-up ends it.
      if (created.status === 202 || !created.data?.id) return { ok: false, code: 'pending' };
      return bookingOf(created.data, false);
    },

    /** The order booked under our key, if Duffel has one ('unknown' past the pages read). Only reads. */
    async findBooking(key: string): Promise<BookingResult | null | 'unknown'> {
      const found = await findByKey(key);
      return found && found !== 'unknown' ? bookingOf(found, true) : found;
    },

    seatMaps: seating.seatMaps,
    ...holdPaymentCalls({ duffel, act, read }),
    ...cancellationCalls({ duffel, act, read }),

    /**
     * Cancels an order outright (quote, then confirm): for holds nothing was paid for. An order Duffel already
     * cancelled counts as done; throws when Duffel cannot be reached or refuses otherwise.
     */
    async cancelOrder(orderId: string): Promise<void> {
      const order = (await read('get order', duffel.orders.get(orderId))).data;
      if (order.cancelled_at) return;
      const quote = (await act('quote cancellation', duffel.orderCancellations.create({ order_id: orderId })))
        .data;
      await act('confirm cancellation', duffel.orderCancellations.confirm(quote.id));
    },

    /**
     * Not-cancelled orders created since `since` that carry our metadata (order id or idempotency key): the
     * reconciliation's view of what Duffel booked for us. Reads every page (the list has no promised order), at
     * most RECONCILE_PAGES. Throws when Duffel cannot be reached.
     */
    async listOurOrders(since: Date): Promise<OrderSummary[]> {
      const out: OrderSummary[] = [];
      let after: string | undefined;
      for (let page = 0; page < RECONCILE_PAGES; page++) {
        const answer = await read(
          'list orders',
          duffel.orders.list({ limit: RECONCILE_PAGE_SIZE, ...(after ? { after } : {}) }),
        );
        for (const o of answer.data) {
          if (Date.parse(o.created_at) < since.getTime()) continue;
          const ours = o.metadata?.[ORDER_METADATA_KEY];
          const key = o.metadata?.[IDEMPOTENCY_METADATA_KEY];
          if (o.cancelled_at || (typeof ours !== 'string' && typeof key !== 'string')) continue;
          out.push({
            orderId: o.id,
            bookingReference: o.booking_reference,
            totalAmount: o.total_amount,
            totalCurrency: o.total_currency,
            createdAt: o.created_at,
            ourOrderId: typeof ours === 'string' ? ours : null,
            idempotencyKey: typeof key === 'string' ? key : null,
            awaitingPayment: o.payment_status?.awaiting_payment ?? false,
            paymentRequiredBy: o.payment_status?.payment_required_by ?? null,
          });
        }
        const next = answer.meta && 'after' in answer.meta ? answer.meta.after : null;
        if (!next) break;
        after = next;
      }
      return out;
    },

    /** The airline-initiated changes of an order (`GET /air/airline_initiated_changes?order_id=`). */
    async listChanges(orderId: string): Promise<AirlineInitiatedChange[]> {
      return (await read('list airline changes', duffel.airlineInitiatedChanges.list(orderId)))
        .data as AirlineInitiatedChange[];
    },

    /** Accepts one (`POST /air/airline_initiated_changes/:id/actions/accept`); Duffel's refusal throws. */
    async acceptChange(changeId: string): Promise<AirlineInitiatedChange> {
      return (await act('accept airline change', duffel.airlineInitiatedChanges.accept(changeId))).data;
    },
  };
}
/**
 * What the logs and the operator's task keep of a creation whose outcome is unknown: Duffel's status and the
 * `request_id` its support asks for (Duffel's errors page, https://duffel.com/docs/api/overview/errors: `meta`).
 */
function describe(error: unknown): unknown {
  if (error instanceof DuffelError)
    return { status: error.status, request_id: error.meta?.request_id ?? null, errors: error.errors };
  return error instanceof Error ? error.message : String(error);
}
export type DuffelOrderCalls = ReturnType<typeof createDuffelOrderCalls>;
export type DuffelOrders = SupplierOrders;
