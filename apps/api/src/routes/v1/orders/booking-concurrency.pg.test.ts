/**
 * On real PostgreSQL, with two API instances (each its own pool) on one database: 200 concurrent bookings
 * for the last 9 seats of a flight give exactly 9 orders, ten times over; seats never go negative, and
 * two expiry workers running at once cancel each unpaid order once and give back exactly its seats.
 */
import { expect, test } from 'vitest';
import { holdSeats, holdSeatsForOrder } from '@parvoz/db';
import { MANY_ORDERS, useTwoTestApis } from '../../../testing/api.ts';
import { ANON, bookingBody, isoDay, searchOffer } from '../../../testing/booking.ts';
import { searchEngineFor } from '../../../modules/search/index.ts';
import { expireUnpaidOrders } from '../../../modules/orders/index.ts';
import {
  countOrders,
  insertOrder,
  openHoldsOn,
  oversoldFlights,
  seatCounts,
  seatsSold,
  unpaidHolds,
} from '../../../modules/orders/testing/fixtures.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);
// 200 bookings from one client (127.0.0.1): the seat race is under test here, not the hold caps.
const pair = useTwoTestApis(MANY_ORDERS, { now });

test('200 concurrent bookings for the last 9 seats: exactly 9 orders, 10 times', async () => {
  const schedule = searchEngineFor('parvoz').schedule;
  for (let round = 0; round < 10; round++) {
    const offer = await searchOffer(pair.apps[0]!, { date: isoDay(start, 60 + round) });
    const segment = offer.slices[0]!.segments[0]!;
    const capacity = schedule.capacity(schedule.resolveKey(segment.flight_key)!.slot, segment.cabin_class);
    // Everything but the last 9 seats is sold.
    await holdSeats(pair.database.db, [
      { flightKey: segment.flight_key, cabin: segment.cabin_class, seats: capacity - 9, capacity },
    ]);
    const body = bookingBody(offer);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        pair.apps[i % 2]!.inject({
          method: 'POST',
          url: '/v1/orders',
          headers: { ...ANON, 'idempotency-key': `race-${round}-${i}` },
          payload: body,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.filter((s) => s === 201),
      `round ${round}`,
    ).toHaveLength(9);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 422)).toBe(true);
    expect(
      answers.filter((a) => a.statusCode === 422).every((a) => a.json().error.code === 'offer_unavailable'),
    ).toBe(true);

    const [row] = await seatCounts(pair.database.db, segment.flight_key);
    expect(row!.sold).toBe(capacity);
    expect(await openHoldsOn(pair.database.db, segment.flight_key)).toEqual({ orders: 9, seats: 9 });
  }
  expect(await oversoldFlights(pair.database.db)).toBe(0);
}, 120_000);

test('two expiry workers at once cancel each unpaid order once and release exactly its seats', async () => {
  const before = await seatsSold(pair.database.db);
  const unpaid = await unpaidHolds(pair.database.db);
  expect(unpaid.n).toBe(90);
  const later = new Date(start + 21 * 60_000);
  const [a, b] = await Promise.all([
    expireUnpaidOrders(pair.database.db, later),
    expireUnpaidOrders(pair.second.db, later),
  ]);
  expect(a + b).toBe(90);
  expect(await seatsSold(pair.database.db)).toBe(before - unpaid.seats);
  expect(await countOrders(pair.database.db, { bookingStatus: 'new' })).toBe(0);
});

test('two expiry workers whose batches cross the same two flights in opposite orders never deadlock', async () => {
  // Worker batches are taken by deadline: the first 50 (flight X's orders, then Y's) and the next 50
  // (Y's, then X's). Released order by order, each worker locked one flight and waited for the other's.
  for (let round = 0; round < 5; round++) {
    const x = `HY7${round}1-2027-03-0${round + 1}`;
    const y = `HY7${round}2-2027-03-0${round + 1}`;
    const base = start - 3600_000;
    const flightOf = (i: number) => (i < 25 || i >= 75 ? x : y);
    for (let i = 0; i < 100; i++) {
      const id = `cross-${round}-${i}`;
      await pair.database.db.transaction(async (tx) => {
        await insertOrder(tx, {
          id,
          bookingReference: `X${round}${String(i).padStart(4, '0')}`,
          contactFullName: 'Aziza Karimova',
          contactEmail: 'aziza@example.com',
          contactPhone: '+998901234567',
          offer: { slices: [] },
          price: { total: '10.00' },
          totalMinor: 1000,
          currency: 'USD',
          lang: 'en',
          paymentDeadline: new Date(base + i * 1000),
        });
        await holdSeatsForOrder(tx, id, [
          { flightKey: flightOf(i), cabin: 'economy', seats: 1, capacity: 200 },
        ]);
      });
    }
    const later = new Date(start);
    const [a, b] = await Promise.all([
      expireUnpaidOrders(pair.database.db, later),
      expireUnpaidOrders(pair.second.db, later),
    ]);
    expect(a + b, `round ${round}`).toBe(100);
    expect(await seatsSold(pair.database.db, [x, y])).toBe(0);
  }
});
