/**
 * A multi-city trip through the API (docs/design.md, "Multi-city"; inject, PGlite): Tashkent → Istanbul →
 * Antalya → Tashkent searched as three legs, each leaving at least the minimum stay after the one before lands;
 * one offer booked, paid, ticketed with its three legs and quoted for cancellation; seven legs, or a leg before
 * the one before it, refused under their field.
 */
import { describe, expect, test } from 'vitest';
import type { Offer } from '@parvoz/core/search-types';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import { useTestApi, withTwoCallBudget } from '../../testing/api.ts';
import { ANON, searchOffer, suiteClock } from '../../testing/booking.ts';
import { searchEngineFor } from './service.ts';
import { book, pay, readOrder, requestCancellation, ticketText } from '../../testing/after-sale.ts';

const clock = suiteClock(40);
const api = useTestApi({}, { now: clock.now });

const MIN_STAY_MS = 2 * 3_600_000;
const cityOf = (airport: string) => searchEngineFor('parvoz').network.cityOf(airport) ?? airport;
const day = (offset: number) => new Date(clock.start + offset * 86_400_000).toISOString().slice(0, 10);
const TRIP = [
  { origin: 'TAS', destination: 'IST', date: day(40) },
  { origin: 'IST', destination: 'AYT', date: day(43) },
  { origin: 'AYT', destination: 'TAS', date: day(47) },
];

const search = (slices: { origin: string; destination: string; departure_date: string }[]) =>
  api.app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: ANON,
    payload: { slices, passengers: { adults: 1 }, sort: 'cheapest' },
  });
const asSlices = (legs: typeof TRIP) =>
  legs.map(({ origin, destination, date }) => ({ origin, destination, departure_date: date }));

describe('a multi-city trip', () => {
  test('three legs: every offer flies them in order, each leg after the one before by the stay', async () => {
    const response = await search(asSlices(TRIP));
    expect(response.statusCode, response.body).toBe(200);
    const offers = expandSearchOffers(response.json().data) as Offer[];
    expect(offers.length).toBeGreaterThan(5);
    for (const offer of offers) {
      expect(offer.slices.map((s) => `${cityOf(s.origin)}-${cityOf(s.destination)}`)).toEqual([
        'TAS-IST',
        'IST-AYT',
        'AYT-TAS',
      ]);
      for (let i = 1; i < 3; i++) {
        const landed = Date.parse(offer.slices[i - 1]!.arriving_at);
        expect(Date.parse(offer.slices[i]!.departing_at) - landed).toBeGreaterThanOrEqual(MIN_STAY_MS);
      }
    }
    const totals = offers.map((o) => Number(o.total_amount));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  test('booked, paid and ticketed with its three legs; its cancellation is quoted', async () => {
    const [first, ...more] = TRIP;
    const offer = await searchOffer(api.app, { ...first!, moreLegs: more });
    expect(offer.slices).toHaveLength(3);
    const order = await book(api.app, offer);
    await pay(api.app, api.db, order, clock.now());
    const read = await readOrder(api.app, order.id, order.access_token);
    expect(read.booking_status).toBe('booked');
    expect(read.slices).toHaveLength(3);
    const text = await ticketText(api.app, order, 'en');
    for (const city of ['Tashkent', 'Istanbul', 'Antalya']) expect(text).toContain(city);
    const flights = offer.slices.flatMap((s) =>
      s.segments.map((g) => `${g.marketing_carrier.iata_code} ${g.flight_number}`),
    );
    for (const flight of flights) expect(text.replace(/\s+/g, ' ')).toContain(flight);
    const quote = await requestCancellation(api.app, order.id, order.access_token);
    expect(quote.statusCode, quote.body).toBe(201);
  });

  test('an open-jaw round trip: out to Istanbul, back from Antalya; booked like any other', async () => {
    const response = await search(asSlices([TRIP[0]!, TRIP[2]!]));
    expect(response.statusCode, response.body).toBe(200);
    const offers = expandSearchOffers(response.json().data) as Offer[];
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers)
      expect(offer.slices.map((s) => `${cityOf(s.origin)}-${cityOf(s.destination)}`)).toEqual([
        'TAS-IST',
        'AYT-TAS',
      ]);
    const [out, back] = TRIP.filter((_, i) => i !== 1);
    const offer = await searchOffer(api.app, { ...out!, moreLegs: [back!] });
    const order = await book(api.app, offer);
    expect((await readOrder(api.app, order.id, order.access_token)).slices).toHaveLength(2);
  });

  test('rate limit: searches of more than two legs count against a budget of their own as well', () =>
    withTwoCallBudget('multiCitySearch', { now: clock.now }, async (limited) => {
      const ask = (slices: ReturnType<typeof asSlices>) =>
        limited.inject({
          method: 'POST',
          url: '/v1/flights/search',
          headers: ANON,
          payload: { slices, passengers: { adults: 1 } },
        });
      expect((await ask(asSlices(TRIP))).statusCode).toBe(200);
      expect((await ask(asSlices(TRIP))).statusCode).toBe(200);
      const refused = await ask(asSlices(TRIP));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      // One way is still searched (its own budget, six here, is not spent).
      expect((await ask(asSlices([TRIP[0]!]))).statusCode).toBe(200);
    }));

  test('seven legs, or a leg before the one before it: 400 under the field, never a 500', async () => {
    const seven = await search(Array.from({ length: 7 }, (_, i) => asSlices(TRIP)[i % 3]!));
    expect(seven.statusCode).toBe(400);
    expect(seven.json().error.details[0].path).toBe('/slices');
    const early = await search(asSlices([TRIP[0]!, TRIP[1]!, { ...TRIP[2]!, date: day(42) }]));
    expect(early.statusCode).toBe(400);
    expect(early.json().error.details.map((d: { path: string }) => d.path)).toEqual([
      '/slices/2/departure_date',
    ]);
  });
});
