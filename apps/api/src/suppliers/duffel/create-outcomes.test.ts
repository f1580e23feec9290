/**
 * Creating a Duffel order when the answer is not a plain 201, against the stand-in (./testing/duffel-server.ts,
 * ./testing/duffel-order-outcomes.ts, which name the pages they follow):
 * - Response handling (https://duffel.com/docs/api/overview/response-handling): 500, 502 and 202 are not to be
 *   retried: the order may exist at the airline. Our adapter creates once, then looks the order up by our key.
 * - Changelog, order_not_created (https://changelog.duffel.com/announcements/we-ve-added-a-new-error-code-for-when-an-order-is-not-created):
 *   a 502 with that code guarantees nothing was made: a plain refusal.
 * - List orders and pagination (https://duffel.com/docs/api/orders/list-orders,
 *   https://duffel.com/docs/api/overview/pagination): `limit` 1..200, `after`; no promised order, so the key is
 *   looked for on every page, and the reconciliation reads every page too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { FlightSupplier } from '@parvoz/core/supplier';
import { IDEMPOTENCY_METADATA_KEY, type DuffelBookingInput } from './orders.ts';
import type { SupplierOrders } from '../orders.ts';
import type { DuffelTestServer } from './testing/duffel-server.ts';
import { annaWithPassport, firstTasIstOfferId, startDuffelAdapters } from './testing/duffel-adapters.ts';
import { duffelOnlyFlight, otherAgencyOrder } from './testing/duffel-fixtures.ts';

const TOKEN = 'duffel_test_outcomes0123456789';
const SECRET = 'test-offer-secret-0123456789';
const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);

let server: DuffelTestServer;
let supplier: FlightSupplier;
let orders: SupplierOrders;

beforeAll(async () => {
  ({ server, supplier, orders } = await startDuffelAdapters({
    token: TOKEN,
    secret: SECRET,
    flights: [duffelOnlyFlight('300.00', '60.00')],
  }));
  // Other agencies' orders and older ones of ours: 450 of them, listed before any order made in a test (the list
  // promises no order; here ids sort them). An adapter that reads only the first pages never sees a new one.
  const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
  for (let n = 0; n < 450; n++)
    server.orders.push(otherAgencyOrder(`ord_0000000000000000000000${String(n).padStart(4, '0')}`, old));
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  server.knobs.createFault = null;
});

const anOfferId = () => firstTasIstOfferId(supplier, date);

const booking = (offerId: string, key: string): DuffelBookingInput => ({
  offerId,
  type: 'hold',
  idempotencyKey: key,
  ourOrderId: `ord_test_${key}`,
  contact: { email: 'anna@example.com', phone: '+998901234567' },
  passengers: [annaWithPassport('2031-01-01')],
});

const posts = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders').length;
const madeWith = (key: string) =>
  server.orders.filter((o) => o.metadata?.[IDEMPOTENCY_METADATA_KEY] === key && !o.cancelled_at);

describe('creating a Duffel order: at most once, whatever the answer', () => {
  test('a 500 after the order was made: found by its key past the first pages, not created again', async () => {
    const offerId = await anOfferId();
    server.knobs.createFault = { kind: 'error_after_create' };
    const before = posts();
    const result = await orders.book(booking(offerId, 'after-500'), Date.now());
    expect(posts()).toBe(before + 1);
    expect(madeWith('after-500')).toHaveLength(1);
    expect(result).toMatchObject({
      ok: true,
      booking: { orderId: madeWith('after-500')[0]!.id, replayed: true },
    });
  });

  test('a dropped connection after the order was made: found, not created again', async () => {
    const offerId = await anOfferId();
    server.knobs.createFault = { kind: 'drop_after_create' };
    const before = posts();
    const result = await orders.book(booking(offerId, 'after-drop'), Date.now());
    expect(posts()).toBe(before + 1);
    expect(madeWith('after-drop')).toHaveLength(1);
    expect(result).toMatchObject({ ok: true, booking: { replayed: true } });
  });

  test('a 500 and no order under the key: outcome unknown, never created a second time', async () => {
    const offerId = await anOfferId();
    server.knobs.createFault = { kind: 'error_before_create' };
    const before = posts();
    const result = await orders.book(booking(offerId, 'unknown-500'), Date.now());
    expect(result).toMatchObject({ ok: false, code: 'outcome_unknown' });
    expect(posts()).toBe(before + 1);
    expect(madeWith('unknown-500')).toHaveLength(0);
  });

  test('a 502 order_not_created: nothing was made, a refusal, not asked again', async () => {
    const offerId = await anOfferId();
    server.knobs.createFault = { kind: 'not_created' };
    const before = posts();
    const result = await orders.book(booking(offerId, 'not-created'), Date.now());
    expect(result).toMatchObject({ ok: false, code: 'offer_unavailable' });
    expect(posts()).toBe(before + 1);
  });

  test('a 202 is pending, not booked; once Duffel made it, the look-up by key finds it', async () => {
    const offerId = await anOfferId();
    server.knobs.createFault = { kind: 'accepted' };
    const before = posts();
    const result = await orders.book(booking(offerId, 'accepted'), Date.now());
    expect(result).toEqual({ ok: false, code: 'pending' });
    expect(posts()).toBe(before + 1);
    expect(await orders.findBooking('accepted')).toBeNull();
    server.settleAccepted('created', 'whsec');
    expect(await orders.findBooking('accepted')).toMatchObject({ ok: true, booking: { replayed: true } });
  });

  test('the reconciliation reads every page of a list in no promised order', async () => {
    const offerId = await anOfferId();
    const made = await orders.book(booking(offerId, 'listed'), Date.now());
    expect(made.ok).toBe(true);
    const ours = await orders.listOurOrders(new Date(Date.now() - 3_600_000));
    expect(ours.map((o) => o.idempotencyKey)).toContain('listed');
  });
});

describe('the stand-in lists orders as Duffel documents', () => {
  test('a limit outside 1..200 is refused with 422', async () => {
    for (const limit of ['0', '201', 'x']) {
      const answer = await fetch(`${server.url}/air/orders?limit=${limit}`, {
        headers: { authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2' },
      });
      expect(answer.status, limit).toBe(422);
    }
  });
});
