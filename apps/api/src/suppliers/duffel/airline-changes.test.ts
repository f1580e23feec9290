/**
 * Airline-initiated changes (issue 15 §1; services/airline-changes.ts) against the Duffel test server and PGlite:
 * the airline moves a booked order's flight; the supplier pass reads it from Duffel once, the order shows the
 * flights as booked and as they are now; the traveller accepts it (at Duffel, once); refusals and Duffel being
 * down change nothing; orders of the built-in network have none.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { Order } from '@parvoz/contracts/booking';
import type { Offer } from '@parvoz/core/search-types';
import { TEST_OFFER_SECRET } from '../../testing.ts';
import { ANON, bookingBody } from '../../booking-testing.ts';
import { pay, readOrder, tokenQuery, type Booked } from '../../after-sale-testing.ts';
import { syncAirlineChanges } from '../../services/airline-changes.ts';
import { createSupplierPaymentWorker } from '../../services/supplier-payments.ts';
import { createDuffelOrders, ORDER_METADATA_KEY } from './orders.ts';
import type { DuffelTestServer } from './testing/duffel-server.ts';
import { startDuffelTestApi } from './testing/duffel-api-testing.ts';

const TOKEN = 'duffel_test_changes0123456789';
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const now = () => new Date(clock);
let dayOffset = 20;
const nextDay = () => new Date(start + ++dayOffset * 86_400_000).toISOString().slice(0, 10);
const log = { warn: () => undefined, error: () => undefined };

let db: Database;
let app: FastifyInstance;
let server: DuffelTestServer;
let closeApi: () => Promise<void>;
let keys = 0;

beforeAll(async () => {
  ({ db, app, server, close: closeApi } = await startDuffelTestApi({ token: TOKEN, now }));
}, 120_000);

afterAll(async () => {
  await closeApi?.();
});

afterEach(() => {
  server.knobs.failWith = null;
});

const duffel = () =>
  createDuffelOrders({ accessToken: TOKEN, apiUrl: server.url, secret: TEST_OFFER_SECRET });
const sync = () => syncAirlineChanges({ db, duffel: duffel(), now, log });

async function searchOffers(): Promise<Offer[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: ANON,
    payload: {
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: nextDay() }],
      passengers: { adults: 1 },
      cabin_class: 'economy',
      currency: 'USD',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return expandSearchOffers(response.json().data) as Offer[];
}

async function bookDuffel(): Promise<{ order: Booked; atDuffel: (typeof server.orders)[number] }> {
  const offer = (await searchOffers()).find((o) => o.id.startsWith('dfl.'))!;
  const response = await app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...ANON, 'idempotency-key': `duffel-changes-${++keys}` },
    payload: bookingBody(offer),
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json().data as Booked;
  return { order, atDuffel: server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)! };
}

const accept = (order: Booked, changeId: string, token: string | undefined = order.access_token) =>
  app.inject({
    method: 'POST',
    url: `/v1/orders/${order.id}/airline_changes/${changeId}/actions/accept${tokenQuery(token)}`,
    headers: ANON,
  });
const acceptsAtDuffel = () =>
  server.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/air/airline_initiated_changes/'));

describe('airline-initiated changes of a Duffel order', () => {
  test('the airline moves the flight: read once, shown with the flights as booked and as they are now', async () => {
    const { order, atDuffel } = await bookDuffel();
    await pay(app, db, order, now());
    expect((await readOrder(app, order.id, order.access_token)).airline_changes).toEqual([]);
    server.airlineChange(atDuffel.id, 95);
    expect(await sync()).toBe(1);
    const seen = await readOrder(app, order.id, order.access_token);
    expect(seen.airline_changes).toHaveLength(1);
    const [change] = seen.airline_changes;
    const booked = order.slices[0]!.segments[0]!;
    expect(change!.id).toMatch(/^chg_/);
    expect(change!.removed).toEqual([
      {
        carrier: 'QP',
        flight_number: '4242',
        origin: 'TAS',
        destination: 'IST',
        departing_at: booked.departing_at,
        arriving_at: booked.arriving_at,
      },
    ]);
    // 23:10 in Tashkent (+05:00) moved by 95 minutes: 00:45 the next day.
    const day = booked.departing_at.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(change!.added[0]!.departing_at).toBe(`${next}T00:45:00+05:00`);
    expect(change).toMatchObject({ acceptable: true, action_taken: null, action_taken_at: null });
    // Read again: the same change, not a second one.
    expect(await sync()).toBe(0);
    expect((await readOrder(app, order.id, order.access_token)).airline_changes).toHaveLength(1);
  });

  test('the traveller accepts it: accepted at Duffel once, shown as accepted; again is the same answer', async () => {
    const { order, atDuffel } = await bookDuffel();
    const duffelChange = server.airlineChange(atDuffel.id, 30);
    await sync();
    const changeId = (await readOrder(app, order.id, order.access_token)).airline_changes[0]!.id;
    const before = acceptsAtDuffel().length;
    // Without the order's access: no such order.
    expect((await accept(order, changeId, 'x'.repeat(43))).statusCode).toBe(404);
    const accepted = await accept(order, changeId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const shown = (accepted.json().data as Order).airline_changes[0]!;
    expect(shown).toMatchObject({ acceptable: false, action_taken: 'accepted' });
    expect(shown.action_taken_at).not.toBeNull();
    expect(duffelChange.action_taken).toBe('accepted');
    expect(acceptsAtDuffel()).toHaveLength(before + 1);
    const again = await accept(order, changeId);
    expect(again.statusCode, again.body).toBe(200);
    expect(acceptsAtDuffel()).toHaveLength(before + 1);
    // Another order's change, or none: not found.
    const other = await bookDuffel();
    expect((await accept(other.order, changeId)).statusCode).toBe(404);
    expect((await accept(order, `chg_${'A'.repeat(22)}`)).statusCode).toBe(404);
  });

  test('Duffel down: 503 and nothing changed; one Duffel will not accept: 422', async () => {
    const { order, atDuffel } = await bookDuffel();
    const duffelChange = server.airlineChange(atDuffel.id, -20);
    await sync();
    const changeId = (await readOrder(app, order.id, order.access_token)).airline_changes[0]!.id;
    server.knobs.failWith = 'drop';
    const down = await accept(order, changeId);
    server.knobs.failWith = null;
    expect(down.statusCode, down.body).toBe(503);
    expect(duffelChange.action_taken).toBeNull();
    expect((await readOrder(app, order.id, order.access_token)).airline_changes[0]).toMatchObject({
      acceptable: true,
      action_taken: null,
    });
    // Duffel stops offering `accept` (e.g. handled with the airline) before we knew: refused, then read as such.
    duffelChange.available_actions = ['update'];
    const refused = await accept(order, changeId);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.details).toMatchObject({ reason: 'not_acceptable' });
    clock += 60_000;
    await sync();
    expect((await readOrder(app, order.id, order.access_token)).airline_changes[0]!.acceptable).toBe(false);
    expect((await accept(order, changeId)).statusCode).toBe(422);
  });

  test('Duffel unreachable while reading changes: nothing kept, read on a later run; the worker reads them', async () => {
    const { order, atDuffel } = await bookDuffel();
    server.airlineChange(atDuffel.id, 45);
    server.knobs.failWith = 503;
    expect(await sync()).toBe(0);
    server.knobs.failWith = null;
    expect((await readOrder(app, order.id, order.access_token)).airline_changes).toEqual([]);
    const worker = createSupplierPaymentWorker({ db, duffel: duffel(), now, log, reconcileEveryMs: 1 });
    await worker.runOnce();
    await worker.stop();
    expect((await readOrder(app, order.id, order.access_token)).airline_changes).toHaveLength(1);
  });

  test('an order of the built-in network has no airline changes', async () => {
    const offer = (await searchOffers()).find((o) => !o.id.startsWith('dfl.'))!;
    const response = await app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...ANON, 'idempotency-key': `duffel-changes-${++keys}` },
      payload: bookingBody(offer),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json().data as Order).airline_changes).toEqual([]);
  });
});
