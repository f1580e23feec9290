/**
 * The payment-provider boundary (docs/design.md §4). The site starts a payment session at a provider, sends
 * the browser to the provider's hosted page (the site never sees card data), and learns the outcome ONLY from
 * the provider's signed webhook. The built-in default is the sandbox provider (./sandbox.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Locale } from '@parvoz/i18n/locales';

export interface PaymentSessionInput {
  /** Our `payments.id`. */
  paymentId: string;
  orderId: string;
  bookingReference: string;
  amountMinor: number;
  currency: string;
  lang: Locale;
  /** Where the provider sends the browser back (a path of this site with its own query). */
  returnPath: string;
  /** The order's contact and the booking client's IP, for providers that must name a buyer. */
  customer?: { fullName: string; email: string; phone: string; ip: string | null };
  /** The end of the order's payment window: a provider's session should not outlive it. */
  payBy?: Date;
}

export interface PaymentSession {
  /** The provider's id of the payment (`payments.provider_ref`), named in its webhooks. */
  providerRef: string;
  /** The hosted payment page. */
  redirectUrl: string;
}

export type PaymentEventType =
  | 'payment.succeeded'
  | 'payment.failed'
  | 'payment.requires_action'
  /** A refund asked for with `refund()` went through (docs/after-sale.md). */
  | 'refund.succeeded'
  /** The provider refused a refund it had taken (a card provider's `failed` refund): an operator asks again. */
  | 'refund.failed';

/** A verified webhook event. */
export interface PaymentEvent {
  /** Unique per event (replays carry the same id). */
  id: string;
  type: PaymentEventType;
  /** The provider's id of the payment, or of the refund for `refund.*` events. */
  providerRef: string;
  amountMinor: number;
  currency: string;
  /** `refund.*` events: our id of the refund (`RefundInput.refundId`), which the provider sends back. */
  refundId?: string;
  /** `refund.failed`: the provider's reason, in its words (shown to operators). */
  failureReason?: string;
}

export interface RefundInput {
  /** Our `refunds.id`: the provider sends it back in its webhook and treats a repeat as the same refund. */
  refundId: string;
  /**
   * 0, or how often an operator asked again after the provider refused it: a new request then, not the
   * refused one again (a provider's idempotency key carries it).
   */
  attempt?: number;
  /** The provider's id of the payment to refund (`payments.provider_ref`). */
  paymentProviderRef: string;
  /** Minor units of the payment's currency, > 0 and at most what was paid. */
  amountMinor: number;
  currency: string;
}

export interface RefundRequested {
  /** The provider's id of the refund (`refunds.provider_ref`). */
  providerRef: string;
  /**
   * True when the provider's own answer says the money went back (a reversal or a
   * refund that succeeded at once): the refund is done now and no webhook follows. Otherwise the outcome
   * comes later, by the provider's call.
   */
  settled?: boolean;
}

/** A payment as the provider's statement lists it (reconciliation, modules/payments/reconciliation.ts). */
export interface StatementEntry {
  /** The provider's id of the payment (its transaction id where it keeps transactions, else `payments.provider_ref`). */
  externalId: string;
  amountMinor: number;
  currency: string;
  /** Paid and kept, paid and given back, never paid, or not settled yet. */
  state: 'paid' | 'refunded' | 'cancelled' | 'pending';
  /** When the provider created it. */
  time: Date;
}

/** The webhook is not authentic or not fresh: answer 400 and change nothing. */
export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejected';
  }
}

export interface PaymentProvider {
  readonly name: string;
  createSession(input: PaymentSessionInput): Promise<PaymentSession>;
  /**
   * Asks the provider to give money back (docs/after-sale.md). Asking again with the same `refundId` is the
   * same refund (never a second one). The outcome comes later by the provider's authenticated call or signed
   * `refund.*` webhook, unless its answer already settles it (`settled`).
   */
  refund(input: RefundInput): Promise<RefundRequested>;
  /**
   * The provider's own list of the payments created in [from, to], for reconciliation; absent when the
   * provider has no such list.
   */
  statement?(from: Date, to: Date): Promise<StatementEntry[]>;
  /**
   * True for a provider whose callbacks keep transactions of their own (`provider_transactions`, its merchant
   * protocol's): its statement is matched with them, by its transaction ids, rather than with our payments.
   */
  readonly keepsTransactions?: boolean;
  /**
   * Checks the signature over the raw body and its freshness; returns the event, null for an authentic
   * notice this site has nothing to do with (answered 200), or throws WebhookRejected. A provider whose
   * notice does not carry the whole outcome asks its API for it, hence the promise.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): PaymentEvent | null | Promise<PaymentEvent | null>;
}

/** A reference of our own making for a provider's payment: `<prefix>_` and 128 random bits. */
export function newProviderRef(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

/** The way back to the site from a provider's page: `path` (which may have a query) with `payment=<result>`. */
export function withPaymentResult(path: string, result: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}payment=${result}`;
}
