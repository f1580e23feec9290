/**
 * Stripe Checkout end to end at its network boundary (docs/payment-providers.md): the API (real HTTP on
 * loopback, PGlite) against the Stripe test server (testing/stripe-server.ts), through the `stripe` SDK.
 * Sessions in Stripe's units (UZS in tiyin), success, decline, a wrong amount, wrong and stale signatures,
 * duplicate and out-of-order webhooks, an expired session, a late payment refunded automatically, a
 * cancellation's refund (settled at once, or later by webhook), and reconciliation differences.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { MANY_ORDERS, startTestApi } from '../../testing/api.ts';
import { ANON } from '../../testing/booking.ts';
import { cancelBooking, readOrder as readOrderOf, type Booked } from '../../testing/after-sale.ts';
import { ordersOnAFreshOffer, providerApiConfig } from '../testing/provider-testing.ts';
import { collectReconciliations, registry } from '../../metrics.ts';
import { expireUnpaidOrders } from '../../modules/orders/index.ts';
import { reconcilePayments } from '../../modules/payments/index.ts';
import { paymentProviders } from '../index.ts';
import type { PaymentProvider } from '../provider.ts';
import { STRIPE_TEST_CARDS, startStripeServer, type StripeTestServer } from './testing/stripe-server.ts';
import { countEmails } from '../../modules/mail/testing/outbox.ts';
import { paymentOf, paymentsOf, refundsOfPaymentId } from '../../modules/payments/testing/payments.ts';
import { orderOf } from '../../modules/orders/testing/fixtures.ts';

const SECRET_KEY = 'sk_test_parvozTestKey0123456789';
const WEBHOOK_SECRET = 'whsec_parvozTestSigningSecret0123';

let app: FastifyInstance;
let db: Database;
let closeApi: () => Promise<void>;
let base: string;
let stripe: StripeTestServer;
let providers: Map<string, PaymentProvider>;
const serverOptions: {
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  refundsPending?: boolean;
} = { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET };
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const logged: string[] = [];
const log = {
  info: () => undefined,
  warn: (_: object, msg: string) => void logged.push(msg),
  error: (_: object, msg: string) => void logged.push(msg),
};

beforeAll(async () => {
  stripe = await startStripeServer(Object.assign(serverOptions, { now: () => new Date(clock) }));
  const config = {
    stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url },
  };
  ({
    app,
    db,
    close: closeApi,
  } = await startTestApi({ ...MANY_ORDERS, ...config }, { now: () => new Date(clock) }));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  // The webhook endpoint registered in Stripe's dashboard: this site's.
  serverOptions.webhookUrl = `${base}/v1/payments/webhooks/stripe`;
  providers = paymentProviders(providerApiConfig(config), {
    now: () => new Date(clock),
    publicOrigin: () => base,
  });
}, 60_000);

afterAll(async () => {
  await closeApi?.();
  await stripe?.close();
});

const orderIn = ordersOnAFreshOffer(
  () => app,
  start,
  () => clock,
  'stripe',
);
const order = (currency: string) => orderIn<Booked>(currency);

/** The order as its holder reads it (never the console's view). */
const readOrder = (o: Booked) => readOrderOf(app, o.id, o.access_token);

async function startPayment(o: Booked) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/orders/${o.id}/payments?access_token=${o.access_token}`,
    headers: ANON,
    payload: { lang: 'ru' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const [payment] = (await paymentsOf(db, o.id)).filter((p) => p.status === 'pending');
  const session = stripe.sessions.get(payment!.providerRef!)!;
  expect(response.json().data.redirect_url).toBe(session.url);
  return { payment: payment!, session };
}

/** The Checkout Session as Stripe shows it once the traveller completed the page, with `fields` over it. */
const completedSession = <S extends object>(session: S, fields: Record<string, unknown>) => ({
  ...session,
  status: 'complete',
  ...fields,
});

/** Cancels the booking while Stripe leaves new refunds pending (until their refund.updated webhook). */
async function cancelWhileRefundsPend(o: Booked) {
  serverOptions.refundsPending = true;
  try {
    await cancelBooking(app, o);
  } finally {
    serverOptions.refundsPending = false;
  }
}

/** A USD order paid at Stripe, then cancelled while its refund is pending; answers that refund too. */
async function cancelledWithRefundPending() {
  const o = await order('USD');
  const { payment, session } = await startPayment(o);
  await stripe.complete(session.id);
  await cancelWhileRefundsPend(o);
  const [pending] = await refundsOfPaymentId(db, payment.id);
  return { o, payment, session, pending };
}

async function post(signed: { body: string; headers: Record<string, string> }) {
  const response = await fetch(`${base}/v1/payments/webhooks/stripe`, {
    method: 'POST',
    body: signed.body,
    headers: signed.headers,
  });
  return { status: response.status, body: await response.json() };
}

async function paymentStatus(id: string) {
  return (await paymentOf(db, id))!.status;
}

describe('paying with Stripe Checkout', () => {
  test("a USD order's session: the amount in cents, the order's way back, expiring with the payment window", async () => {
    const o = await order('USD');
    const { payment, session } = await startPayment(o);
    expect(payment.provider).toBe('stripe');
    expect(session.currency).toBe('usd');
    expect(session.amount_total).toBe(payment.amountMinor);
    expect(session.metadata).toEqual({ payment_id: payment.id, order_id: o.id });
    expect(session.locale).toBe('ru');
    expect(session.success_url).toBe(`${base}/ru/orders/${o.id}?payment=returned`);
    expect(session.cancel_url).toBe(`${base}/ru/orders/${o.id}?payment=declined`);
    const row = await orderOf(db, o.id);
    expect(session.expires_at).toBe(
      Math.floor(Math.max(row!.paymentDeadline.getTime(), clock + 31 * 60_000) / 1000),
    );
    // Asking again while the session is open gives the same page.
    const again = await app.inject({
      method: 'POST',
      url: `/v1/orders/${o.id}/payments?access_token=${o.access_token}`,
      headers: ANON,
      payload: {},
    });
    expect(again.json().data.redirect_url).toBe(session.url);
    expect(stripe.sessions.size).toBeGreaterThan(0);
  });

  test('an UZS order is charged in tiyin: our whole som × 100', async () => {
    const o = await order('UZS');
    const { payment, session } = await startPayment(o);
    expect(session.currency).toBe('uzs');
    expect(session.amount_total).toBe(payment.amountMinor * 100);
    await stripe.complete(session.id);
    expect(await readOrder(o)).toMatchObject({ booking_status: 'booked', payment_status: 'paid' });
  });

  test('success on the hosted page: one state change for ten deliveries, an older decline after it changes nothing', async () => {
    const o = await order('EUR');
    const { payment, session } = await startPayment(o);
    const declined = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ card: STRIPE_TEST_CARDS.declined }),
    });
    expect(declined.status).toBe(402);
    expect(await paymentStatus(payment.id)).toBe('pending');
    const paid = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ card: STRIPE_TEST_CARDS.success }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${base}/ru/orders/${o.id}?payment=returned`);
    expect(await readOrder(o)).toMatchObject({ booking_status: 'booked', payment_status: 'paid' });
    const completed = stripe.events.find((e) => e.type === 'checkout.session.completed')!;
    // Stripe retries: the same event nine more times.
    const effects = [];
    for (let i = 0; i < 9; i++)
      effects.push(
        (await post(stripe.event('checkout.session.completed', session, { id: completed.id }))).body.data
          .effect,
      );
    expect(new Set(effects)).toEqual(new Set(['duplicate']));
    // Out of order: an expiry and an async failure of the same session arrive late.
    expect(
      (await post(stripe.event('checkout.session.expired', { ...session, status: 'expired' }))).body.data
        .effect,
    ).toBe('ignored');
    expect(
      (await post(stripe.event('checkout.session.async_payment_failed', session))).body.data.effect,
    ).toBe('ignored');
    expect(await paymentStatus(payment.id)).toBe('succeeded');
    expect(await countEmails(db, { dedupeKey: `order-confirmation:${o.id}` })).toBe(1);
  });

  test('a delayed method: unpaid at completion, paid by async_payment_succeeded; a failed one is a decline', async () => {
    const o = await order('USD');
    const { payment, session } = await startPayment(o);
    const pending = completedSession(session, {
      payment_status: 'unpaid',
      payment_intent: 'pi_test_delayed',
    });
    expect((await post(stripe.event('checkout.session.completed', pending))).body.data.effect).toBe(
      'requires_action',
    );
    expect((await readOrder(o)).payment_status).toBe('not_paid');
    expect(
      (
        await post(
          stripe.event('checkout.session.async_payment_succeeded', { ...pending, payment_status: 'paid' }),
        )
      ).body.data.effect,
    ).toBe('paid');

    const other = await order('USD');
    const second = await startPayment(other);
    expect(
      (await post(stripe.event('checkout.session.async_payment_failed', second.session))).body.data.effect,
    ).toBe('failed');
    expect(await paymentStatus(second.payment.id)).toBe('failed');
    expect(await paymentStatus(payment.id)).toBe('succeeded');
  });

  test('an amount or currency that is not the order’s changes nothing', async () => {
    const o = await order('USD');
    const { payment, session } = await startPayment(o);
    const short = await post(
      stripe.event(
        'checkout.session.completed',
        completedSession(session, { payment_status: 'paid', amount_total: session.amount_total - 1 }),
      ),
    );
    expect(short.body.data.effect).toBe('ignored');
    const other = await post(
      stripe.event(
        'checkout.session.completed',
        completedSession(session, { payment_status: 'paid', currency: 'eur' }),
      ),
    );
    expect(other.body.data.effect).toBe('ignored');
    expect(await paymentStatus(payment.id)).toBe('pending');
  });

  test('a wrong secret, a tampered body, a stale or future signature, no signature: 400, nothing changes', async () => {
    const o = await order('USD');
    const { payment, session } = await startPayment(o);
    const paidSession = completedSession(session, { payment_status: 'paid', payment_intent: 'pi_test_x' });
    const forged = await post(
      stripe.event('checkout.session.completed', paidSession, { secret: 'whsec_notTheRightSecret00' }),
    );
    expect(forged.status).toBe(400);
    expect(forged.body.error.details.reason).toBe('bad signature');
    const signed = stripe.event('checkout.session.completed', paidSession);
    expect((await post({ ...signed, body: signed.body.replace('"paid"', '"paid" ') })).status).toBe(400);
    expect(
      (
        await post(
          stripe.event('checkout.session.completed', paidSession, { at: new Date(clock - 6 * 60_000) }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await post(
          stripe.event('checkout.session.completed', paidSession, { at: new Date(clock + 6 * 60_000) }),
        )
      ).status,
    ).toBe(400);
    expect((await post({ body: signed.body, headers: { 'content-type': 'application/json' } })).status).toBe(
      400,
    );
    expect(await paymentStatus(payment.id)).toBe('pending');
    // An authentic event of a kind this site does not use is taken and ignored (Stripe stops retrying).
    const other = await post(stripe.event('customer.created', { id: 'cus_test_1', object: 'customer' }));
    expect(other).toEqual({ status: 200, body: { data: { received: true, effect: 'ignored' } } });
  });

  test('the session expires (the traveller gave up): the payment fails, a new session can be opened', async () => {
    const o = await order('USD');
    const { payment, session } = await startPayment(o);
    await stripe.expire(session.id);
    expect(await paymentStatus(payment.id)).toBe('failed');
    const again = await startPayment(o);
    expect(again.session.id).not.toBe(session.id);
  });

  test('paid after the order expired: refunded automatically and settled by Stripe’s answer, once', async () => {
    const o = await order('USD');
    const { payment, session } = await startPayment(o);
    clock += 3 * 3600_000;
    await expireUnpaidOrders(db, new Date(clock));
    await stripe.complete(session.id);
    const refunds = [...stripe.refunds.values()].filter(
      (r) => r.payment_intent === stripe.sessions.get(session.id)!.payment_intent,
    );
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([[payment.amountMinor, 'succeeded']]);
    // Settled by Stripe's answer, which may land a moment after the refund exists at Stripe on a busy machine.
    await expect
      .poll(async () => (await refundsOfPaymentId(db, payment.id))[0], { timeout: 10_000 })
      .toMatchObject({ reason: 'late_payment', status: 'succeeded', providerRef: refunds[0]!.id });
    const [refund] = await refundsOfPaymentId(db, payment.id);
    expect(refunds[0]!.metadata).toEqual({ refund_id: refund!.id });
    // The completion delivered again: no second refund.
    await post(stripe.event('checkout.session.completed', stripe.sessions.get(session.id)));
    expect(
      [...stripe.refunds.values()].filter((r) => r.payment_intent === refunds[0]!.payment_intent),
    ).toHaveLength(1);
    expect((await readOrder(o)).refund_status).toBe('refunded');
  });

  test('a cancelled booking: the refund is pending at Stripe until its refund.updated webhook; asked again, the same refund', async () => {
    const { o, payment, session, pending } = await cancelledWithRefundPending();
    expect(pending).toMatchObject({ reason: 'cancellation', status: 'pending' });
    expect(pending!.providerRef).toMatch(/^re_test_/);
    const again = await providers.get('stripe')!.refund({
      refundId: pending!.id,
      paymentProviderRef: session.id,
      amountMinor: pending!.amountMinor,
      currency: 'USD',
    });
    expect(again).toEqual({ providerRef: pending!.providerRef, settled: false });
    expect([...stripe.refunds.values()].filter((r) => r.metadata.refund_id === pending!.id)).toHaveLength(1);
    await stripe.settleRefund(pending!.providerRef!);
    const [done] = await refundsOfPaymentId(db, payment.id);
    expect(done!.status).toBe('succeeded');
    expect((await readOrder(o)).refund_status).toBe('refunded');
  });
});

describe('a refund Stripe refuses (docs/payment-providers.md, Stripe "Refunds")', () => {
  test('refund.failed marks it failed with the reason; asked again (attempt 1), a new refund at Stripe, not the refused one', async () => {
    const { o, payment, session, pending } = await cancelledWithRefundPending();
    await stripe.failRefund(pending!.providerRef!);
    const [failed] = await refundsOfPaymentId(db, payment.id);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    expect((await readOrder(o)).refund_status).toBe('pending');
    // Asked again as the console does: a second refund at Stripe (the refused one stays refused).
    const retried = await providers.get('stripe')!.refund({
      refundId: pending!.id,
      attempt: 1,
      paymentProviderRef: session.id,
      amountMinor: pending!.amountMinor,
      currency: 'USD',
    });
    expect(retried.providerRef).not.toBe(pending!.providerRef);
    const atStripe = [...stripe.refunds.values()].filter((r) => r.metadata.refund_id === pending!.id);
    expect(atStripe.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });
});

describe('reconciliation with Stripe', () => {
  test("lists sessions and refunds: a paid session we never heard of, a refund made in Stripe's dashboard", async () => {
    const now = () => new Date(clock + 3600_000);
    const before = (await reconcilePayments({ db, now, providers, log })).get('stripe') ?? [];
    const known = new Set(before.map((d) => d.externalId));
    const lost = await order('USD');
    const first = await startPayment(lost);
    serverOptions.webhookUrl = undefined; // the webhook never arrives
    await stripe.complete(first.session.id);
    serverOptions.webhookUrl = `${base}/v1/payments/webhooks/stripe`;
    const paid = await order('USD');
    const second = await startPayment(paid);
    await stripe.complete(second.session.id);
    // Refunded by hand at Stripe (signed, through the API; no metadata of ours, no webhook taken).
    serverOptions.webhookUrl = undefined;
    const manual = await fetch(`${stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        payment_intent: stripe.sessions.get(second.session.id)!.payment_intent!,
        amount: '100',
      }),
    });
    serverOptions.webhookUrl = `${base}/v1/payments/webhooks/stripe`;
    expect(manual.status).toBe(200);
    logged.length = 0;
    // A second later than the first run (/metrics reads the latest).
    const later = () => new Date(now().getTime() + 1000);
    const differences = (
      (await reconcilePayments({ db, now: later, providers, log })).get('stripe') ?? []
    ).filter((d) => !known.has(d.externalId));
    expect(differences.map((d) => [d.kind, d.paymentId]).sort()).toEqual(
      [
        ['missing_here', first.payment.id],
        ['refund', second.payment.id],
      ].sort(),
    );
    expect(logged).toContain('payment reconciliation: missing_here');
    await collectReconciliations(db);
    const metrics = await registry.getSingleMetricAsString('parvoz_payment_reconciliation_differences');
    expect(metrics).toMatch(
      /parvoz_payment_reconciliation_differences\{provider="stripe",kind="refund"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /parvoz_payment_reconciliation_differences\{provider="stripe",kind="missing_here"\} [1-9]/,
    );
  });
});
