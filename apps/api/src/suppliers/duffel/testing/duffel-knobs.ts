/**
 * What a test turns on the Duffel stand-in (./duffel-server.ts) to make Duffel slow, down, refusing or changing its
 * answers; each is read on every call, so a test sets one between two calls. The server's header lists them.
 */
import { defaultHoldPaymentKnobs, type HoldPaymentKnobs } from './duffel-hold-payments.ts';
import type { CreateFault, QuoteTerms } from './duffel-order-outcomes.ts';

export interface DuffelKnobs {
  delayMs: number;
  failWith: number | 'drop' | null;
  /** Like `failWith`, only for calls whose "METHOD /path" matches (e.g. Duffel down while cancelling). */
  failRoute: { match: RegExp; status: number } | null;
  priceFactor: number;
  /** The next order is created, then the connection closes before the answer (a dropped connection). */
  dropAfterCreate: boolean;
  /**
   * Offers made from now on require instant payment (`payment_requirements.requires_instant_payment: true`,
   * no `payment_required_by` / `price_guarantee_expires_at`): a `hold` order of them is refused.
   */
  instantPaymentOnly: boolean;
  /**
   * The airline withdraws its extra bags after this many more reads listing them (null: never): e.g. 1, and the
   * re-pricing still lists them while the booking's own read a moment later does not.
   */
  servicesVanishAfter: number | null;
  /** The airline reprices its seats: every seat service's price times this from now on (./duffel-seat-maps.ts). */
  seatPriceFactor: number;
  /** How long each airline (by its IATA code, the offers' `owner`) takes to answer a search; absent: at once. */
  airlineDelayMs: Record<string, number>;
  /**
   * Calls whose "METHOD /path" matches are taken and never answered (a hung socket), nothing done: what a
   * client without a timeout waits on for ever (docs/duffel.md, Timeouts).
   */
  hang: RegExp | null;
  /**
   * The identity-document terms of offers made from now on (`passenger_identity_documents_required`,
   * `supported_passenger_identity_document_types`); default a passport for every passenger.
   */
  identityDocuments: { required: boolean; supported: string[] };
  /** Paying holds: balance, lapsing holds, moved prices, 429s, late documents (./duffel-hold-payments.ts). */
  pay: HoldPaymentKnobs;
  /** How the next order creation fails (once). */
  createFault: CreateFault | null;
  /** What cancellation quotes refund to. */
  quoteTerms: QuoteTerms;
  /**
   * The next confirmed cancellation answers this status (500, 502: "You should not retry this request") after
   * the order was cancelled: the side effect done, the caller told only of an error. Null: answered as done.
   */
  failsAfterCancelling: number | null;
  /** Calls whose "METHOD /path" matches answer 403: the token is known but lacks the permission (errors page). */
  forbidden: RegExp | null;
}

/** Duffel as it answers on a good day. */
export const defaultDuffelKnobs = (): DuffelKnobs => ({
  delayMs: 0,
  failWith: null,
  failRoute: null,
  priceFactor: 1,
  dropAfterCreate: false,
  instantPaymentOnly: false,
  servicesVanishAfter: null,
  seatPriceFactor: 1,
  airlineDelayMs: {},
  hang: null,
  identityDocuments: { required: true, supported: ['passport'] },
  pay: defaultHoldPaymentKnobs(),
  createFault: null,
  quoteTerms: { refundTo: null, amountUnknown: false },
  forbidden: null,
  failsAfterCancelling: null,
});
