/**
 * Cancelling an unpaid order (docs/operations.md#unpaid-holds-and-order-links) through HTTP (inject, PGlite):
 * a pending cancellation, then its confirmation, which cancels the order and puts its seats on sale again at
 * once; who may (the signed-in owner, the holder of a live access token) and who gets 404; bad input; the
 * rate limit.
 */
import { describe, expect, test } from 'vitest';
import { holdSeats } from '@parvoz/db';
import type { Offer } from '@parvoz/core/search-types';
import { orderCancellationSchema } from '@parvoz/contracts/order-cancellations';
import { buildTestApi, MANY_ORDERS, useTestApi, memoryMailTransport } from '../../../testing/api.ts';
import type { OutgoingEmail } from '../../../adapters/mail/transport.ts';
import { ANON, bookingBody, isoDay, searchOffer } from '../../../testing/booking.ts';
import {
  askForOrderLink,
  notTheHolder,
  confirmCancellationRequest,
  requestCancellation,
  startPayment,
  tokenQuery,
  signInByEmail,
} from '../../../testing/after-sale.ts';
import { ROUTE_LIMITS } from '../../../rate-limit.ts';
import { searchEngineFor } from '../../../modules/search/index.ts';
import { paymentsOf } from '../../../modules/payments/testing/payments.ts';
import { holdsOf, orderOf, setOrderColumns } from '../../../modules/orders/testing/fixtures.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const inbox: OutgoingEmail[] = [];
const memoryTransport = memoryMailTransport(inbox);
let keys = 0;

const api = useTestApi(MANY_ORDERS, {
  now: () => new Date(clock),
  mailTransport: memoryTransport,
});

type Booked = { id: string; access_token: string; booking_reference: string };

async function book(offer: Offer, headers: Record<string, string> = ANON): Promise<Booked> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...headers, 'idempotency-key': `cancel-test-${++keys}` },
    payload: bookingBody(offer),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const askToCancel = (orderId: unknown, token?: string, headers?: Record<string, string>) =>
  requestCancellation(api.app, orderId, token, headers);
const confirm = (id: string, token?: string, headers?: Record<string, string>) =>
  confirmCancellationRequest(api.app, id, token, headers);

const signIn = (email: string) => signInByEmail(api.app, inbox, email);

describe('cancelling an unpaid order', () => {
  test('puts its seats on sale again at once: the offer shows them available', async () => {
    // A flight with only 9 seats left, so that offers say how many remain (seats_left).
    const offer = await searchOffer(api.app, { date: isoDay(start, 40), adults: 5 });
    const segment = offer.slices[0]!.segments[0]!;
    const schedule = searchEngineFor('parvoz').schedule;
    const capacity = schedule.capacity(schedule.resolveKey(segment.flight_key)!.slot, segment.cabin_class);
    await holdSeats(api.db, [
      { flightKey: segment.flight_key, cabin: segment.cabin_class, seats: capacity - 9, capacity },
    ]);
    const seatsLeft = async () => {
      const single = await searchOffer(api.app, { date: isoDay(start, 40) });
      const read = await api.app.inject({ method: 'GET', url: `/v1/offers/${single.id}`, headers: ANON });
      return read.json().data.seats_left as number;
    };
    expect(await seatsLeft()).toBe(9);
    const order = await book(offer);
    expect(await seatsLeft()).toBe(4);

    const pending = await askToCancel(order.id, order.access_token);
    expect(pending.statusCode).toBe(201);
    const quote = orderCancellationSchema.parse(pending.json().data);
    expect(quote).toMatchObject({
      order_id: order.id,
      refund_amount: '0.00',
      refund_currency: 'USD',
      confirmed_at: null,
    });
    expect(quote.id).toMatch(/^ocn_[A-Za-z0-9_-]{24}$/);
    expect(Date.parse(quote.expires_at) - clock).toBe(10 * 60_000);
    // Pending changes nothing yet.
    expect(await seatsLeft()).toBe(4);

    const done = await confirm(quote.id, order.access_token);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ id: quote.id, confirmed_at: new Date(clock).toISOString() });
    expect(await seatsLeft()).toBe(9);
    const read = await api.app.inject({
      method: 'GET',
      url: `/v1/orders/${order.id}${tokenQuery(order.access_token)}`,
      headers: ANON,
    });
    expect(read.json().data).toMatchObject({
      booking_status: 'cancelled',
      payment_status: 'not_paid',
      payable: false,
    });
    const row = await orderOf(api.db, order.id);
    expect(row!.cancelledAt).toEqual(new Date(clock));
    const holds = await holdsOf(api.db, order.id);
    expect(holds.every((h) => h.releasedAt !== null)).toBe(true);

    // Confirming again answers the same and releases nothing more; paying or cancelling again is refused.
    const again = await confirm(quote.id, order.access_token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.confirmed_at).toBe(done.json().data.confirmed_at);
    expect(await seatsLeft()).toBe(9);
    const pay = await startPayment(api.app, order);
    expect(pay.statusCode).toBe(422);
    const twice = await askToCancel(order.id, order.access_token);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.details.reason).toBe('already_cancelled');
  });

  test('closes its open card page', async () => {
    const offer = await searchOffer(api.app, { date: isoDay(start, 41) });
    const order = await book(offer);
    const started = await startPayment(api.app, order);
    const cardPage = started.json().data.redirect_url as string;
    expect((await api.app.inject({ method: 'GET', url: cardPage })).statusCode).toBe(200);
    const quote = (await askToCancel(order.id, order.access_token)).json().data;
    expect((await confirm(quote.id, order.access_token)).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: cardPage })).statusCode).toBe(409);
    const payments = await paymentsOf(api.db, order.id);
    expect(payments.map((p) => p.status)).toEqual(['cancelled']);
  });

  test('a pending cancellation expires after 10 minutes', async () => {
    const offer = await searchOffer(api.app, { date: isoDay(start, 42) });
    const order = await book(offer);
    const quote = (await askToCancel(order.id, order.access_token)).json().data;
    clock += 10 * 60_000;
    const late = await confirm(quote.id, order.access_token);
    expect(late.statusCode).toBe(422);
    expect(late.json().error.details.reason).toBe('cancellation_expired');
    // A new one works (the order is still in its payment window).
    const fresh = (await askToCancel(order.id, order.access_token)).json().data;
    expect((await confirm(fresh.id, order.access_token)).statusCode).toBe(200);
  });
});

describe('who may cancel', () => {
  test('the holder of a live access token or the signed-in owner; anyone else gets 404 and nothing changes', async () => {
    const owner = await signIn('canceller@example.com');
    const stranger = await signIn('stranger@example.com');
    const offer = await searchOffer(api.app, { date: isoDay(start, 43) });
    const mine = await book(offer, owner);
    const other = await book(offer);

    // Creating: no token, a wrong token, another order's token, another user → 404 like a missing order.
    for (const [token, headers] of notTheHolder(other, stranger)) {
      const refused = await askToCancel(mine.id, token, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('not_found');
    }
    expect((await askToCancel('ord_doesnotexist00000000000', undefined, owner)).statusCode).toBe(404);

    // The owner needs no token.
    const quote = (await askToCancel(mine.id, undefined, owner)).json().data;
    // Confirming: the same rule; a stranger knowing the cancellation id gets 404 and the order stays.
    for (const [token, headers] of [
      [undefined, ANON],
      [other.access_token, ANON],
      [undefined, stranger],
    ] as const) {
      expect((await confirm(quote.id, token, headers)).statusCode).toBe(404);
    }
    const still = await orderOf(api.db, mine.id);
    expect(still!.bookingStatus).toBe('new');
    // The owner's access token works as well as the session.
    expect((await confirm(quote.id, mine.access_token)).statusCode).toBe(200);
  });

  test('a revoked token (the link was mailed anew) cancels nothing', async () => {
    const offer = await searchOffer(api.app, { date: isoDay(start, 44) });
    const order = await book(offer);
    const lookup = await askForOrderLink(api.app, order.booking_reference, 'anna.karimova@example.com');
    expect(lookup.statusCode).toBe(202);
    expect((await askToCancel(order.id, order.access_token)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  test('is a 400 with the error envelope, never a 500', async () => {
    for (const payload of [
      {},
      { order_id: 42 },
      { order_id: 'nope' },
      { order_id: 'ord_' + 'x'.repeat(100) },
    ]) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/v1/order_cancellations',
        headers: ANON,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const malformed = await api.app.inject({
      method: 'POST',
      url: '/v1/order_cancellations',
      headers: { ...ANON, 'content-type': 'application/json' },
      payload: '{"order_id":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await confirm('not-a-cancellation')).statusCode).toBe(400);
    expect((await confirm('ocn_' + 'a'.repeat(24))).statusCode).toBe(404);
    const longToken = await askToCancel('ord_' + 'a'.repeat(24), 'x'.repeat(500));
    expect(longToken.statusCode).toBe(400);
  });

  test('a paid order is quoted by its fare rules instead (refunds.test.ts goes on from there)', async () => {
    const offer = await searchOffer(api.app, { date: isoDay(start, 45) });
    const order = await book(offer);
    await setOrderColumns(api.db, order.id, { bookingStatus: 'booked', paymentStatus: 'paid' });
    const quoted = await askToCancel(order.id, order.access_token);
    expect(quoted.statusCode).toBe(201);
    expect(quoted.json().data).toMatchObject({ refund_rule: 'taxes_only' });
    expect(Number(quoted.json().data.refund_amount)).toBeGreaterThan(0);
  });
});

test('both steps are rate-limited per client', async () => {
  const limited = await buildTestApi(
    api.db,
    { rateLimitScale: 2 / ROUTE_LIMITS.cancellations.limit },
    { now: () => new Date(clock) },
  );
  try {
    const post = (url: string, payload?: object) =>
      limited.inject({
        method: 'POST',
        url,
        headers: ANON,
        remoteAddress: '198.51.100.77',
        ...(payload ? { payload } : {}),
      });
    expect((await post('/v1/order_cancellations', { order_id: 'ord_' + 'a'.repeat(24) })).statusCode).toBe(
      404,
    );
    expect((await post(`/v1/order_cancellations/ocn_${'a'.repeat(24)}/actions/confirm`)).statusCode).toBe(
      404,
    );
    const third = await post(`/v1/order_cancellations/ocn_${'a'.repeat(24)}/actions/confirm`);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    const fourth = await post('/v1/order_cancellations', { order_id: 'ord_' + 'a'.repeat(24) });
    expect(fourth.statusCode).toBe(429);
  } finally {
    await limited.close();
  }
});
