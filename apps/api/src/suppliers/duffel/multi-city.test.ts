/**
 * A multi-city trip at Duffel (docs/duffel.md; docs/design.md, "Multi-city"): our search of three legs asks
 * Duffel one offer request of three slices (its offer requests take any number of slices, each with its origin,
 * destination and departure date), maps its offers of three slices, and books one: a hold order at Duffel with
 * the three slices' offer, paid from the balance once the traveller paid us.
 */
import { describe, expect, test, vi } from 'vitest';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { Offer } from '@parvoz/core/search-types';
import { ANON, bookingBody, injectOrder } from '../../testing/booking.ts';
import { pay, readOrder, type Booked } from '../../testing/after-sale.ts';
import { ORDER_METADATA_KEY } from './orders.ts';
import { DUFFEL_ONLY_FLIGHT, useDuffelSuite } from './testing/duffel-api-testing.ts';
import { duffelOnlyFlight } from './testing/duffel-fixtures.ts';

const leg = (flight: string, origin: string, destination: string, departs: string, minutes: number) =>
  duffelOnlyFlight('120.00', '30.00', {
    segments: [
      {
        carrier: { iata_code: 'QP', name: 'Duffel Only Air' },
        flight_number: flight,
        origin,
        destination,
        departs,
        duration_minutes: minutes,
      },
    ],
  });

const { api, now, nextDay, nextKey } = useDuffelSuite(
  { token: 'duffel_test_multicity0123456789', firstDay: 90, keys: 'duffel-multi-city' },
  {
    flights: [
      DUFFEL_ONLY_FLIGHT,
      leg('4244', 'IST', 'AYT', '10:00', 85),
      leg('4246', 'AYT', 'TAS', '12:00', 300),
    ],
  },
);

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('a multi-city trip at Duffel', () => {
  test('one offer request of three slices; its offer booked as a hold and paid once', async () => {
    const first = nextDay();
    const slices = [
      { origin: 'TAS', destination: 'IST', departure_date: first },
      { origin: 'IST', destination: 'AYT', departure_date: addDays(first, 3) },
      { origin: 'AYT', destination: 'TAS', departure_date: addDays(first, 6) },
    ];
    const searched = await api.app.inject({
      method: 'POST',
      url: '/v1/flights/search',
      headers: ANON,
      payload: { slices, passengers: { adults: 1 }, sort: 'cheapest' },
    });
    expect(searched.statusCode, searched.body).toBe(200);
    const asked = api.server.requests.filter((r) => r.path.startsWith('/air/offer_requests')).at(-1)!;
    expect(
      (asked.body!.data.slices as { origin: string; destination: string; departure_date: string }[]).map(
        (s) => [s.origin, s.destination, s.departure_date],
      ),
    ).toEqual(slices.map((s) => [s.origin, s.destination, s.departure_date]));
    const offers = expandSearchOffers(searched.json().data) as Offer[];
    const atDuffel = offers.find((o) => o.id.startsWith('dfl.'));
    expect(atDuffel).toBeDefined();
    expect(atDuffel!.slices.map((s) => s.segments.map((g) => g.flight_number).join())).toEqual([
      '4242',
      '4244',
      '4246',
    ]);

    const response = await injectOrder(api.app, bookingBody(atDuffel!), nextKey());
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().data as Booked;
    const held = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    expect(held.type).toBe('hold');
    expect(held.slices).toHaveLength(3);
    await pay(api.app, api.db, order, now());
    await vi.waitFor(() => expect(held.payment_status.awaiting_payment).toBe(false), {
      timeout: 10_000,
      interval: 20,
    });
    expect(api.server.payments.filter((p) => p.order_id === held.id)).toHaveLength(1);
    await vi.waitFor(
      async () =>
        expect(await readOrder(api.app, order.id, order.access_token)).toMatchObject({
          booking_status: 'booked',
          payment_status: 'paid',
        }),
      { timeout: 10_000, interval: 50 },
    );
    expect((await readOrder(api.app, order.id, order.access_token)).slices).toHaveLength(3);
  });
});
