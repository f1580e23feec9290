/**
 * The payment-provider boundary (DESIGN §4). The site starts a payment session at a provider, sends the
 * browser to the provider's hosted page (the site never sees card data), and learns the outcome ONLY from
 * the provider's signed webhook. The built-in default is the sandbox provider (./sandbox.ts).
 */
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
}

export interface PaymentSession {
  /** The provider's id of the payment (`payments.provider_ref`), named in its webhooks. */
  providerRef: string;
  /** The hosted payment page. */
  redirectUrl: string;
}

export type PaymentEventType = 'payment.succeeded' | 'payment.failed' | 'payment.requires_action';

/** A verified webhook event. */
export interface PaymentEvent {
  /** Unique per event (replays carry the same id). */
  id: string;
  type: PaymentEventType;
  providerRef: string;
  amountMinor: number;
  currency: string;
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
  /** Checks the signature over the raw body and its freshness; returns the event or throws WebhookRejected. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): PaymentEvent;
}
