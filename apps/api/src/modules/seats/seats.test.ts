/**
 * Seat selection on the built-in network through HTTP (docs/seats.md): the offer's seat maps, a booking with a paid
 * seat (its price in the total, the order and the e-ticket), a seat held by one order refused to the next, wrong
 * choices refused with nothing recorded, and a cancelled order's seat free again.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Offer } from '@parvoz/core/search-types';
import type { ApiSeat, ApiSeatMap } from '@parvoz/contracts/seats';
import { seatMapsResponseSchema } from '@parvoz/contracts/seats';
import { fromMajorString } from '@parvoz/core/money';
import { MANY_ORDERS, useTestApi } from '../../testing/api.ts';
import { ANON, bookingBody, injectOrder, suiteClock } from '../../testing/booking.ts';
import { cancelBooking, offerIn, pay, readOrder, ticketText, type Booked } from '../../testing/after-sale.ts';
import { countOrders } from '../orders/testing/fixtures.ts';

const clock = suiteClock(40);
const api = useTestApi(MANY_ORDERS, { now: clock.now });
let keys = 0;

async function seatMaps(offerId: string, query = ''): Promise<ApiSeatMap[]> {
  const answer = await api.app.inject({
    method: 'GET',
    url: `/v1/offers/${encodeURIComponent(offerId)}/seat_maps${query}`,
    headers: ANON,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return seatMapsResponseSchema.parse(answer.json()).data;
}
const seatsOf = (map: ApiSeatMap): ApiSeat[] => map.rows.flatMap((r) => r.sections.flat());
const seatIn = (map: ApiSeatMap, designator: string) =>
  seatsOf(map).find((s) => s.designator === designator)!;
/** A free seat the passenger pays for (light fare: any seat without extra legroom). */
const paidSeat = (map: ApiSeatMap, passenger = 0) =>
  seatsOf(map).find((s) => s.services.some((x) => x.passenger_index === passenger && x.amount !== '0.00'))!;
const minor = (amount: string) => fromMajorString(amount, 'USD')!.amount;

const book = (offer: Offer, seats: object[], over: Record<string, unknown> = {}) =>
  injectOrder(api.app, bookingBody(offer, { seats, ...over }), `seat-booking-${++keys}`);

describe('seat maps of an offer', () => {
  let offer: Offer;
  beforeAll(async () => {
    offer = await offerIn(api.app, 'light', {
      date: clock.nextDay(),
      adults: 2,
      infants: 1,
      returnDate: clock.nextDay(),
    });
  });

  test('one map per flight, every seat of the cabin, exit rows for the adult without a lap infant', async () => {
    const maps = await seatMaps(offer.id);
    const flights = offer.slices.flatMap((s, i) => s.segments.map((g, j) => [i, j, g.flight_key]));
    expect(maps.map((m) => [m.slice_index, m.segment_index, m.flight_key])).toEqual(flights);
    const [first] = maps;
    expect(first!.currency).toBe('USD');
    expect(seatsOf(first!).length).toBe(156);
    const exit = seatsOf(first!).find((s) => s.features.includes('exit_row') && s.services.length > 0)!;
    expect(exit.services.map((s) => s.passenger_index)).toEqual([1]);
    // Nobody chooses the infant's seat: a lap is not a seat.
    expect(seatsOf(first!).some((s) => s.services.some((x) => x.passenger_index === 2))).toBe(false);
  });

  test('in the currency asked for, in whole units', async () => {
    const [map] = await seatMaps(offer.id, '?currency=UZS');
    expect(map!.currency).toBe('UZS');
    expect(paidSeat(map!).services[0]!.amount).toMatch(/^[1-9]\d*000$/);
  });

  test('a forged offer id is 404, and nothing else answers', async () => {
    const answer = await api.app.inject({ method: 'GET', url: '/v1/offers/forged/seat_maps', headers: ANON });
    expect(answer.statusCode).toBe(404);
  });
});

describe('booking a seat', () => {
  test('its price is in the total, the order and the e-ticket; the next booking cannot take it', async () => {
    const offer = await offerIn(api.app, 'light', { date: clock.nextDay() });
    const [map] = await seatMaps(offer.id);
    const seat = paidSeat(map!);
    const price = seat.services[0]!.amount;
    const choice = { passenger_index: 0, slice_index: 0, segment_index: 0, designator: seat.designator };
    const expected = (minor(offer.total_amount) + minor(price)) / 100;
    const created = await book(offer, [choice], { expected_total: expected.toFixed(2) });
    expect(created.statusCode, created.body).toBe(201);
    const order: Booked = created.json().data;
    expect(order.total_amount).toBe(expected.toFixed(2));
    expect(order.passengers[0]!.seats).toEqual([
      { slice_index: 0, segment_index: 0, designator: seat.designator, amount: price },
    ]);
    expect(order.price_breakdown[0]!.seats_amount).toBe(price);

    const [after] = await seatMaps(offer.id);
    expect(seatIn(after!, seat.designator).services).toEqual([]);
    const ordersBefore = await countOrders(api.db);
    const again = await book(offer, [choice]);
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json().error.details).toEqual([
      expect.objectContaining({ path: '/seats/0/designator', message: 'booking.error.seatTaken' }),
    ]);
    expect(await countOrders(api.db)).toBe(ordersBefore);

    await pay(api.app, api.db, order, clock.now());
    const text = await ticketText(api.app, order, 'en');
    expect(text).toContain(`seat ${seat.designator}`);

    await cancelBooking(api.app, order);
    const [released] = await seatMaps(offer.id);
    expect(seatIn(released!, seat.designator).services).not.toEqual([]);
    expect((await readOrder(api.app, order.id, order.access_token)).passengers[0]!.seats).toHaveLength(1);
  });

  test('the price seen is checked with the seat in it', async () => {
    const offer = await offerIn(api.app, 'light', { date: clock.nextDay() });
    const [map] = await seatMaps(offer.id);
    const seat = paidSeat(map!);
    const choice = { passenger_index: 0, slice_index: 0, segment_index: 0, designator: seat.designator };
    const without = await book(offer, [choice], { expected_total: offer.total_amount });
    expect(without.statusCode, without.body).toBe(422);
    expect(without.json().error.details.reason).toBe('price_changed');
  });

  test.each([
    ['a seat not on the aircraft', { designator: '99Z' }, 'booking.error.seat'],
    ['a flight not in the offer', { segment_index: 3 }, 'booking.error.seat'],
    ['a passenger not booked', { passenger_index: 4 }, 'booking.error.seat'],
  ])('refuses %s, recording nothing', async (_, change, message) => {
    const offer = await offerIn(api.app, 'light', { date: clock.nextDay() });
    const [map] = await seatMaps(offer.id);
    const choice = {
      passenger_index: 0,
      slice_index: 0,
      segment_index: 0,
      designator: paidSeat(map!).designator,
      ...change,
    };
    const before = await countOrders(api.db);
    const answer = await book(offer, [choice]);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error.details).toEqual([
      expect.objectContaining({ path: '/seats/0/designator', message }),
    ]);
    expect(await countOrders(api.db)).toBe(before);
  });

  test('two passengers cannot share a seat', async () => {
    const offer = await offerIn(api.app, 'light', { date: clock.nextDay(), adults: 2 });
    const [map] = await seatMaps(offer.id);
    const designator = paidSeat(map!).designator;
    const at = (passenger_index: number) => ({
      passenger_index,
      slice_index: 0,
      segment_index: 0,
      designator,
    });
    const answer = await book(offer, [at(0), at(1)]);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error.details).toEqual([
      expect.objectContaining({ path: '/seats/1/designator', message: 'booking.error.seatTwice' }),
    ]);
  });
});
