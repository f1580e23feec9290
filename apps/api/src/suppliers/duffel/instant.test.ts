/**
 * Offers the airline will not hold (`payment_requirements.requires_instant_payment`, docs/duffel.md "Offers that require instant payment";
 * docs/decisions/0017-duffel-supplier.md): shown in our search, booked here with no Duffel order, then booked at
 * Duffel as an `instant` order paid from the balance once the traveller has paid — exactly once, however the
 * payment's callback is repeated, the connection dropped or the passes race — and, when Duffel refuses at pay time
 * (price changed, offer gone), cancelled and refunded in full with the traveller told. Against the Duffel test
 * server (real HTTP on loopback) and PGlite.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Offer } from '@parvoz/core/search-types';
import { ANON, bookingBody, freshSearchDays, injectOrder } from '../../testing/booking.ts';
import { QUIET_LOG } from '../../testing/api.ts';
import { deliverWebhook, openPayment, pay, readOrder, type Booked } from '../../testing/after-sale.ts';
import { bookPaidOrders, paySuppliers } from '../../modules/supplier-orders/index.ts';
import { paidOrderIdempotencyKey } from '../../modules/supplier-orders/index.ts';
import { IDEMPOTENCY_METADATA_KEY, ORDER_METADATA_KEY } from './orders.ts';
import { useDuffelTestApi, searchDuffelOffer, duffelOrdersOn } from './testing/duffel-api-testing.ts';
import { queuedEmails } from '../../modules/mail/testing/outbox.ts';
import { refundsOf } from '../../modules/payments/testing/payments.ts';
import { holdsOf, orderOf } from '../../modules/orders/testing/fixtures.ts';

const TOKEN = 'duffel_test_instant0123456789';
const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);
const nextDay = freshSearchDays(start, 40);

let keys = 0;

const api = useDuffelTestApi({ token: TOKEN, now });

afterEach(() => {
  api.server.knobs.instantPaymentOnly = false;
  api.server.knobs.priceFactor = 1;
  api.server.knobs.dropAfterCreate = false;
  api.server.knobs.failWith = null;
  api.server.knobs.delayMs = 0;
});

/** A Duffel offer of a fresh search whose airline requires instant payment. */
async function instantOffer(): Promise<Offer> {
  api.server.knobs.instantPaymentOnly = true;
  try {
    return await searchDuffelOffer(api.app, { date: nextDay() });
  } finally {
    api.server.knobs.instantPaymentOnly = false;
  }
}

async function book(offer: Offer): Promise<Booked> {
  const response = await injectOrder(
    api.app,
    bookingBody(offer, { expected_total: offer.total_amount }),
    `duffel-instant-${++keys}`,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Booked;
}

const ordersPosted = () => api.server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders');
const duffelOrdersOf = (orderId: string) =>
  api.server.orders.filter((o) => o.metadata?.[ORDER_METADATA_KEY] === orderId);
const rowOf = async (id: string) => (await orderOf(api.db, id))!;
const mailsOf = async (prefix: string) => queuedEmails(api.db, { dedupeKeyPrefix: prefix });
/** Another instance's supplier pass: its own adapter on the same test server and database. */
const otherPass = () =>
  bookPaidOrders({
    db: api.db,
    supplier: duffelOrdersOn(api.server, TOKEN),
    now,
    log: QUIET_LOG,
  });
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

describe('offers that require instant payment', () => {
  test('are in the search and marked on the booking page; booking asks Duffel for no order and waits no longer than the offer', async () => {
    const offer = await instantOffer();
    const page = await api.app.inject({ method: 'GET', url: `/v1/offers/${offer.id}`, headers: ANON });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.payment_requirements).toEqual({ requires_instant_payment: true });
    const before = ordersPosted().length;
    const order = await book(offer);
    expect(ordersPosted()).toHaveLength(before);
    expect(order).toMatchObject({
      booking_status: 'new',
      payment_status: 'not_paid',
      supplier_booking_reference: null,
      total_amount: '300.00',
    });
    const row = await rowOf(order.id);
    expect(row).toMatchObject({
      supplier: 'duffel',
      supplierOrderId: null,
      supplierTotalAmount: '300.00',
      supplierCurrency: 'USD',
    });
    const duffelOffer = [...api.server.offers.values()].find(
      (o) => o.payment_requirements.requires_instant_payment,
    )!;
    expect(row.paymentDeadline.getTime()).toBeLessThanOrEqual(Date.parse(duffelOffer.expires_at));
    expect(row.paymentDeadline.getTime()).toBeLessThanOrEqual(Date.parse(offer.expires_at));
    // No seats of ours are held for it either.
    expect(await holdsOf(api.db, order.id)).toEqual([]);
  });

  test('paying books one instant order at Duffel from the balance; booked here with the airline reference; a repeated callback books nothing more', async () => {
    const order = await book(await instantOffer());
    const payment = await openPayment(api.app, api.db, order);
    const event = {
      id: `evt_instant_${order.id}`,
      type: 'payment.succeeded' as const,
      providerRef: payment.providerRef!,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
    };
    expect((await deliverWebhook(api.app, now(), event)).effect).toBe('paid');
    await waitFor(async () => expect((await rowOf(order.id)).bookingStatus).toBe('booked'));
    const atDuffel = duffelOrdersOf(order.id);
    expect(atDuffel).toHaveLength(1);
    const sent = ordersPosted().findLast((r) => r.body?.data?.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    expect(sent.body!.data).toMatchObject({
      type: 'instant',
      payments: [{ type: 'balance', amount: '300.00', currency: 'USD' }],
      metadata: {
        [ORDER_METADATA_KEY]: order.id,
        [IDEMPOTENCY_METADATA_KEY]: paidOrderIdempotencyKey(order.id),
      },
    });
    expect(sent.body!.data.passengers[0]).toMatchObject({
      given_name: 'Anna',
      born_on: '1990-04-12',
      identity_documents: [{ type: 'passport', unique_identifier: 'FA1234567', issuing_country_code: 'UZ' }],
    });
    const read = await readOrder(api.app, order.id, order.access_token);
    expect(read).toMatchObject({
      booking_status: 'booked',
      payment_status: 'paid',
      supplier_booking_reference: atDuffel[0]!.booking_reference,
      refund_status: 'none',
    });
    expect(read.passengers[0]!.tickets.length).toBeGreaterThan(0);
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ supplierOrderId: atDuffel[0]!.id, supplierBookingClaimedAt: null });
    expect(row.supplierPaidAt).not.toBeNull();
    expect(await mailsOf(`order-confirmation:${order.id}`)).toHaveLength(1);
    // The provider's callback again (the same event), and another event for the same payment: nothing more.
    expect((await deliverWebhook(api.app, now(), event)).effect).toBe('duplicate');
    expect((await deliverWebhook(api.app, now(), { ...event, id: `${event.id}_2` })).effect).toBe('ignored');
    expect(await otherPass()).toBe(0);
    expect(duffelOrdersOf(order.id)).toHaveLength(1);
    expect(await mailsOf(`order-confirmation:${order.id}`)).toHaveLength(1);
  });

  test('a dropped connection after Duffel created the order: found by its key, one order there, booked here', async () => {
    const order = await book(await instantOffer());
    api.server.knobs.dropAfterCreate = true;
    await pay(api.app, api.db, order, now());
    await waitFor(async () => expect((await rowOf(order.id)).bookingStatus).toBe('booked'));
    expect(duffelOrdersOf(order.id)).toHaveLength(1);
    expect((await rowOf(order.id)).supplierOrderId).toBe(duffelOrdersOf(order.id)[0]!.id);
  });

  test('Duffel unreachable at pay time: paid and waiting (no second payment, no expiry); the next pass books it once', async () => {
    const order = await book(await instantOffer());
    const lookups = () =>
      api.server.requests.filter((r) => r.path.startsWith('/air/orders') && r.method === 'GET');
    const asked = lookups().length;
    api.server.knobs.failWith = 503;
    await pay(api.app, api.db, order, now());
    // The pass the payment kicked asked Duffel (its key's look-up failed) and let its claim go.
    await waitFor(() => expect(lookups().length).toBeGreaterThan(asked));
    await waitFor(async () => expect((await rowOf(order.id)).supplierBookingClaimedAt).toBeNull());
    const waiting = await readOrder(api.app, order.id, order.access_token);
    expect(waiting).toMatchObject({ booking_status: 'new', payment_status: 'paid', payable: false });
    expect(waiting.passengers[0]!.tickets).toEqual([]);
    const again = await api.app.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/payments?access_token=${encodeURIComponent(order.access_token)}`,
      headers: ANON,
      payload: {},
    });
    expect(again.statusCode).toBe(422);
    expect(duffelOrdersOf(order.id)).toHaveLength(0);
    api.server.knobs.failWith = null;
    expect(await otherPass()).toBe(1);
    expect(duffelOrdersOf(order.id)).toHaveLength(1);
    // Booked at Duffel; ticketed here once its e-tickets are read (modules/supplier-orders/ticketing.ts).
    await paySuppliers({ db: api.db, supplier: duffelOrdersOn(api.server, TOKEN), now, log: QUIET_LOG });
    expect((await rowOf(order.id)).bookingStatus).toBe('booked');
  });

  test('two passes at once (two instances): one claims the order, one instant order at Duffel', async () => {
    const order = await book(await instantOffer());
    api.server.knobs.delayMs = 300;
    await pay(api.app, api.db, order, now());
    // The payment kicked this instance's pass; another instance's pass runs meanwhile.
    const settled = await Promise.all([otherPass(), otherPass()]);
    await waitFor(async () => expect((await rowOf(order.id)).bookingStatus).toBe('booked'));
    expect(settled.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    expect(duffelOrdersOf(order.id)).toHaveLength(1);
    expect(await mailsOf(`order-confirmation:${order.id}`)).toHaveLength(1);
  });

  test.each([
    ['the price changed at the airline', () => void (api.server.knobs.priceFactor = 1.1)],
    ['the offer is gone at the airline', () => api.server.expireOffers()],
  ])(
    'refused at pay time (%s): no order at Duffel, cancelled, refunded in full, the traveller told once',
    async (_, refuse) => {
      const order = await book(await instantOffer());
      const before = ordersPosted().length;
      refuse();
      await pay(api.app, api.db, order, now());
      await waitFor(async () => expect((await rowOf(order.id)).bookingStatus).toBe('cancelled'));
      expect(ordersPosted().length).toBe(before);
      expect(duffelOrdersOf(order.id)).toHaveLength(0);
      const read = await readOrder(api.app, order.id, order.access_token);
      expect(read).toMatchObject({
        booking_status: 'cancelled',
        payment_status: 'paid',
        supplier_booking_reference: null,
        cancellable: false,
      });
      expect(read.refund_status).not.toBe('none');
      expect(read.refunds).toEqual([
        expect.objectContaining({ amount: '300.00', currency: 'USD', reason: 'supplier_refused' }),
      ]);
      expect(read.passengers[0]!.tickets).toEqual([]);
      const refunds = await refundsOf(api.db, order.id);
      expect(refunds).toHaveLength(1);
      expect(await mailsOf(`supplier-refused-refund:${order.id}`)).toHaveLength(1);
      expect(await mailsOf(`order-confirmation:${order.id}`)).toHaveLength(0);
      // Nothing more on the next passes.
      expect(await otherPass()).toBe(0);
      expect((await refundsOf(api.db, order.id)).filter((r) => r.reason === 'supplier_refused')).toHaveLength(
        1,
      );
    },
  );
});
