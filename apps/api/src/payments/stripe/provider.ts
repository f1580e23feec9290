/**
 * Stripe Checkout Sessions (docs/payment-providers.md) through Stripe's Node SDK, as Stripe documents them
 * (docs.stripe.com: Checkout Sessions create/retrieve/list, Refunds create/list, webhook signatures,
 * zero-decimal currencies; docs/decisions/0016-card-providers.md):
 *
 *  1. `createSession` opens a Checkout Session (mode `payment`, one line for the booking, the amount in
 *     Stripe's smallest unit of the currency) that expires with the order's payment window, and sends the
 *     traveller to Stripe's hosted page (`session.url`). Our `provider_ref` is the session id (`cs_…`).
 *  2. The outcome comes ONLY by Stripe's webhook, verified with the endpoint's signing secret
 *     (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 over `t.body`, 5 minutes' tolerance):
 *     `checkout.session.completed` (paid, or unpaid for a delayed method), `…async_payment_succeeded`,
 *     `…async_payment_failed`, `…expired`; `refund.created`/`refund.updated`/`refund.failed` for a refund that succeeded or
 *     failed later.
 *  3. `refund` refunds the session's PaymentIntent, with our refund id as idempotency key and in the refund's
 *     metadata (found again by listing the PaymentIntent's refunds once the key's 24 hours are over).
 *  4. `statement` lists the Checkout Sessions and refunds created in a window, for reconciliation.
 */
import Stripe from 'stripe';
import { isCurrencyCode } from '@parvoz/core/money';
import { fromStripeAmount, toStripeAmount } from '@parvoz/core/provider-amounts';
import {
  WebhookRejected,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type PaymentSession,
  type PaymentSessionInput,
  type RefundInput,
  type RefundRequested,
  type StatementEntry,
  withPaymentResult,
} from '../provider.ts';

export const STRIPE_PROVIDER = 'stripe';
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
export const STRIPE_TOLERANCE_SECONDS = 300;
/** Stripe lets a Checkout Session live between 30 minutes and 24 hours. */
const SESSION_MIN_MS = 31 * 60_000;
const SESSION_MAX_MS = 24 * 3600_000 - 60_000;
const SESSION_ID = /^cs_[A-Za-z0-9_]{8,200}$/;

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API base than https://api.stripe.com (a test server): `http://127.0.0.1:12111`. */
  apiBase?: string | undefined;
  /** The site's public origin for the ways back, or null when it has none (then no session can start). */
  origin: () => string | null;
  now: () => Date;
}

const STRIPE_LOCALES = { en: 'en', ru: 'ru', tr: 'tr', uz: 'auto' } as const;

/** `path` of the site with `payment=<result>` added to its query. */
function withResult(origin: string, path: string, result: string): string {
  return `${origin.replace(/\/+$/, '')}${withPaymentResult(path, result)}`;
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });

  async function createSession(input: PaymentSessionInput): Promise<PaymentSession> {
    if (!isCurrencyCode(input.currency)) throw new RangeError(`stripe: no such currency ${input.currency}`);
    const amount = toStripeAmount(input.amountMinor, input.currency);
    if (amount === null || amount <= 0) throw new RangeError(`stripe: cannot charge ${input.amountMinor}`);
    const origin = options.origin();
    if (!origin) throw new Error('stripe: the site has no public address to come back to (set PUBLIC_URL)');
    const now = options.now().getTime();
    const until = input.payBy?.getTime() ?? now + SESSION_MAX_MS;
    const expiresAt = Math.min(Math.max(until, now + SESSION_MIN_MS), now + SESSION_MAX_MS);
    const metadata = { payment_id: input.paymentId, order_id: input.orderId };
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: input.orderId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: amount,
              product_data: { name: `Flight booking ${input.bookingReference}` },
            },
          },
        ],
        success_url: withResult(origin, input.returnPath, 'returned'),
        cancel_url: withResult(origin, input.returnPath, 'declined'),
        locale: STRIPE_LOCALES[input.lang],
        expires_at: Math.floor(expiresAt / 1000),
        metadata,
        payment_intent_data: { metadata },
        ...(input.customer?.email ? { customer_email: input.customer.email } : {}),
      },
      // A retried create (a lost answer) is the same session.
      { idempotencyKey: `parvoz-session-${input.paymentId}` },
    );
    if (!session.url || !SESSION_ID.test(session.id))
      throw new Error('stripe: the session has no hosted page');
    return { providerRef: session.id, redirectUrl: session.url };
  }

  function sessionEvent(event: Stripe.Event, type: PaymentEventType): PaymentEvent {
    const session = event.data.object as Stripe.Checkout.Session;
    const currency = String(session.currency ?? '').toUpperCase();
    const amount = isCurrencyCode(currency) ? fromStripeAmount(session.amount_total, currency) : null;
    return { id: event.id, type, providerRef: session.id, amountMinor: amount ?? -1, currency };
  }

  function toEvent(event: Stripe.Event): PaymentEvent | null {
    switch (event.type) {
      case 'checkout.session.completed': {
        const status = event.data.object.payment_status;
        // `unpaid`: a delayed method (a bank debit) — the money comes with async_payment_succeeded.
        if (status === 'paid') return sessionEvent(event, 'payment.succeeded');
        if (status === 'unpaid') return sessionEvent(event, 'payment.requires_action');
        return null;
      }
      case 'checkout.session.async_payment_succeeded':
        return sessionEvent(event, 'payment.succeeded');
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return sessionEvent(event, 'payment.failed');
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed': {
        const refund = event.data.object;
        const refundId = refund.metadata?.refund_id;
        const currency = refund.currency.toUpperCase();
        if (!refundId || !isCurrencyCode(currency)) return null;
        // Stripe's `failed` (the card could not take it back) and `canceled`: the money is still owed.
        const failed = refund.status === 'failed' || refund.status === 'canceled';
        if (refund.status !== 'succeeded' && !failed) return null;
        return {
          id: event.id,
          type: failed ? 'refund.failed' : 'refund.succeeded',
          providerRef: refund.id,
          amountMinor: fromStripeAmount(refund.amount, currency) ?? -1,
          currency,
          refundId,
          ...(failed ? { failureReason: refund.failure_reason ?? refund.status ?? 'failed' } : {}),
        };
      }
      default:
        return null;
    }
  }

  async function paymentIntentOf(sessionId: string): Promise<string> {
    if (!SESSION_ID.test(sessionId)) throw new RangeError('stripe refund: not a Checkout Session');
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const intent = session.payment_intent;
    const id = typeof intent === 'string' ? intent : intent?.id;
    if (!id) throw new Error(`stripe refund: session ${sessionId} has no payment`);
    return id;
  }

  async function refund(input: RefundInput): Promise<RefundRequested> {
    if (!isCurrencyCode(input.currency))
      throw new RangeError(`stripe refund: no such currency ${input.currency}`);
    const amount = toStripeAmount(input.amountMinor, input.currency);
    if (amount === null || amount <= 0)
      throw new RangeError(`stripe refund: cannot refund ${input.amountMinor}`);
    const paymentIntent = await paymentIntentOf(input.paymentProviderRef);
    // Idempotency keys last 24 hours: a refund asked again later is found by our id in its metadata.
    const earlier = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
    let refund = earlier.data.find(
      (r) => r.metadata?.refund_id === input.refundId && r.status !== 'failed' && r.status !== 'canceled',
    );
    refund ??= await stripe.refunds.create(
      { payment_intent: paymentIntent, amount, metadata: { refund_id: input.refundId } },
      { idempotencyKey: `parvoz-refund-${input.refundId}${input.attempt ? `-${input.attempt}` : ''}` },
    );
    if (refund.amount !== amount || refund.currency.toUpperCase() !== input.currency)
      throw new Error(`stripe refund ${refund.id}: the amount differs from the refund asked for`);
    return { providerRef: refund.id, settled: refund.status === 'succeeded' };
  }

  async function statement(from: Date, to: Date): Promise<StatementEntry[]> {
    const gte = Math.floor(from.getTime() / 1000);
    const lte = Math.floor(to.getTime() / 1000);
    // Refunds of these sessions may come after the window: every refund since its start counts.
    const refunded = new Set<string>();
    for await (const refund of stripe.refunds.list({ created: { gte }, limit: 100 })) {
      const intent =
        typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
      if (refund.status === 'succeeded' && intent) refunded.add(intent);
    }
    const entries: StatementEntry[] = [];
    for await (const session of stripe.checkout.sessions.list({ created: { gte, lte }, limit: 100 })) {
      const currency = String(session.currency ?? '').toUpperCase();
      const amount = isCurrencyCode(currency) ? fromStripeAmount(session.amount_total, currency) : null;
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      const state: StatementEntry['state'] =
        session.status === 'expired'
          ? 'cancelled'
          : session.status === 'complete' && session.payment_status === 'paid'
            ? intent && refunded.has(intent)
              ? 'refunded'
              : 'paid'
            : 'pending';
      entries.push({
        externalId: session.id,
        amountMinor: amount ?? -1,
        currency,
        state,
        time: new Date(session.created * 1000),
      });
    }
    return entries;
  }

  return {
    name: STRIPE_PROVIDER,
    createSession,
    refund,
    statement,
    parseWebhook(rawBody, headers, now) {
      const header = headers[STRIPE_SIGNATURE_HEADER];
      if (typeof header !== 'string' || header.length > 2000) throw new WebhookRejected('missing signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          header,
          options.webhookSecret,
          STRIPE_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        throw new WebhookRejected(
          error instanceof Stripe.errors.StripeSignatureVerificationError
            ? 'bad signature'
            : 'unreadable event',
        );
      }
      // Stripe signs a time, but only checks that it is not too OLD: one from the future is refused here.
      const signedAt = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(header)?.[1]);
      if (signedAt * 1000 > now.getTime() + STRIPE_TOLERANCE_SECONDS * 1000)
        throw new WebhookRejected('stale signature');
      if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object)
        throw new WebhookRejected('unexpected event shape');
      return toEvent(event);
    },
  };
}
