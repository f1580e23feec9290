/**
 * The supplier port beyond search (docs/suppliers.md): what the site asks of a supplier once a traveller books
 * one of its offers — booking or holding, paying a hold, cancelling (outright, or quoted then confirmed), the
 * airline's changes, the reconciliation's list of our orders there and its webhooks. Services speak only this;
 * each supplier's adapter (`suppliers/<name>/`) implements it and turns its own errors into the ones below.
 */
import type { AirlineCredit, ChangedFlight } from '@parvoz/db';
import type { PassengerType } from '@parvoz/core/search-types';
import type { SeatMap } from '@parvoz/core/seat-maps';

/** One of our travellers, with the passport the booking form collects. */
export interface BookingPassenger {
  type: PassengerType;
  given_name: string;
  family_name: string;
  born_on: string;
  gender: 'male' | 'female';
  document: { number: string; expires_on: string; issuing_country_code: string };
}

/** An extra bag or a seat as the supplier sells it: its service id and the price per unit the traveller was shown. */
export interface ServiceChoice {
  id: string;
  quantity: number;
  amount: string;
  currency: string;
}

export interface BookingInput {
  /** Our signed offer id. */
  offerId: string;
  passengers: BookingPassenger[];
  contact: { email: string; phone: string };
  /** Our Idempotency-Key of the booking (scoped by the caller): one order at the supplier per key. */
  idempotencyKey: string;
  /** `instant`: ticketed now, paid from our balance there; `hold`: held by the airline until paid (`payOrder`). */
  type: 'instant' | 'hold';
  /** Our order id, kept with the supplier's order for the reconciliation. */
  ourOrderId?: string;
  /**
   * Extra bags, with the price per unit seen when the traveller chose them (the supplier's currency). A supplier
   * that books no bags on a hold answers a `hold` with bags `instant_payment_required`, to be booked once paid.
   */
  services?: ServiceChoice[];
  /**
   * Seats chosen from the supplier's seat maps (`seatMaps`): each its service id and the price seen (quantity 1).
   * Booked like bags: never on a hold, each checked against the seat maps then (docs/seats.md).
   */
  seats?: ServiceChoice[];
}

export interface BookedOrder {
  orderId: string;
  bookingReference: string;
  totalAmount: string;
  totalCurrency: string;
  /** Our order id the supplier's order carries, if any. */
  ourOrderId: string | null;
  /** Until when a held order may be paid (null: paid already, instant). */
  paymentRequiredBy: string | null;
  /** True when the order was found by its key (an earlier attempt had booked it). */
  replayed: boolean;
}

/** An offer booked only at pay time: the supplier's total (the offer's plus the bags') and the offer's expiry. */
export interface InstantTerms {
  totalAmount: string;
  totalCurrency: string;
  expiresAt: string;
}

export type BookingResult =
  | { ok: true; booking: BookedOrder }
  | {
      ok: false;
      code:
        | 'offer_not_found'
        | 'offer_expired'
        | 'offer_unavailable'
        | 'price_changed'
        | 'invalid_passengers'
        /** A `hold` the supplier will not make (the airline's rule, or bags): nothing was created. */
        | 'instant_payment_required'
        /** A chosen bag no longer sold as chosen (`detail.index`: its position in `services`). */
        | 'service_unavailable'
        /**
         * The creation failed in a way that may have left an order at the airline (a 5xx, no answer) and no order
         * was found under the key: not to be created again, nor refunded; for an operator and the reconciliation.
         */
        | 'outcome_unknown'
        /** Accepted, not confirmed: the supplier's webhook or a look-up by the key tells later. Not to be retried. */
        | 'pending';
      detail?: unknown;
      /** With `instant_payment_required`: the offer's terms, for booking it once the traveller has paid. */
      instant?: InstantTerms;
    };

export type PaymentResult =
  | { ok: true; replayed: boolean; amount: string; currency: string }
  | {
      ok: false;
      /**
       * `price_changed`: the order's current price (re-read) is above the ceiling; `insufficient_balance`: our
       * balance there is too low; `refused`: any other refusal (e.g. the hold lapsed), its detail the supplier's;
       * `outcome_unknown`: the payment failed in a way the supplier says not to retry (or got no answer) and the
       * order does not show it paid: an operator asks the supplier before paying again.
       */
      code: 'cancelled' | 'refused' | 'price_changed' | 'insufficient_balance' | 'outcome_unknown';
      detail?: unknown;
    };

/** The supplier's order as ticketed: its passengers and the airline's e-tickets (none until it has issued them). */
export interface AirlineTickets {
  /** Paid at the supplier (no longer awaiting payment). */
  paid: boolean;
  cancelled: boolean;
  passengers: { id: string; givenName: string; familyName: string; bornOn: string }[];
  /** The airline's e-ticket numbers, each with the supplier's passenger ids it covers. */
  tickets: { number: string; passengerIds: string[] }[];
}

/** One of our orders at the supplier, as the reconciliation reads it. */
export interface OrderSummary {
  orderId: string;
  bookingReference: string;
  totalAmount: string;
  totalCurrency: string;
  createdAt: string;
  /** Our order it was booked for (null when only the key is there). */
  ourOrderId: string | null;
  idempotencyKey: string | null;
  awaitingPayment: boolean;
  paymentRequiredBy: string | null;
}

export interface CancellationQuote {
  id: string;
  orderId: string;
  /** Null when the airline gave no amount: for an operator, never refunded as 0. */
  refundAmount: string | null;
  refundCurrency: string | null;
  /**
   * Where the refund goes: `money` (back to us, hence the traveller's payment), or the airline's `voucher` /
   * `airline_credits` (the traveller gets the credits, not cash); `none` for an unpaid hold.
   */
  refundTo: 'money' | 'voucher' | 'airline_credits' | 'none';
  /** The credits the cancellation gives. */
  airlineCredits: AirlineCredit[];
  expiresAt: string;
  confirmedAt: string | null;
}

/** A change the airline made to an order's flights: the flights as they were and as they are now. */
export interface AirlineChange {
  /** The supplier's id of the change. */
  id: string;
  createdAt: string;
  removed: ChangedFlight[];
  added: ChangedFlight[];
  /** The traveller may accept it here. */
  canAccept: boolean;
  /** accepted, cancelled, changed; null while open. */
  actionTaken: string | null;
  actionTakenAt: string | null;
}

/** The supplier's side of an order. Throws SupplierRefused when it answers no, anything else when unreachable. */
export interface SupplierOrders {
  /** The supplier's name in `orders.supplier`, `airline_changes.supplier` and the metrics' `supplier` label. */
  readonly id: string;
  /** The longest `book` can take with the adapter's timeouts: a claim on a booking must outlast it. */
  readonly bookMaxMs: number;
  /**
   * Books the offer once per idempotency key; `expectedTotal` (the supplier's currency) guards against a price
   * that moved. Throws only when the supplier cannot be reached even to look the key up.
   */
  book(input: BookingInput, now: number, expectedTotal?: string): Promise<BookingResult>;
  /**
   * The seat maps of an offer (docs/seats.md), one per flight the airline shows a map for, each seat with the
   * supplier's service per passenger (`SupplierSeatService`) in the offer's currency; empty when the airline sells
   * no seats. Throws when the supplier cannot be reached or refuses.
   */
  seatMaps?(offerId: string, now: number): Promise<SeatMap[]>;
  /**
   * Only looks: the order booked under an idempotency key (a `replayed` booking), null when the supplier has none,
   * 'unknown' when it could not tell. Throws when unreachable.
   */
  findBooking(idempotencyKey: string): Promise<BookingResult | null | 'unknown'>;
  /**
   * Pays a held order from our balance there, once, at its current price (re-read when the supplier says it
   * moved) if that is not above `ceiling` (the total agreed at booking, which the traveller paid).
   */
  payOrder(orderId: string, ceiling?: { amount: string; currency: string }): Promise<PaymentResult>;
  /** The order's e-tickets as the airline issued them (read from the supplier's order). */
  ticketsOf(orderId: string): Promise<AirlineTickets>;
  /** Cancels an order outright (nothing was paid for it); one cancelled already counts as done. */
  cancelOrder(orderId: string): Promise<void>;
  /** Not-cancelled orders created since `since` that carry our order id or key. */
  listOurOrders(since: Date): Promise<OrderSummary[]>;
  /** The airline's changes of an order. */
  listChanges(orderId: string): Promise<AirlineChange[]>;
  acceptChange(changeId: string): Promise<AirlineChange>;
  /** What comes back if the order is cancelled now (the supplier's amount and currency). */
  quoteCancellation(orderId: string): Promise<CancellationQuote>;
  confirmCancellation(quoteId: string): Promise<CancellationQuote>;
}

/** An error with the supplier's own account of it (`detail`, for the logs). */
class SupplierErrorWithDetail extends Error {
  readonly detail: unknown;
  constructor(message: string, detail: unknown, options?: ErrorOptions) {
    super(message, options);
    this.detail = detail;
  }
}

/** The supplier answered and said no (the offer is gone, the quote lapsed, the change cannot be accepted). */
export class SupplierRefused extends SupplierErrorWithDetail {
  override readonly name = 'SupplierRefused';
}

/**
 * The supplier asked us to slow down (a rate limit): nothing was done; ask again from `retryAt` (null: it named no
 * time). Not a refusal: what was being done stays to do.
 */
export class SupplierRateLimited extends Error {
  readonly retryAt: Date | null;
  constructor(retryAt: Date | null, options?: ErrorOptions) {
    super('rate limited by the supplier', options);
    this.name = 'SupplierRateLimited';
    this.retryAt = retryAt;
  }
}

/**
 * The supplier did not take our credentials (its 401/403): a configuration fault for an operator, never a reason
 * to give up an order or refund it.
 */
export class SupplierAuthRejected extends Error {
  readonly status: number;
  constructor(status: number, options?: ErrorOptions) {
    super(`the supplier rejected our credentials (${status})`, options);
    this.name = 'SupplierAuthRejected';
    this.status = status;
  }
}

/**
 * The supplier may or may not have done what was asked (an error answer its documentation says not to retry, and a
 * read-back that could not tell): never asked again as it was; an operator checks.
 */
export class SupplierOutcomeUnknown extends SupplierErrorWithDetail {
  override readonly name = 'SupplierOutcomeUnknown';
}

/** Why a webhook delivery is not taken. */
export type WebhookSignatureProblem =
  'missing_signature' | 'malformed_signature' | 'bad_signature' | 'stale_signature';

/** What the site acts on of a supplier's webhook event. */
export interface SupplierEvent {
  id: string;
  /** The supplier's order whose airline changes are to be read now, or null (an event the site does not use). */
  changedOrderId: string | null;
  /**
   * An order's creation settled at the supplier (after it was only accepted): made (`created`, with the order) or
   * not (`failed`), for our order it names; absent for other events.
   */
  creation?: {
    outcome: 'created' | 'failed';
    ourOrderId: string | null;
    /** The supplier's order when made. */
    order: { orderId: string; bookingReference: string; totalAmount: string; totalCurrency: string } | null;
  };
}

/** A supplier's signed webhook (POST /v1/webhooks/<supplier id>): its events are a prompt to read its API. */
export interface SupplierWebhook {
  /** Null when the delivery is genuine and fresh. */
  checkSignature(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): WebhookSignatureProblem | null;
  /** The event in a parsed body, or null when the body is not one. */
  parseEvent(body: unknown): SupplierEvent | null;
}
