/**
 * iyzico's Checkout Form end to end at its network boundary (docs/payment-providers.md): the API (real HTTP
 * on loopback, PGlite) against the iyzico test server (testing/iyzico-server.ts), through the `iyzipay` SDK.
 * Success, decline, fraud review, a wrong amount, forged signatures, duplicate and out-of-order callbacks and
 * notifications, a payment after the order expired (refunded automatically), a cancellation's refund,
 * and reconciliation differences.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { buildTestApi, MANY_ORDERS, startTestApi, visitorHeaders } from '../../testing/api.ts';
import { ordersOnAFreshOffer, providerApiConfig } from '../testing/provider-testing.ts';
import { paymentProviders } from '../index.ts';
import type { PaymentProvider } from '../provider.ts';
import { ANON } from '../../testing/booking.ts';
import { cancelBooking, readOrder as readOrderOf, type Booked } from '../../testing/after-sale.ts';
import { collectReconciliations, registry } from '../../metrics.ts';
import { expireUnpaidOrders } from '../../modules/orders/index.ts';
import { reconcilePayments } from '../../modules/payments/index.ts';
import { IYZICO_TEST_CARDS, startIyzicoServer, type IyzicoTestServer } from './testing/iyzico-server.ts';
import { countEmails } from '../../modules/mail/testing/outbox.ts';
import {
  paymentOf,
  paymentsOf,
  providerEventCount,
  refundsOfPaymentId,
} from '../../modules/payments/testing/payments.ts';

const API_KEY = 'sandbox-test-iyzico-api-key';
const SECRET_KEY = 'sandbox-test-iyzico-secret-key';

let app: FastifyInstance;
let db: Database;
let closeApi: () => Promise<void>;
let base: string;
let iyzico: IyzicoTestServer;
/** The providers as the API makes them from the same configuration. */
let providers: Map<string, PaymentProvider>;
const serverOptions: { apiKey: string; secretKey: string; notificationUrl?: string } = {
  apiKey: API_KEY,
  secretKey: SECRET_KEY,
};
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const logged: { obj: object; msg: string }[] = [];
const log = {
  info: () => undefined,
  warn: (obj: object, msg: string) => void logged.push({ obj, msg }),
  error: (obj: object, msg: string) => void logged.push({ obj, msg }),
};

beforeAll(async () => {
  iyzico = await startIyzicoServer({ ...serverOptions, now: () => new Date(clock), pageSize: 2 });
  ({
    app,
    db,
    close: closeApi,
  } = await startTestApi(
    {
      ...MANY_ORDERS,
      iyzico: { apiKey: API_KEY, secretKey: SECRET_KEY, baseUrl: iyzico.url },
    },
    { now: () => new Date(clock) },
  ));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  // iyzico's merchant notification URL (set in its panel): this site's webhook.
  serverOptions.notificationUrl = `${base}/v1/payments/webhooks/iyzico`;
  providers = paymentProviders(
    providerApiConfig({ iyzico: { apiKey: API_KEY, secretKey: SECRET_KEY, baseUrl: iyzico.url } }),
  );
}, 60_000);

afterAll(async () => {
  await closeApi?.();
  await iyzico?.close();
});

const orderIn = ordersOnAFreshOffer(
  () => app,
  start,
  () => clock,
  'iyzico',
);
const tryOrder = () => orderIn<Booked>('TRY');

/** The order as its holder reads it (never the console's view). */
const readOrder = (o: Booked) => readOrderOf(app, o.id, o.access_token);

/** Starts paying: iyzico's hosted form, and our payment row. */
async function startPayment(order: Booked) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/orders/${order.id}/payments?access_token=${order.access_token}`,
    headers: ANON,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(201);
  const url = new URL(response.json().data.redirect_url as string);
  const token = url.searchParams.get('token')!;
  const [payment] = await paymentsOf(db, order.id);
  return { url, token, payment: payment! };
}

/**
 * The traveller's browser coming back from the form: iyzico's POST of the token to the form's `callbackUrl`
 * (ours, as we gave it at initialize), or to `to`; a token iyzico never issued goes to the bare callback.
 */
function callback(token: string, to?: string) {
  return fetch(to ?? iyzico.forms.get(token)?.callbackUrl ?? `${base}/v1/payments/iyzico/callback`, {
    method: 'POST',
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });
}

async function sendNotification(token: string, headers?: Record<string, string>) {
  const note = iyzico.notification(token);
  return fetch(`${base}/v1/payments/webhooks/iyzico`, {
    method: 'POST',
    body: note.body,
    headers: { ...note.headers, ...headers },
  });
}

async function paymentRow(id: string) {
  return (await paymentOf(db, id))!;
}

async function confirmations(orderId: string): Promise<number> {
  return countEmails(db, { kind: 'order-confirmation', dedupeKey: `order-confirmation:${orderId}` });
}

describe('paying a TRY order with iyzico', () => {
  test('the form is opened for the order amount in lira, to the hosted page, with our payment as conversation', async () => {
    const order = await tryOrder();
    expect(order.total_currency).toBe('TRY');
    const { url, token, payment } = await startPayment(order);
    expect(url.origin).toBe(iyzico.url);
    expect(payment.provider).toBe('iyzico');
    // Our payment id is iyzico's conversationId and our provider_ref; the amount to the kuruş.
    expect(payment.providerRef).toBe(payment.id);
    const form = iyzico.forms.get(token)!;
    expect(form.conversationId).toBe(payment.id);
    expect(form.currency).toBe('TRY');
    expect(Math.round(form.paidPrice * 100)).toBe(payment.amountMinor);
    expect(form.price).toBe(form.paidPrice);
    // The way back names our payment, and so does the basket: iyzico's signed result of the form carries
    // `basketId` as given at initialize (docs.iyzico.com/en/payment-methods/checkoutform/cf-implementation/
    // cf-initialize; docs.iyzico.com/en/advanced/response-signature-validation signs it).
    expect(form.callbackUrl).toBe(`${base}/v1/payments/iyzico/callback?payment=${payment.id}`);
    expect(form.basketId).toBe(payment.id);
    // The hosted page is iyzico's: the card is typed there, never here.
    const page = await fetch(url);
    expect(await page.text()).toContain('name="cardNumber"');
  });

  test('success: the callback reads the signed result, the order is booked and paid once however often it comes', async () => {
    const order = await tryOrder();
    const { token, payment } = await startPayment(order);
    // The traveller pays on the hosted form, which posts the browser back to us.
    const paid = await fetch(`${iyzico.url}/pay/${token}`, {
      method: 'POST',
      body: new URLSearchParams({
        cardNumber: IYZICO_TEST_CARDS.success,
        expiry: '12/30',
        cvc: '123',
        holder: 'ANNA',
      }),
    });
    expect(await paid.text()).toContain(`action="${base}/v1/payments/iyzico/callback?payment=${payment.id}"`);
    const back = await callback(token);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/en/orders/${order.id}?payment=success`);
    expect(await readOrder(order)).toMatchObject({ booking_status: 'booked', payment_status: 'paid' });
    expect((await paymentRow(payment.id)).status).toBe('succeeded');
    // Ten deliveries of the same outcome: the browser's reloads and iyzico's notifications.
    for (let i = 0; i < 7; i++) expect((await callback(token)).status).toBe(303);
    for (let i = 0; i < 2; i++) {
      const note = await sendNotification(token);
      expect(note.status).toBe(200);
      expect((await note.json()).data.effect).toBe('duplicate');
    }
    expect(await confirmations(order.id)).toBe(1);
    expect(await providerEventCount(db, { provider: 'iyzico', eventIdLike: `iyzico-cf:${token}:%` })).toBe(1);
  });

  test('the result is asked with our payment id as conversationId, which iyzico echoes: the token is not our id', async () => {
    // docs.iyzico.com/en/payment-methods/checkoutform/cf-implementation/cf-retrieve: the retrieve request's
    // `conversationId` "is returned unchanged in the response" — the answer's conversationId is whatever we
    // sent, so it can only name our payment if we sent our payment's id (docs/payment-providers.md, iyzico).
    const order = await tryOrder();
    const { token, payment } = await startPayment(order);
    iyzico.complete(token, 'success');
    expect((await callback(token)).status).toBe(303);
    const retrieves = iyzico.calls.filter((c) => c.path === '/payment/iyzipos/checkoutform/auth/ecom/detail');
    expect(retrieves.at(-1)!.body).toMatchObject({ token, conversationId: payment.id });
    expect((await paymentRow(payment.id)).status).toBe('succeeded');
    expect(await readOrder(order)).toMatchObject({ booking_status: 'booked', payment_status: 'paid' });
  });

  test("another payment's token posted to this payment's callback: 400, neither payment changes", async () => {
    const mine = await tryOrder();
    const other = await tryOrder();
    const a = await startPayment(mine);
    const b = await startPayment(other);
    iyzico.complete(b.token, 'success');
    // The way back of payment A (anyone may read it off iyzico's page) with the token of paid form B.
    const forged = await callback(b.token, iyzico.forms.get(a.token)!.callbackUrl);
    expect(forged.status).toBe(400);
    expect((await paymentRow(a.payment.id)).status).toBe('pending');
    expect((await paymentRow(b.payment.id)).status).toBe('pending');
    expect((await readOrder(mine)).payment_status).toBe('not_paid');
    // B's own way back pays B.
    expect((await callback(b.token)).status).toBe(303);
    expect((await paymentRow(b.payment.id)).status).toBe('succeeded');
  });

  test('a declined card: the payment fails, the traveller comes back to a payable order', async () => {
    const order = await tryOrder();
    const { token, payment } = await startPayment(order);
    await fetch(`${iyzico.url}/pay/${token}`, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: IYZICO_TEST_CARDS.declined }),
    });
    const back = await callback(token);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/en/orders/${order.id}?payment=declined`);
    expect((await paymentRow(payment.id)).status).toBe('failed');
    expect(await readOrder(order)).toMatchObject({ booking_status: 'new', payment_status: 'not_paid' });
    // Trying again opens a new form.
    const again = await startPayment(order);
    expect(again.token).not.toBe(token);
  });

  test('the notification before the browser (out of order), and a fraud review that is approved later', async () => {
    const order = await tryOrder();
    const { token, payment } = await startPayment(order);
    iyzico.complete(token, 'review');
    // The browser comes back while iyzico's fraud check holds the payment: nothing is booked yet.
    const back = await callback(token);
    expect(back.headers.get('location')).toBe(`/en/orders/${order.id}?payment=success`);
    expect((await paymentRow(payment.id)).status).toBe('requires_action');
    expect((await readOrder(order)).payment_status).toBe('not_paid');
    // iyzico approves and notifies; the browser's reload after that changes nothing more.
    iyzico.forms.get(token)!.result!.fraudStatus = 1;
    const note = await sendNotification(token);
    expect((await note.json()).data.effect).toBe('paid');
    expect((await callback(token)).status).toBe(303);
    expect(await readOrder(order)).toMatchObject({ booking_status: 'booked', payment_status: 'paid' });
    expect(await confirmations(order.id)).toBe(1);
  });

  test('a charge that is not the order amount changes nothing', async () => {
    const order = await tryOrder();
    const { token, payment } = await startPayment(order);
    const form = iyzico.forms.get(token)!;
    // iyzico took one kuruş less than the order (the answer is signed correctly: only the amount is wrong).
    form.price = form.paidPrice = Math.round(form.paidPrice * 100 - 1) / 100;
    iyzico.complete(token, 'success');
    expect((await callback(token)).status).toBe(303);
    expect((await paymentRow(payment.id)).status).toBe('pending');
    expect((await readOrder(order)).payment_status).toBe('not_paid');
  });

  test('forged notifications, answers signed with another key, unknown or malformed tokens: 400, nothing changes', async () => {
    const order = await tryOrder();
    const { token, payment } = await startPayment(order);
    iyzico.complete(token, 'success');
    const forged = iyzico.notification(token, 'not-the-secret-key');
    const refused = await fetch(`${base}/v1/payments/webhooks/iyzico`, {
      method: 'POST',
      body: forged.body,
      headers: forged.headers,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.details.reason).toBe('bad signature');
    const unsigned = await sendNotification(token, { 'x-iyz-signature-v3': '' });
    expect(unsigned.status).toBe(400);
    // A man in the middle (or the wrong key): iyzico's answer does not verify.
    iyzico.control.corruptSignatures = true;
    try {
      const back = await callback(token);
      expect(back.status).toBe(400);
      expect((await back.json()).error.code).toBe('malformed_request');
    } finally {
      iyzico.control.corruptSignatures = false;
    }
    expect((await callback('0b9f0c8e-0000-4000-8000-000000000000')).status).toBe(400);
    expect((await callback('<script>')).status).toBe(400);
    const empty = await fetch(`${base}/v1/payments/iyzico/callback`, { method: 'POST', redirect: 'manual' });
    expect(empty.status).toBe(400);
    expect((await paymentRow(payment.id)).status).toBe('pending');
    expect((await readOrder(order)).payment_status).toBe('not_paid');
  });

  test('paid after the order expired (the traveller took too long): the money goes back automatically, once', async () => {
    const order = await tryOrder();
    const { token, payment } = await startPayment(order);
    // The traveller leaves the form open; the payment window ends and the seats are released.
    clock += 3 * 3600_000;
    await expireUnpaidOrders(db, new Date(clock));
    expect((await readOrder(order)).booking_status).toBe('cancelled');
    iyzico.complete(token, 'success');
    expect((await callback(token)).status).toBe(303);
    expect((await callback(token)).status).toBe(303);
    expect((await sendNotification(token)).status).toBe(200);
    const back = iyzico.refundsOf(payment.id);
    expect(back).toHaveLength(1);
    expect(Math.round(back[0]!.refundPrice * 100)).toBe(payment.amountMinor);
    const [refund] = await refundsOfPaymentId(db, payment.id);
    expect(refund).toMatchObject({
      reason: 'late_payment',
      status: 'succeeded',
      amountMinor: payment.amountMinor,
    });
    expect((await readOrder(order)).refund_status).toBe('refunded');
  });

  test('a cancelled booking is refunded through iyzico; asking again is the same refund', async () => {
    const order = await tryOrder();
    const { token, payment } = await startPayment(order);
    iyzico.complete(token, 'success');
    await callback(token);
    await cancelBooking(app, order);
    const [refund] = await refundsOfPaymentId(db, payment.id);
    expect(refund).toMatchObject({ reason: 'cancellation', status: 'succeeded' });
    expect(iyzico.refundsOf(payment.id).map((r) => Math.round(r.refundPrice * 100))).toEqual([
      refund!.amountMinor,
    ]);
    // The answer was lost and the refund is asked again: iyzico's list shows it, no second refund is made.
    const provider = providers.get('iyzico')!;
    const again = await provider.refund({
      refundId: refund!.id,
      paymentProviderRef: payment.id,
      amountMinor: refund!.amountMinor,
      currency: 'TRY',
    });
    expect(again).toEqual({ providerRef: refund!.providerRef, settled: true });
    expect(iyzico.refundsOf(payment.id)).toHaveLength(1);
    expect((await readOrder(order)).refund_status).toBe('refunded');
  });
});

describe('the callback endpoint', () => {
  test('is rate limited per client', async () => {
    const limited = await buildTestApi(db, {
      iyzico: { apiKey: API_KEY, secretKey: SECRET_KEY, baseUrl: iyzico.url },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 62; i++)
        statuses.push(
          (
            await limited.inject({
              method: 'POST',
              url: '/v1/payments/iyzico/callback',
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                ...visitorHeaders('203.0.113.7'),
              },
              payload: 'token=bad',
            })
          ).statusCode,
        );
      expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  test('is a 404 where iyzico is not configured', async () => {
    const plain = await buildTestApi(db);
    try {
      const response = await plain.inject({
        method: 'POST',
        url: '/v1/payments/iyzico/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'token=0b9f0c8e-0000-4000-8000-000000000000',
      });
      expect(response.statusCode).toBe(404);
      expect(
        (await plain.inject({ method: 'POST', url: '/v1/payments/webhooks/iyzico', payload: {} })).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('reconciliation with iyzico', () => {
  test('reports money iyzico took that we never heard of, a refund made there, and a charge of another amount', async () => {
    // What the tests above left: iyzico took money for two payments we do not have as paid — the charge of
    // one kuruş less, and the one whose answers were forged; every other payment agrees.
    // Each run a second after the one before (/metrics reads the latest).
    let run = 0;
    const reconcile = async () => {
      const at = new Date(clock + 3600_000 + ++run * 1000);
      return (await reconcilePayments({ db, now: () => at, providers, log })).get('iyzico') ?? [];
    };
    const before = await reconcile();
    expect(before.map((d) => d.kind)).toEqual(['missing_here', 'missing_here']);
    expect(before.map((d) => d.theirs!.amountMinor - d.ours!.amountMinor).sort()).toEqual([-1, 0]);
    const known = new Set(before.map((d) => d.paymentId));
    // A traveller paid, but neither the browser nor the notification ever reached us.
    const lost = await tryOrder();
    const { token, payment } = await startPayment(lost);
    iyzico.complete(token, 'success');
    // And on a paid order, someone refunded at iyzico's panel, not through the site.
    const paid = await tryOrder();
    const second = await startPayment(paid);
    iyzico.complete(second.token, 'success');
    await callback(second.token);
    const form = iyzico.forms.get(second.token)!;
    const refund = await fetch(`${iyzico.url}/v2/payment/refund`, { method: 'POST' }); // unsigned: refused
    expect(refund.status).toBe(401);
    await providers.get('iyzico')!.refund({
      refundId: '00000000-0000-4000-8000-00000000abcd',
      paymentProviderRef: form.conversationId,
      amountMinor: 100,
      currency: 'TRY',
    });
    logged.length = 0;
    const differences = await reconcile();
    const fresh = differences.filter((d) => !known.has(d.paymentId));
    expect(fresh.map((d) => [d.kind, d.paymentId]).sort()).toEqual(
      [
        ['missing_here', payment.id],
        ['refund', second.payment.id],
      ].sort(),
    );
    expect(logged.map((l) => l.msg).sort()).toEqual([
      'payment reconciliation: missing_here',
      'payment reconciliation: missing_here',
      'payment reconciliation: missing_here',
      'payment reconciliation: refund',
    ]);
    await collectReconciliations(db);
    const metrics = await registry.getSingleMetricAsString('parvoz_payment_reconciliation_differences');
    expect(metrics).toContain(
      'parvoz_payment_reconciliation_differences{provider="iyzico",kind="missing_here"} 3',
    );
    expect(metrics).toContain('parvoz_payment_reconciliation_differences{provider="iyzico",kind="refund"} 1');
    expect(metrics).toContain('parvoz_payment_reconciliation_differences{provider="iyzico",kind="amount"} 0');
    // The day's list was read page by page (two rows a page here).
    expect(
      iyzico.calls.filter((c) => c.path === '/v2/reporting/payment/transactions').length,
    ).toBeGreaterThan(2);
  });
});
