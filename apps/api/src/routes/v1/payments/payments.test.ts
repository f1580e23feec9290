/**
 * Paying an order over real HTTP on loopback: the sandbox provider's card page (Luhn, expiry, CVC, holder;
 * success, decline and 3-D Secure cards), its signed webhook to the site, tickets, the confirmation email
 * with the e-ticket PDF, and the webhook's replay safety and signature checks.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '@parvoz/db';
import type { Offer } from '@parvoz/core/search-types';
import {
  TEST_PAYMENT_WEBHOOK_SECRET,
  MANY_ORDERS,
  startTestApi,
  memoryMailTransport,
} from '../../../testing/api.ts';
import type { OutgoingEmail } from '../../../adapters/mail/transport.ts';
import { ANON, bookingBody, isoDay, searchOffer } from '../../../testing/booking.ts';
import { sandboxWebhook } from '../../../payments/sandbox.ts';

import { expireUnpaidOrders } from '../../../modules/orders/index.ts';
import { countEmails, queuedEmails } from '../../../modules/mail/testing/outbox.ts';
import { paymentOf, paymentsOf, providerEventCount } from '../../../modules/payments/testing/payments.ts';
import { paymentRowsContaining } from '../../../modules/payments/testing/fixtures.ts';
import { orderOf, ordersContaining } from '../../../modules/orders/testing/fixtures.ts';

let app: FastifyInstance;
let db: Database;
let close: () => Promise<void>;
let base: string;
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const inbox: OutgoingEmail[] = [];
const memoryTransport = memoryMailTransport(inbox);
let offer: Offer; // round trip, 1 adult + 1 child + 1 infant
let keys = 0;

beforeAll(async () => {
  ({ app, db, close } = await startTestApi(MANY_ORDERS, {
    now: () => new Date(clock),
    mailTransport: memoryTransport,
  }));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  offer = await searchOffer(app, {
    date: isoDay(start, 40),
    returnDate: isoDay(start, 47),
    adults: 1,
    children: 1,
    infants: 1,
  });
}, 60_000);

afterAll(() => close?.());

type OrderView = {
  id: string;
  access_token: string;
  booking_reference: string;
  booking_status: string;
  payment_status: string;
  paid_at: string | null;
  payable: boolean;
  passengers: { tickets: { ticket_number: string; flight_key: string }[] }[];
};

async function newOrder(lang = 'en'): Promise<OrderView> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...ANON, 'idempotency-key': `pay-test-${++keys}-${Date.now()}` },
    payload: bookingBody(offer, { lang }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function getOrder(order: OrderView): Promise<OrderView> {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/orders/${order.id}?access_token=${order.access_token}`,
    headers: ANON,
  });
  return response.json().data;
}

async function startPayment(order: OrderView, body: object = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/orders/${order.id}/payments?access_token=${order.access_token}`,
    headers: ANON,
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

const VALID = { expiry: '12/30', cvc: '123', holder: 'ANNA KARIMOVA' };

async function submitCard(redirectUrl: string, fields: Record<string, string>) {
  return fetch(base + redirectUrl, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

describe('a booking whose answer is lost', () => {
  test('a retry with the same Idempotency-Key after a dropped connection gets the same single order', async () => {
    const key = `dropped-${Date.now()}`;
    const body = JSON.stringify(bookingBody(offer));
    const headers = { ...ANON, 'idempotency-key': key, 'content-type': 'application/json' };
    // The client sends the booking and hangs up before the answer comes.
    const controller = new AbortController();
    const first = fetch(`${base}/v1/orders`, { method: 'POST', body, headers, signal: controller.signal });
    const booked = async () =>
      (
        await db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${key} AND status = 'done'`,
        )
      ).rows[0]!.n;
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(first).rejects.toThrow();
    for (let i = 0; i < 200 && (await booked()) === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const retry = await fetch(`${base}/v1/orders`, { method: 'POST', body, headers });
    const again = await fetch(`${base}/v1/orders`, { method: 'POST', body, headers });
    expect(retry.status).toBe(201);
    const order = (await retry.json()).data;
    // The same order; each answer with a live access token of its own (only hashes are kept).
    const { access_token: _first, ...sameOrder } = order;
    const { access_token: _second, ...replayed } = (await again.json()).data;
    expect(replayed).toEqual(sameOrder);
    expect(order.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await orderOf(db, order.id)).toBeDefined();
  });
});

describe('the sandbox card page', () => {
  test('shows an accessible card form in the order language, with the amount, not cached, no scripts', async () => {
    const order = await newOrder('ru');
    const started = await startPayment(order);
    expect(started.status).toBe(201);
    const url: string = started.body.data.redirect_url;
    // The path names the payment session only: never the order's access token, not even encoded.
    expect(url).toMatch(/^\/v1\/sandbox-pay\/sbx_[A-Za-z0-9_-]{22}$/);
    expect(url).not.toContain(order.access_token);
    expect(Buffer.from(url.split('/').at(-1)!, 'base64url').toString('latin1')).not.toContain('access_token');
    // The same open session is given again.
    expect((await startPayment(order)).body.data.redirect_url).toBe(url);
    const page = await fetch(base + url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<label for="card_number">Номер карты</label>');
    expect(html).toContain('autocomplete="cc-number"');
    expect(html).toContain(order.booking_reference);
    expect(html).not.toContain('<script');
    const ticketPage = await fetch(`${base}/v1/sandbox-pay/forged.token`);
    expect(ticketPage.status).toBe(404);
  });

  test('refuses a bad card number, a past expiry, a short CVC and no holder, without echoing the card', async () => {
    const order = await newOrder();
    const url = (await startPayment(order)).body.data.redirect_url;
    const response = await submitCard(url, {
      card_number: '4242 4242 4242 4241',
      expiry: '10/26',
      cvc: '12',
      holder: ' ',
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    for (const field of ['card_number', 'expiry', 'cvc', 'holder']) {
      expect(html).toContain(`id="${field}-error"`);
    }
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('4241');
    // The same card with each field right passes the checks (expiry this month is still valid).
    const ok = await submitCard(url, {
      card_number: '4242424242424242',
      expiry: '11/26',
      cvc: '123',
      holder: 'Anna',
    });
    expect(ok.status).toBe(303);
  });

  test('a declined card leaves the order unpaid and says so; paying again opens a new session', async () => {
    const order = await newOrder();
    const url = (await startPayment(order)).body.data.redirect_url;
    const response = await submitCard(url, { card_number: '4000 0000 0000 0002', ...VALID });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/en/orders/${order.id}?payment=declined`);
    expect(await getOrder(order)).toMatchObject({
      booking_status: 'new',
      payment_status: 'not_paid',
      payable: true,
    });
    const [payment] = await paymentsOf(db, order.id);
    expect(payment!.status).toBe('failed');
    const again = await startPayment(order);
    expect(again.status).toBe(201);
    expect(again.body.data.redirect_url).not.toBe(url);
    expect((await fetch(base + url)).status).toBe(409);
  });

  test('the success card pays: booked, paid, 13-digit tickets, confirmation email with the e-ticket PDF', async () => {
    const order = await newOrder();
    const url = (await startPayment(order)).body.data.redirect_url;
    const response = await submitCard(url, { card_number: '4242424242424242', ...VALID });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/en/orders/${order.id}?payment=success`);
    const paid = await getOrder(order);
    expect(paid).toMatchObject({ booking_status: 'booked', payment_status: 'paid', payable: false });
    const flights = offer.slices.flatMap((s) => s.segments);
    const numbers = paid.passengers.flatMap((p) => p.tickets.map((t) => t.ticket_number));
    expect(numbers).toHaveLength(3 * flights.length);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n).toMatch(/^\d{13}$/);
    expect(paid.passengers[0]!.tickets.map((t) => t.flight_key)).toEqual(flights.map((f) => f.flight_key));

    await app.outbox.runOnce();
    const mail = inbox.find((m) => m.subject.includes(order.booking_reference) && m.attachments?.length);
    expect(mail).toBeDefined();
    expect(mail!.to).toBe('anna.karimova@example.com');
    expect(mail!.text).toContain(numbers[0]!);
    // The email's link has a token of its own; the booking's stays live beside it.
    const emailed = new RegExp(`/en/orders/${order.id}\\?access_token=([A-Za-z0-9_-]{43})`).exec(
      mail!.text,
    )?.[1];
    expect(emailed).toBeDefined();
    expect(emailed).not.toBe(order.access_token);
    expect((await getOrder({ ...order, access_token: emailed! })).id).toBe(order.id);
    expect((await getOrder(order)).id).toBe(order.id);
    expect(mail!.html).toContain(order.booking_reference);
    const pdf = Buffer.from(mail!.attachments![0]!.contentBase64, 'base64');
    expect(mail!.attachments![0]).toMatchObject({
      filename: `e-ticket-${order.booking_reference}.pdf`,
      contentType: 'application/pdf',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Paid: no new payment, the session is closed, the e-ticket downloads.
    const refused = await startPayment(order);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.reason).toBe('already_paid');
    expect((await fetch(base + url)).status).toBe(409);
    const ticket = await fetch(
      `${base}/v1/orders/${order.id}/ticket.pdf?access_token=${order.access_token}&lang=uz`,
    );
    expect(ticket.status).toBe(200);
    expect(ticket.headers.get('content-type')).toBe('application/pdf');
    expect(ticket.headers.get('content-disposition')).toContain(`e-ticket-${order.booking_reference}.pdf`);
    expect(
      Buffer.from(await ticket.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await fetch(`${base}/v1/orders/${order.id}/ticket.pdf`)).status).toBe(404);

    // The card number was never stored anywhere.
    expect((await paymentRowsContaining(db, '4242424242')) + (await ordersContaining(db, '4242424242'))).toBe(
      0,
    );
    // The emails, read through the mail module that owns them (docs/architecture.md), every column.
    const emails = await queuedEmails(db);
    expect(emails.filter((email) => JSON.stringify(email).includes('4242424242'))).toEqual([]);
  });

  test('the 3-D Secure card asks for a confirmation step; a forged step is refused', async () => {
    const order = await newOrder('tr');
    const url = (await startPayment(order)).body.data.redirect_url;
    const response = await submitCard(url, { card_number: '4000000000003220', ...VALID });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('3-D Secure');
    expect(html).toContain('name="decision" value="confirm"');
    const challenge = /name="challenge" value="([^"]+)"/.exec(html)![1]!;
    const [payment] = await paymentsOf(db, order.id);
    expect(payment!.status).toBe('requires_action');
    expect((await getOrder(order)).payment_status).toBe('not_paid');

    const forged = await submitCard(`${url}/3ds`, { challenge: `${challenge}x`, decision: 'confirm' });
    expect(forged.status).toBe(400);
    const confirmed = await submitCard(`${url}/3ds`, { challenge, decision: 'confirm' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toContain('payment=success');
    expect(await getOrder(order)).toMatchObject({ booking_status: 'booked', payment_status: 'paid' });
  });

  test('3-D Secure cancelled is a decline', async () => {
    const order = await newOrder();
    const url = (await startPayment(order)).body.data.redirect_url;
    const html = await (await submitCard(url, { card_number: '4000000000003220', ...VALID })).text();
    const challenge = /name="challenge" value="([^"]+)"/.exec(html)![1]!;
    const cancelled = await submitCard(`${url}/3ds`, { challenge, decision: 'cancel' });
    expect(cancelled.headers.get('location')).toContain('payment=declined');
    expect((await getOrder(order)).payment_status).toBe('not_paid');
  });
});

describe('starting a payment', () => {
  test('is refused once the payment window has ended or the order is cancelled; needs access', async () => {
    const order = await newOrder();
    const noAccess = await app.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/payments`,
      headers: ANON,
      payload: {},
    });
    expect(noAccess.statusCode).toBe(404);
    clock += 20 * 60_000;
    try {
      const late = await startPayment(order);
      expect(late.status).toBe(422);
      expect(late.body.error.details.reason).toBe('payment_window_closed');
      await expireUnpaidOrders(db, new Date(clock));
      const cancelled = await startPayment(order);
      expect(cancelled.body.error.details.reason).toBe('cancelled');
      expect(await getOrder(order)).toMatchObject({ booking_status: 'cancelled', payable: false });
    } finally {
      clock -= 20 * 60_000;
    }
  });
});

describe('POST /v1/payments/webhooks/sandbox', () => {
  async function openPayment() {
    const order = await newOrder();
    await startPayment(order);
    const [payment] = await paymentsOf(db, order.id);
    return { order, payment: payment! };
  }
  const deliver = (body: string, headers: Record<string, string>) =>
    fetch(`${base}/v1/payments/webhooks/sandbox`, { method: 'POST', body, headers });
  /** The sandbox's event of `type` about the payment, signed with `secret` at `at` (the real one, now, unless told). */
  const signedEvent = (
    payment: Awaited<ReturnType<typeof openPayment>>['payment'],
    type: 'payment.succeeded' | 'payment.failed',
    {
      id,
      at = clock,
      secret = TEST_PAYMENT_WEBHOOK_SECRET,
    }: { id?: string; at?: number; secret?: string } = {},
  ) =>
    sandboxWebhook(
      secret,
      {
        type,
        providerRef: payment.providerRef!,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        id,
      },
      new Date(at),
    );

  test('delivered 10 times, and out of order with a decline, changes the order exactly once', async () => {
    const { order, payment } = await openPayment();
    const success = signedEvent(payment, 'payment.succeeded', { id: 'evt_success_1' });
    const decline = signedEvent(payment, 'payment.failed', { id: 'evt_decline_1' });
    const outboxBefore = await countEmails(db, { kind: 'order-confirmation' });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(success.body, success.headers)),
      deliver(decline.body, decline.headers),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(11).fill(200));
    const effects = await Promise.all(answers.map(async (a) => (await a.json()).data.effect));
    expect(effects.filter((e) => e === 'paid')).toHaveLength(1);
    const paid = await getOrder(order);
    expect(paid).toMatchObject({ booking_status: 'booked', payment_status: 'paid' });
    const tickets = paid.passengers.flatMap((p) => p.tickets.map((t) => t.ticket_number));

    // Late replays of both, and the decline again: nothing changes.
    for (const w of [decline, success, decline]) expect((await deliver(w.body, w.headers)).status).toBe(200);
    const after = await getOrder(order);
    expect(after.paid_at).toBe(paid.paid_at);
    expect(after.passengers.flatMap((p) => p.tickets.map((t) => t.ticket_number))).toEqual(tickets);
    const row = await paymentOf(db, payment.id);
    expect(row!.status).toBe('succeeded');
    const outboxAfter = await countEmails(db, { kind: 'order-confirmation' });
    expect(outboxAfter - outboxBefore).toBe(1);
    expect(await providerEventCount(db, { eventIds: ['evt_success_1', 'evt_decline_1'] })).toBe(2);
  });

  test('a decline first, then the success, pays once', async () => {
    const { order, payment } = await openPayment();
    const decline = signedEvent(payment, 'payment.failed');
    const success = signedEvent(payment, 'payment.succeeded');
    expect((await (await deliver(decline.body, decline.headers)).json()).data.effect).toBe('failed');
    expect((await getOrder(order)).payment_status).toBe('not_paid');
    expect((await (await deliver(success.body, success.headers)).json()).data.effect).toBe('paid');
    expect((await getOrder(order)).payment_status).toBe('paid');
  });

  test('a forged, tampered, stale or missing signature is a 400 and changes nothing', async () => {
    const { order, payment } = await openPayment();
    const forged = signedEvent(payment, 'payment.succeeded', { secret: 'not-the-real-secret-0123456789' });
    const stale = signedEvent(payment, 'payment.succeeded', { at: clock - 6 * 60_000 });
    const future = signedEvent(payment, 'payment.succeeded', { at: clock + 6 * 60_000 });
    const good = signedEvent(payment, 'payment.succeeded');
    const tampered = good.body.replace(String(payment.amountMinor), '1');
    const cases: [string, Record<string, string>][] = [
      [forged.body, forged.headers],
      [stale.body, stale.headers],
      [future.body, future.headers],
      [tampered, good.headers],
      [good.body, { 'content-type': 'application/json' }],
      [good.body, { ...good.headers, 'parvoz-signature': 't=abc,v1=zz' }],
      ['not json', good.headers],
    ];
    for (const [body, headers] of cases) {
      const response = await deliver(body, headers);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('malformed_request');
    }
    expect(await getOrder(order)).toMatchObject({ payment_status: 'not_paid', booking_status: 'new' });
    expect(await providerEventCount(db, { providerRef: payment.providerRef! })).toBe(0);
    expect(
      (
        await fetch(`${base}/v1/payments/webhooks/nope`, {
          method: 'POST',
          body: good.body,
          headers: good.headers,
        })
      ).status,
    ).toBe(404);
    // The genuine one still works after all that.
    expect((await (await deliver(good.body, good.headers)).json()).data.effect).toBe('paid');
  });
});
