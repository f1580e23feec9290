/**
 * GET /v1/flights/popular through HTTP (inject): the best-connected destinations of a city, each at the price
 * its results page shows; the cached cheapest days re-priced live; bad input; who may ask; the rate limit.
 */
import { describe, expect, test } from 'vitest';
import { rankDestinations } from '@parvoz/core/popular-destinations';
import type { PopularDestinations } from '@parvoz/contracts/offers';
import { useTestApi, withTwoCallBudget, TEST_ANONYMOUS_TOKEN } from '../../testing/api.ts';
import { badQueriesNameTheirField } from './testing/bad-queries.ts';
import { searchEngineFor } from './service.ts';
import { POPULAR_DESTINATIONS, POPULAR_WINDOW_DAYS } from './popular-destinations.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const dayOf = (at: number, offset = 0) => new Date(at + offset * 86_400_000).toISOString().slice(0, 10);
const auth = { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` };

const api = useTestApi({}, { now: () => new Date(clock) });

const popular = (query: string, headers: Record<string, string> = auth) =>
  api.app.inject({ method: 'GET', url: `/v1/flights/popular?${query}`, headers });

/** The cheapest offer of that day's search, as the results page asks for it (one adult, economy). */
async function cheapestOffer(origin: string, destination: string, date: string, currency: string) {
  const s = await api.app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: auth,
    payload: {
      slices: [{ origin, destination, departure_date: date }],
      passengers: { adults: 1 },
      currency,
      sort: 'cheapest',
    },
  });
  expect(s.statusCode).toBe(200);
  return (s.json().data.offers as { total_amount: string }[])[0]?.total_amount ?? null;
}

async function expectPricesOfResultsPages(data: PopularDestinations) {
  for (const d of data.destinations)
    expect(d.min_amount).toBe(await cheapestOffer(data.origin.code, d.code, d.date, data.currency));
}

/** The popular destinations asked with the clock back at `start`, answered with a 200. */
async function popularAtStart(query: string) {
  clock = start;
  const r = await popular(query);
  expect(r.statusCode).toBe(200);
  return r.json().data as PopularDestinations;
}

describe('GET /v1/flights/popular', () => {
  test('the best-connected cities, each at its lowest fare of the next 30 days, as its results page shows it', async () => {
    const data = await popularAtStart('origin=TAS&currency=UZS&lang=ru');
    expect(data.origin).toEqual({ code: 'TAS', name: 'Ташкент' });
    expect(data.currency).toBe('UZS');
    expect(data.destinations).toHaveLength(POPULAR_DESTINATIONS);
    // In the network's order of nonstop routes (a destination without a fare in the window is skipped).
    const ranked = rankDestinations(searchEngineFor('parvoz').network, 'TAS', 50).map((d) => d.city);
    const codes = data.destinations.map((d) => d.code);
    expect(codes).toEqual(ranked.filter((c) => codes.includes(c)));
    expect(codes.indexOf(ranked[0]!)).toBe(0);
    expect(data.destinations.find((d) => d.code === 'MOW')?.name).toBe('Москва');
    for (const d of data.destinations) {
      expect(d.date >= dayOf(start, 1) && d.date <= dayOf(start, POPULAR_WINDOW_DAYS)).toBe(true);
      // The lowest of the window's days.
      const month = await api.app.inject({
        method: 'GET',
        url: `/v1/flights/calendar?origin=TAS&destination=${d.code}&from=${dayOf(start, 1)}&days=${POPULAR_WINDOW_DAYS}&currency=UZS`,
        headers: auth,
      });
      const amounts = (month.json().data.days as { min_amount: string | null }[])
        .filter((day) => day.min_amount !== null)
        .map((day) => Number(day.min_amount));
      expect(Number(d.min_amount)).toBe(Math.min(...amounts));
    }
    await expectPricesOfResultsPages(data);
  });

  test('hours later the kept days are priced again: still the results pages’ prices', async () => {
    clock = start;
    const first = (await popular('origin=TAS&currency=USD')).json().data as PopularDestinations;
    // 17 hours on (the same UTC day): every departure is closer, so the booking curve has moved.
    clock = start + 17 * 3_600_000;
    const later = (await popular('origin=TAS&currency=USD')).json().data as PopularDestinations;
    expect(later.destinations.map((d) => [d.code, d.date])).toEqual(
      first.destinations.map((d) => [d.code, d.date]),
    );
    await expectPricesOfResultsPages(later);
    // A new day: a new window.
    clock = start + 24 * 3_600_000;
    const nextDay = (await popular('origin=TAS&currency=USD')).json().data as PopularDestinations;
    for (const d of nextDay.destinations) expect(d.date > dayOf(clock)).toBe(true);
    await expectPricesOfResultsPages(nextDay);
  });

  test('an airport stands for its city; names follow the language', async () => {
    const data = await popularAtStart('origin=SAW&currency=TRY&lang=tr');
    expect(data.origin).toEqual({ code: 'IST', name: 'İstanbul' });
    expect(data.destinations.length).toBeGreaterThan(0);
    expect(data.destinations.map((d) => d.code)).not.toContain('IST');
  });

  badQueriesNameTheirField(popular, [
    ['origin=tas', 'origin'],
    ['origin=TASH', 'origin'],
    ['currency=USD', 'origin'],
    ['origin=TAS&currency=GBP', 'currency'],
    ['origin=TAS&lang=de', 'lang'],
  ]);

  test('an unknown place is a 4xx naming the origin, never a 500', async () => {
    const r = await popular('origin=XXX');
    expect(r.statusCode).toBe(400);
    expect(r.json().error.details[0]).toMatchObject({ path: '/origin', reason: 'unknown_origin' });
  });

  test('public like the search: anyone may ask, with the same answer', async () => {
    clock = start;
    const anonymous = await popular('origin=MOW&currency=RUB', {});
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual((await popular('origin=MOW&currency=RUB')).json());
  });
});

describe('rate limit', () => {
  test('calls that must price an origin count; an origin priced today is answered even once the budget is spent', () =>
    withTwoCallBudget('popularScans', { now: () => new Date(start) }, async (limited) => {
      const ask = (origin: string) =>
        limited.inject({ method: 'GET', url: `/v1/flights/popular?origin=${origin}`, headers: auth });
      expect((await ask('TAS')).statusCode).toBe(200);
      expect((await ask('TAS')).statusCode).toBe(200);
      expect((await ask('MOW')).statusCode).toBe(200);
      const refused = await ask('IST');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect(refused.headers['retry-after']).toBeDefined();
      // An airport of a priced city is that city: still answered.
      expect((await ask('SVO')).statusCode).toBe(200);
      expect((await ask('TAS')).statusCode).toBe(200);
    }));
});
