/**
 * Booking at Duffel against the test server: the idempotency key the supplier sees (order metadata), one order
 * after a retry following a dropped connection, a price changed since the search, an offer gone, passengers on
 * the offer's ids, cancellation with a quote.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { IDEMPOTENCY_METADATA_KEY, type DuffelBookingInput, type DuffelOrders } from './orders.ts';
import type { DuffelTestServer } from './testing/duffel-server.ts';
import { firstTasIstOfferId, HY_601_FLIGHT, startDuffelAdapters } from './testing/duffel-adapters.ts';
import { duffelPassenger, postDuffelOrder } from './testing/duffel-fixtures.ts';

const TOKEN = 'duffel_test_orders0123456789';
const SECRET = 'test-offer-secret-0123456789';
const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
let server: DuffelTestServer;
let orders: DuffelOrders;
let search: (passengers: { adults: number; children?: number; infants?: number }) => Promise<string>;

beforeAll(async () => {
  const started = await startDuffelAdapters({
    token: TOKEN,
    secret: SECRET,
    flights: [
      { ...HY_601_FLIGHT, refund: { allowed: true, penalty_amount: '50.00', penalty_currency: 'USD' } },
    ],
  });
  ({ server, orders } = started);
  search = (passengers) => firstTasIstOfferId(started.supplier, date, passengers);
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  server.knobs.priceFactor = 1;
  server.knobs.dropAfterCreate = false;
  server.knobs.failWith = null;
  server.knobs.instantPaymentOnly = false;
});

const traveller = (type: 'adult' | 'child' | 'infant', given: string, born: string) => ({
  type,
  given_name: given,
  family_name: 'Karimova',
  born_on: born,
  gender: 'female' as const,
  document: { number: `FA${given.length}234567`, expires_on: '2036-01-31', issuing_country_code: 'UZ' },
});

const input = (offerId: string, key: string, over: Partial<DuffelBookingInput> = {}): DuffelBookingInput => ({
  offerId,
  passengers: [traveller('adult', 'Anna', '1990-04-12')],
  contact: { email: 'anna@example.com', phone: '+998 90 123 45 67' },
  idempotencyKey: key,
  type: 'instant',
  ...over,
});

describe('booking at Duffel', () => {
  test('creates an instant order paid from the balance, our key in its metadata, passengers on the offer’s ids', async () => {
    const offerId = await search({ adults: 2, infants: 1 });
    const before = server.orders.length;
    const result = await orders.book(
      input(offerId, 'key-family', {
        passengers: [
          traveller('adult', 'Anna', '1990-04-12'),
          traveller('adult', 'Bobur', '1988-01-02'),
          // Born a year before the flight's year: under 2 then, and never in the future (Duffel refuses that).
          traveller('infant', 'Cem', `${Number(date.slice(0, 4)) - 1}-01-01`),
        ],
      }),
      Date.now(),
    );
    expect(result.ok).toBe(true);
    const booking = (result as Extract<typeof result, { ok: true }>).booking;
    expect(booking).toMatchObject({ replayed: false, totalCurrency: 'USD', totalAmount: '420.00' });
    expect(booking.bookingReference).toMatch(/^[A-Z0-9]{6}$/);
    expect(server.orders).toHaveLength(before + 1);
    const order = server.orders.at(-1)!;
    expect(order.metadata).toEqual({ [IDEMPOTENCY_METADATA_KEY]: 'key-family' });
    const sent = server.requests.findLast((r) => r.method === 'POST' && r.path === '/air/orders')!.body!.data;
    expect(sent.payments).toEqual([{ type: 'balance', amount: '420.00', currency: 'USD' }]);
    expect(sent.passengers[0]).toMatchObject({ gender: 'f', title: 'ms', phone_number: '+998901234567' });
    expect(sent.passengers[0].identity_documents[0]).toMatchObject({
      type: 'passport',
      issuing_country_code: 'UZ',
    });
    // The infant sits on the first adult's lap.
    expect(sent.passengers[0].infant_passenger_id).toBe(sent.passengers[2].id);
  });

  test('a retry after a dropped connection finds the order by its key: one order at the supplier', async () => {
    const offerId = await search({ adults: 1 });
    const before = server.orders.length;
    server.knobs.dropAfterCreate = true;
    const first = await orders.book(input(offerId, 'key-dropped'), Date.now());
    // The answer was lost; the adapter looked the key up and found the order the first call made.
    expect(first).toMatchObject({ ok: true, booking: { replayed: true } });
    expect(server.orders).toHaveLength(before + 1);
    // The caller's own retry (same key) gets the same order again, and still one order exists.
    const again = await orders.book(input(offerId, 'key-dropped'), Date.now());
    expect(again).toMatchObject({ ok: true, booking: { replayed: true } });
    expect((again as { booking: { orderId: string } }).booking.orderId).toBe(
      (first as { booking: { orderId: string } }).booking.orderId,
    );
    expect(server.orders).toHaveLength(before + 1);
    expect(
      server.orders.filter((o) => o.metadata?.[IDEMPOTENCY_METADATA_KEY] === 'key-dropped'),
    ).toHaveLength(1);
  });

  test('another key for an offer already booked is refused (the offer is gone), nothing booked', async () => {
    const offerId = await search({ adults: 1 });
    expect((await orders.book(input(offerId, 'key-a'), Date.now())).ok).toBe(true);
    const before = server.orders.length;
    expect(await orders.book(input(offerId, 'key-b'), Date.now())).toMatchObject({
      ok: false,
      code: 'offer_unavailable',
    });
    expect(server.orders).toHaveLength(before);
  });

  test('a price changed since the traveller saw it, or passengers that are not the offer’s, book nothing', async () => {
    const offerId = await search({ adults: 1 });
    const before = server.orders.length;
    server.knobs.priceFactor = 1.2;
    expect(await orders.book(input(offerId, 'key-price'), Date.now(), '200.00')).toMatchObject({
      ok: false,
      code: 'price_changed',
      detail: { total: '240.00', currency: 'USD' },
    });
    server.knobs.priceFactor = 1;
    expect(
      await orders.book(
        input(offerId, 'key-pax', {
          passengers: [traveller('adult', 'Anna', '1990-04-12'), traveller('child', 'Dana', '2018-05-05')],
        }),
        Date.now(),
      ),
    ).toMatchObject({ ok: false, code: 'invalid_passengers' });
    expect(server.orders).toHaveLength(before);
  });

  test('an offer that requires instant payment is not held: refused before asking Duffel, which would refuse too', async () => {
    const offerId = await search({ adults: 1 });
    for (const offer of server.offers.values())
      offer.payment_requirements = {
        requires_instant_payment: true,
        price_guarantee_expires_at: null,
        payment_required_by: null,
      };
    const posted = () =>
      server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders').length;
    const before = posted();
    const offer = [...server.offers.values()].at(-1)!;
    // With the terms to book it as an `instant` order once the traveller has paid (modules/supplier-orders/booking.ts).
    expect(await orders.book(input(offerId, 'key-instant-hold', { type: 'hold' }), Date.now())).toEqual({
      ok: false,
      code: 'instant_payment_required',
      instant: {
        totalAmount: offer.total_amount,
        totalCurrency: offer.total_currency,
        expiresAt: offer.expires_at,
      },
    });
    expect(posted()).toBe(before);
    // The test server plays Duffel's refusal of such a hold, so the guard is not the only thing between us and it.
    const duffelOfferId = server.requests
      .findLast((r) => r.path.startsWith('/air/offers/'))!
      .path.split('/')
      .at(-1)!;
    const response = await postDuffelOrder(server, TOKEN, {
      selected_offers: [duffelOfferId],
      type: 'hold',
      passengers: server.offers
        .get(duffelOfferId)!
        .passengers.map((p: { id: string }) => duffelPassenger(p.id)),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(
      /requires instant payment/,
    );
    // Paid at once (an instant order), it is taken.
    expect(await orders.book(input(offerId, 'key-instant-pay'), Date.now())).toMatchObject({ ok: true });
  });

  test('expired or forged ids book nothing', async () => {
    const offerId = await search({ adults: 1 });
    expect(await orders.book(input(offerId, 'key-late'), Date.now() + 3_600_000)).toMatchObject({
      ok: false,
      code: 'offer_expired',
    });
    expect(await orders.book(input(`${offerId}x`, 'key-forged'), Date.now())).toMatchObject({
      ok: false,
      code: 'offer_not_found',
    });
  });
});

describe('cancelling at Duffel', () => {
  test('a quote says what comes back (less the airline’s penalty); confirming cancels the order', async () => {
    const offerId = await search({ adults: 1 });
    const booked = await orders.book(input(offerId, 'key-cancel'), Date.now());
    const orderId = (booked as { booking: { orderId: string } }).booking.orderId;
    const quote = await orders.quoteCancellation(orderId);
    expect(quote).toMatchObject({
      orderId,
      refundAmount: '150.00',
      refundCurrency: 'USD',
      confirmedAt: null,
    });
    expect(server.orders.find((o) => o.id === orderId)!.cancelled_at).toBeNull();
    const confirmed = await orders.confirmCancellation(quote.id);
    expect(confirmed.confirmedAt).not.toBeNull();
    expect(server.orders.find((o) => o.id === orderId)!.cancelled_at).toBe(confirmed.confirmedAt);
  });
});
