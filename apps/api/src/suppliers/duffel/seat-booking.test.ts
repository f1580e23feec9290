/**
 * Seats of a Duffel offer through the site (docs/seats.md; docs/duffel.md, "Seat maps"), against the Duffel stand-in
 * (real HTTP on loopback) and PGlite: GET /v1/offers/{id}/seat_maps shows Duffel's maps without its service ids;
 * POST /v1/orders with a paid seat creates nothing at Duffel (no services on a hold: Duffel's hold guide) and
 * records the total with the seat; once the traveller has paid, one `instant` order at Duffel carries the seat and
 * the balance payment of offer plus seat.
 */
import { describe, expect, test, vi } from 'vitest';
import type { Offer } from '@parvoz/core/search-types';
import type { SeatMap } from '@parvoz/core/seat-maps';
import { ANON, bookingBody, injectOrder } from '../../testing/booking.ts';
import { pay, readOrder, type Booked } from '../../testing/after-sale.ts';
import { orderOf } from '../../modules/orders/testing/fixtures.ts';
import type { Loose } from '../../payments/testing/http.ts';
import { ORDER_METADATA_KEY } from './orders.ts';
import { DUFFEL_ONLY_FLIGHT, searchDuffelOffer, useDuffelSuite } from './testing/duffel-api-testing.ts';
import { duffelPassenger, postDuffelOrder } from './testing/duffel-fixtures.ts';

/** QP 4242 with seats: rows 10–12, 12 behind an exit (adults, 30 USD), others 12 USD, 10A taken. */
const SEATED_FLIGHT = {
  ...DUFFEL_ONLY_FLIGHT,
  segments: [
    {
      ...DUFFEL_ONLY_FLIGHT.segments[0]!,
      seats: {
        sections: ['ABC', 'DEF'],
        rows: [10, 12] as [number, number],
        exit_rows: [12],
        price: '12.00',
        exit_price: '30.00',
        taken: ['10A'],
      },
    },
  ],
};

const { api, token, now, nextDay, nextKey } = useDuffelSuite(
  { token: 'duffel_test_seatbooking0123456789', firstDay: 60, keys: 'duffel-seats' },
  { flights: [SEATED_FLIGHT] },
);

async function seatMapsOf(offer: Offer): Promise<SeatMap[]> {
  const response = await api.app.inject({
    method: 'GET',
    url: `/v1/offers/${encodeURIComponent(offer.id)}/seat_maps`,
    headers: ANON,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SeatMap[];
}
const ordersPosted = () => api.server.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders');
/** Another agency books `designator` on the flight of `date` at Duffel first, from an offer of its own search. */
async function takenByAnotherAgency(date: string, designator: string) {
  const ask = (path: string, init: RequestInit = {}) =>
    fetch(`${api.server.url}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'duffel-version': 'v2',
        'content-type': 'application/json',
      },
    }).then((r) => r.json() as Promise<{ data: Loose }>);
  const searched = await ask('/air/offer_requests?return_offers=true', {
    method: 'POST',
    body: JSON.stringify({
      data: {
        slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
        passengers: [{ type: 'adult' }],
      },
    }),
  });
  const offer = searched.data.offers[0];
  const map = (await ask(`/air/seat_maps?offer_id=${offer.id}`)).data[0];
  const seat = map.cabins[0].rows
    .flatMap((r: Loose) => r.sections.flatMap((s: Loose) => s.elements))
    .find((e: Loose) => e.designator === designator);
  const made = await postDuffelOrder(api.server, token, {
    selected_offers: [offer.id],
    passengers: [duffelPassenger(offer.passengers[0].id)],
    type: 'instant',
    payments: [{ type: 'balance', amount: '312.00', currency: 'USD' }],
    services: [{ id: seat.available_services[0].id, quantity: 1 }],
  });
  expect(made.status).toBe(201);
}
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

/** Books the offer for one adult with a $12 seat on its first flight (offer $300 + seat), through POST /v1/orders. */
async function bookWithSeat(offer: Offer, designator: string): Promise<Booked> {
  const response = await injectOrder(
    api.app,
    bookingBody(offer, {
      seats: [{ passenger_index: 0, slice_index: 0, segment_index: 0, designator }],
      expected_total: '312.00',
    }),
    nextKey(),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Booked;
}

describe('seats of a Duffel offer through the site', () => {
  test('the map as Duffel shows it, without its service ids', async () => {
    const offer = await searchDuffelOffer(api.app, { date: nextDay() });
    const [map, ...more] = await seatMapsOf(offer);
    expect(more).toEqual([]);
    expect(map).toMatchObject({ slice_index: 0, segment_index: 0, currency: 'USD', cabin_class: 'economy' });
    expect(map!.flight_key).toBe(offer.slices[0]!.segments[0]!.flight_key);
    const seats = map!.rows.flatMap((r) => r.sections.flat());
    expect(seats.find((s) => s.designator === '10A')!.services).toEqual([]);
    expect(seats.find((s) => s.designator === '12F')).toEqual({
      designator: '12F',
      features: ['window', 'exit_row'],
      services: [{ passenger_index: 0, amount: '30.00' }],
    });
  });

  test('a paid seat: nothing at Duffel until paid, then one instant order with the seat, paid for offer plus seat', async () => {
    const offer = await searchDuffelOffer(api.app, { date: nextDay() });
    await seatMapsOf(offer);
    const before = ordersPosted().length;
    const order = await bookWithSeat(offer, '11B');
    expect(order.total_amount).toBe('312.00');
    expect(ordersPosted()).toHaveLength(before);
    await pay(api.app, api.db, order, now());
    await waitFor(async () => expect((await orderOf(api.db, order.id))!.bookingStatus).toBe('booked'));
    const posted = ordersPosted().filter((r) => r.body?.data?.metadata?.[ORDER_METADATA_KEY] === order.id);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body!.data).toMatchObject({
      type: 'instant',
      services: [{ id: expect.stringMatching(/^ase_/), quantity: 1 }],
      payments: [{ type: 'balance', amount: '312.00', currency: 'USD' }],
    });
    const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    expect(atDuffel.services).toEqual([
      expect.objectContaining({ type: 'seat', metadata: expect.objectContaining({ designator: '11B' }) }),
    ]);
    expect((await orderOf(api.db, order.id))!.supplierTotalAmount).toBe('312.00');
  });

  test('the seat taken at Duffel before the traveller paid: no order there, ours cancelled and refunded in full', async () => {
    const date = nextDay();
    const offer = await searchDuffelOffer(api.app, { date });
    const order = await bookWithSeat(offer, '11C');
    await takenByAnotherAgency(date, '11C');
    const before = ordersPosted().length;
    await pay(api.app, api.db, order, now());
    await waitFor(async () => expect((await orderOf(api.db, order.id))!.bookingStatus).toBe('cancelled'));
    // The adapter read the maps again: the seat has no service any more, so Duffel was asked for no order.
    expect(ordersPosted()).toHaveLength(before);
    const read = await readOrder(api.app, order.id, order.access_token);
    expect(read.refunds).toEqual([
      expect.objectContaining({ amount: '312.00', currency: 'USD', reason: 'supplier_refused' }),
    ]);
  });
});
