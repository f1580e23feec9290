/**
 * Booking a Duffel offer through our own POST /v1/orders (docs/duffel.md), against the Duffel test server (real HTTP on
 * loopback, Duffel's shapes) and PGlite: a `hold` order at Duffel with the passengers' documents and the contact,
 * the airline's booking reference on our order, no seats in our inventory; paid from the Duffel balance once the
 * traveller paid us; an expired offer, a changed price, a dropped connection after Duffel created the order (one
 * order there), a retry of the whole request; cancellation with Duffel's quote.
 */
import { describe, expect, test, vi } from 'vitest';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { Offer } from '@parvoz/core/search-types';
import { ANON, bookingBody, injectOrder } from '../../testing/booking.ts';
import { QUIET_LOG } from '../../testing/api.ts';
import {
  confirmCancellationRequest,
  pay,
  readOrder,
  requestCancellation,
  ticketText,
  type Booked,
} from '../../testing/after-sale.ts';
import { releaseLapsedHolds } from '../../modules/supplier-orders/index.ts';
import { expireUnpaidOrders } from '../../modules/orders/index.ts';
import { IDEMPOTENCY_METADATA_KEY, ORDER_METADATA_KEY } from './orders.ts';
import {
  REFUNDABLE_DUFFEL_ONLY_FLIGHT,
  paySuppliersAtDuffel,
  useDuffelSuite,
  searchDuffelOffer,
  duffelOrdersOn,
} from './testing/duffel-api-testing.ts';
import { ANNA_PASSPORT_AT_DUFFEL } from './testing/duffel-fixtures.ts';
import { queuedEmails } from '../../modules/mail/testing/outbox.ts';
import { cancellationsOf } from '../../modules/after-sale/testing/after-sale.ts';
import { countOrders, holdsOf, orderOf } from '../../modules/orders/testing/fixtures.ts';
import { refundBooksOf } from '../../modules/books/index.ts';

/** Each test searches its own date: a kept search answer would hand out an offer booked already. */
const { api, token, clock, now, nextDay, nextKey } = useDuffelSuite(
  { token: 'duffel_test_booking0123456789', firstDay: 20, keys: 'duffel-booking' },
  { flights: [REFUNDABLE_DUFFEL_ONLY_FLIGHT] },
);

/** A Duffel offer of a fresh search (its own date). */
const duffelOffer = () => searchDuffelOffer(api.app, { date: nextDay(), sort: 'cheapest' });

const postOrder = (body: object, key = nextKey()) => injectOrder(api.app, body, key);

const ordersPosted = () => api.server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders');
const rowOf = async (id: string) => (await orderOf(api.db, id))!;
/** The supplier-payment pass the order-expiry worker runs (a separate adapter on the same test server). */
const payAtDuffel = () => paySuppliersAtDuffel(api, token, now);

describe('booking a Duffel offer through POST /v1/orders', () => {
  test('a hold order at Duffel with the passengers and contact; the airline reference on our order; no seats of ours', async () => {
    const offer = await duffelOffer();
    const before = ordersPosted().length;
    const response = await postOrder(bookingBody(offer, { expected_total: offer.total_amount }));
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().data as Booked;
    expect(ordersPosted()).toHaveLength(before + 1);
    const sent = ordersPosted().at(-1)!.body!.data;
    expect(sent.type).toBe('hold');
    expect(sent.payments).toBeUndefined();
    expect(sent.metadata[ORDER_METADATA_KEY]).toBe(order.id);
    expect(sent.metadata[IDEMPOTENCY_METADATA_KEY]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The passenger as the booking form gave them, on Duffel's passenger id, with the passport and contact.
    expect(sent.passengers).toHaveLength(1);
    expect(sent.passengers[0]).toMatchObject({
      given_name: 'Anna',
      family_name: "Karimova-O'Neil",
      born_on: '1990-04-12',
      gender: 'f',
      title: 'ms',
      email: 'anna.karimova@example.com',
      phone_number: '+998901234567',
      identity_documents: [ANNA_PASSPORT_AT_DUFFEL],
    });
    expect(sent.passengers[0].id).toMatch(/^pas_/);
    const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    expect(order.supplier_booking_reference).toBe(atDuffel.booking_reference);
    expect(order.supplier_booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.booking_status).toBe('new');
    expect(order.total_amount).toBe('300.00');
    const row = await rowOf(order.id);
    expect(row).toMatchObject({
      supplier: 'duffel',
      supplierOrderId: atDuffel.id,
      supplierTotalAmount: '300.00',
      supplierCurrency: 'USD',
      supplierPaidAt: null,
    });
    // The supplier holds the seats: nothing in our seat inventory.
    expect(await holdsOf(api.db, order.id)).toEqual([]);
    // The order page reads it back.
    expect((await readOrder(api.app, order.id, order.access_token)).supplier_booking_reference).toBe(
      atDuffel.booking_reference,
    );
  });

  test('paid by the traveller (sandbox): Duffel is paid once from the balance, for the order total', async () => {
    const offer = await duffelOffer();
    const order = (await postOrder(bookingBody(offer))).json().data as Booked;
    const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    // Not paid at Duffel before the traveller pays.
    expect(await payAtDuffel()).toBe(0);
    expect(atDuffel.payment_status.awaiting_payment).toBe(true);
    await pay(api.app, api.db, order, now());
    // The payment webhook starts paying Duffel at once (no wait for the periodic pass).
    await vi.waitFor(() => expect(atDuffel.payment_status.awaiting_payment).toBe(false), {
      timeout: 10_000,
      interval: 20,
    });
    await vi.waitFor(async () => expect((await rowOf(order.id)).supplierPaidAt).not.toBeNull(), {
      timeout: 10_000,
      interval: 20,
    });
    const payments = api.server.payments.filter((p) => p.order_id === atDuffel.id);
    expect(payments).toEqual([
      expect.objectContaining({ type: 'balance', amount: '300.00', currency: 'USD' }),
    ]);
    expect((await rowOf(order.id)).supplierPaidAt).not.toBeNull();
    // Another pass pays nothing more.
    await payAtDuffel();
    expect(api.server.payments.filter((p) => p.order_id === atDuffel.id)).toHaveLength(1);
    const view = await readOrder(api.app, order.id, order.access_token);
    expect(view).toMatchObject({ booking_status: 'booked', payment_status: 'paid' });
    expect(view.supplier_booking_reference).toBe(atDuffel.booking_reference);
    // The confirmation email gives the airline's booking reference too (text and HTML), for the airline's site.
    const [confirmation] = await queuedEmails(api.db, { orderId: order.id, kind: 'order-confirmation' });
    expect(confirmation!.payload.text).toContain(`Airline booking reference: ${atDuffel.booking_reference}`);
    expect(confirmation!.payload.html).toContain(atDuffel.booking_reference);
  });

  test('a hold whose price moved at the airline is not paid from the balance (left for an operator)', async () => {
    // No price guarantee: the hold's price is the airline's current one, 320.00 (Duffel's hold guide).
    Object.assign(api.server.knobs.pay, { priceGuaranteeMs: 0, lapsedPriceFactor: 320 / 300 });
    try {
      const order = (await postOrder(bookingBody(await duffelOffer()))).json().data as Booked;
      const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
      await pay(api.app, api.db, order, now());
      await payAtDuffel();
      expect(api.server.payments.filter((p) => p.order_id === atDuffel.id)).toEqual([]);
      expect(atDuffel.payment_status.awaiting_payment).toBe(true);
      await vi.waitFor(async () => expect((await rowOf(order.id)).ticketingProblem).toBe('price_changed'));
      expect((await rowOf(order.id)).supplierPaidAt).toBeNull();
    } finally {
      Object.assign(api.server.knobs.pay, { priceGuaranteeMs: 86_400_000, lapsedPriceFactor: 1 });
    }
  });

  test('an expired offer: 410 offer_expired with the spec’s message; nothing booked at Duffel', async () => {
    const offer = await duffelOffer();
    const before = ordersPosted().length;
    clock.at += 2 * 60 * 60_000;
    try {
      const response = await postOrder(bookingBody(offer));
      expect(response.statusCode, response.body).toBe(410);
      expect(response.json().error).toMatchObject({
        code: 'offer_expired',
        message: 'Too much time has passed, the ticket has expired. Please try again',
      });
      expect(ordersPosted()).toHaveLength(before);
    } finally {
      clock.at = clock.start;
    }
  });

  test('a price changed at Duffel since the search: the price-change answer; nothing booked', async () => {
    const offer = await duffelOffer();
    const before = ordersPosted().length;
    api.server.knobs.priceFactor = 1.1;
    try {
      const response = await postOrder(bookingBody(offer, { expected_total: offer.total_amount }));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error).toMatchObject({
        code: 'unprocessable',
        details: { reason: 'price_changed', old_total: '300.00', new_total: '330.00', currency: 'USD' },
      });
      expect(ordersPosted()).toHaveLength(before);
    } finally {
      api.server.knobs.priceFactor = 1;
    }
  });

  test('Duffel created the order but the connection dropped: found by its key, one order at Duffel; a retry of the request answers it', async () => {
    const offer = await duffelOffer();
    const duffelOfferIds = () => new Set(api.server.orders.map((o) => o.offer_id));
    const ordersBefore = api.server.orders.length;
    api.server.knobs.dropAfterCreate = true;
    const key = nextKey('duffel-dropped');
    const first = await postOrder(bookingBody(offer), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(api.server.knobs.dropAfterCreate).toBe(false); // the drop happened
    expect(api.server.orders).toHaveLength(ordersBefore + 1);
    expect(duffelOfferIds().size).toBe(api.server.orders.length);
    const order = first.json().data as Booked;
    const atDuffel = api.server.orders.at(-1)!;
    expect(order.supplier_booking_reference).toBe(atDuffel.booking_reference);
    // The client retries the whole request with the same key: the same order, still one at Duffel.
    const again = await postOrder(bookingBody(offer), key);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(order.id);
    expect(api.server.orders).toHaveLength(ordersBefore + 1);
  });

  test('Duffel unreachable at booking: offer_unavailable, nothing recorded, the key free for a retry', async () => {
    const offer = await duffelOffer();
    const key = nextKey('duffel-down');
    const countBefore = await countOrders(api.db);
    api.server.knobs.failWith = 'drop';
    try {
      const refused = await postOrder(bookingBody(offer), key);
      // Re-pricing already fails: the offer cannot be confirmed now.
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.code).toBe('offer_unavailable');
    } finally {
      api.server.knobs.failWith = null;
    }
    expect(await countOrders(api.db)).toBe(countBefore);
    const retried = await postOrder(bookingBody(offer), key);
    expect(retried.statusCode, retried.body).toBe(201);
  });
});

describe('the e-ticket PDF', () => {
  test('shows the airline’s booking reference of a Duffel order (in the language asked); a built-in order has none', async () => {
    const offer = await duffelOffer();
    const order = (await postOrder(bookingBody(offer))).json().data as Booked;
    await pay(api.app, api.db, order, now());
    // The e-ticket once the airline has ticketed it (modules/supplier-orders/ticketing.ts).
    await payAtDuffel();
    await vi.waitFor(async () => expect((await rowOf(order.id)).bookingStatus).toBe('booked'));
    const reference = (await readOrder(api.app, order.id, order.access_token)).supplier_booking_reference!;
    expect(reference).toMatch(/^[A-Z0-9]{6}$/);
    const ru = await ticketText(api.app, order, 'ru');
    expect(ru).toContain('Код бронирования авиакомпании');
    expect(ru).toContain(reference);
    // Our own reference stays beside it.
    expect(ru).toContain(order.booking_reference);
    expect(await ticketText(api.app, order, 'en')).toMatch(
      new RegExp(`Airline booking reference\\n${reference}\\n`),
    );

    const builtin = (
      await api.app.inject({
        method: 'POST',
        url: '/v1/flights/search',
        headers: ANON,
        payload: {
          slices: [{ origin: 'TAS', destination: 'IST', departure_date: nextDay() }],
          passengers: { adults: 1 },
          cabin_class: 'economy',
          currency: 'USD',
        },
      })
    ).json().data;
    const ours = (expandSearchOffers(builtin) as Offer[]).find((o) => !o.id.startsWith('dfl.'))!;
    const plain = (await postOrder(bookingBody(ours))).json().data as Booked;
    await pay(api.app, api.db, plain, now());
    const text = await ticketText(api.app, plain, 'en');
    expect(text).toContain(plain.booking_reference);
    expect(text).not.toContain('Airline booking reference');
  });
});

describe('an unpaid Duffel order past its payment window', () => {
  test('is cancelled here and its hold given up at Duffel once; paid orders are untouched', async () => {
    const order = (await postOrder(bookingBody(await duffelOffer()))).json().data as Booked;
    const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    const deps = {
      db: api.db,
      supplier: duffelOrdersOn(api.server, token),
      now,
      log: QUIET_LOG,
    };
    // Within the window nothing is released.
    expect(await releaseLapsedHolds(deps)).toBe(0);
    clock.at += 21 * 60_000;
    try {
      expect(await expireUnpaidOrders(api.db, now())).toBeGreaterThanOrEqual(1);
      expect(await releaseLapsedHolds(deps)).toBeGreaterThanOrEqual(1);
      expect(atDuffel.cancelled_at).not.toBeNull();
      expect((await rowOf(order.id)).supplierCancelledAt).not.toBeNull();
      // Once: the next pass finds nothing more to release.
      expect(await releaseLapsedHolds(deps)).toBe(0);
    } finally {
      clock.at = clock.start;
    }
  });
});

describe('cancelling a Duffel order with Duffel’s quote', () => {
  const quote = (order: Booked) => requestCancellation(api.app, order.id, order.access_token);
  const confirm = (id: string, order: Booked) => confirmCancellationRequest(api.app, id, order.access_token);

  test('a paid order: the refund is Duffel’s quote (fare less the airline’s penalty); confirming cancels it at Duffel', async () => {
    const offer = await duffelOffer();
    const order = (await postOrder(bookingBody(offer))).json().data as Booked;
    await pay(api.app, api.db, order, now());
    await payAtDuffel();
    const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    const quoted = await quote(order);
    expect(quoted.statusCode, quoted.body).toBe(201);
    const cancellation = quoted.json().data;
    // Duffel: 300.00 paid, refundable less 50.00 → 250.00 back.
    expect(cancellation).toMatchObject({
      refund_amount: '250.00',
      refund_currency: 'USD',
      kept_amount: '50.00',
    });
    const duffelQuote = [...api.server.cancellations.values()].find((c) => c.order_id === atDuffel.id)!;
    expect(duffelQuote.confirmed_at).toBeNull();
    expect(atDuffel.cancelled_at).toBeNull();
    const confirmed = await confirm(cancellation.id, order);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(atDuffel.cancelled_at).not.toBeNull();
    const view = await readOrder(api.app, order.id, order.access_token);
    expect(view.booking_status).toBe('cancelled');
    expect(view.refunds).toEqual([expect.objectContaining({ amount: '250.00', currency: 'USD' })]);
    // The books: Duffel's quote returns 250.00 of its 300.00 to the agency's balance (margin after refunds).
    expect(await refundBooksOf(api.db, order.id)).toEqual([
      expect.objectContaining({ givenBackMinor: 25_000, supplierReturnedMinor: 25_000 }),
    ]);
    // Confirming again answers the same, Duffel untouched.
    const repeat = await confirm(cancellation.id, order);
    expect(repeat.statusCode).toBe(200);
  });

  test('an unpaid order: nothing to refund; the hold is cancelled at Duffel', async () => {
    const offer = await duffelOffer();
    const order = (await postOrder(bookingBody(offer))).json().data as Booked;
    const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    const cancellation = (await quote(order)).json().data;
    expect(cancellation).toMatchObject({ refund_amount: '0.00', refund_rule: 'nothing_paid' });
    expect((await confirm(cancellation.id, order)).statusCode).toBe(200);
    expect(atDuffel.cancelled_at).not.toBeNull();
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).toBe('cancelled');
    expect((await rowOf(order.id)).supplierCancelledAt).not.toBeNull();
    // A cancelled order is not paid at Duffel afterwards.
    expect(await payAtDuffel()).toBe(0);
  });

  test('Duffel unreachable when quoting: 503, no quote recorded', async () => {
    const offer = await duffelOffer();
    const order = (await postOrder(bookingBody(offer))).json().data as Booked;
    api.server.knobs.failWith = 'drop';
    try {
      const refused = await quote(order);
      expect(refused.statusCode, refused.body).toBe(503);
    } finally {
      api.server.knobs.failWith = null;
    }
    expect(await cancellationsOf(api.db, order.id)).toEqual([]);
  });
});
