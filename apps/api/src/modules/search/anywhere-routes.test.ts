/**
 * GET /v1/flights/anywhere through HTTP (inject), docs/anywhere.md: every nonstop city of an origin, cheapest
 * first, each at the price its results page shows (one way for a month, the round trip for a weekend); bad input;
 * who may ask; the rate limit.
 */
import { describe, expect, test } from 'vitest';
import { rankDestinations } from '@parvoz/core/popular-destinations';
import { anywhereMonths, anywhereWindows } from '@parvoz/core/anywhere';
import { addDays } from '@parvoz/core/supplier-calendar';
import type { Anywhere } from '@parvoz/contracts/anywhere';
import { useTestApi, withTwoCallBudget, TEST_ANONYMOUS_TOKEN } from '../../testing/api.ts';
import { badQueriesNameTheirField } from './testing/bad-queries.ts';
import { searchEngineFor } from './service.ts';

// A Tuesday; the weekend asked is the one of Friday 2026-12-04.
const start = Date.UTC(2026, 11, 1, 6, 0);
let clock = start;
const auth = { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` };

const api = useTestApi({}, { now: () => new Date(clock) });

const anywhere = (query: string, headers: Record<string, string> = auth) =>
  api.app.inject({ method: 'GET', url: `/v1/flights/anywhere?${query}`, headers });

async function anywhereAtStart(query: string) {
  clock = start;
  const r = await anywhere(query);
  expect(r.statusCode).toBe(200);
  return r.json().data as Anywhere;
}

/** The cheapest offer of the results page of that day, or pair of days (one adult, economy). */
async function cheapestOffer(
  origin: string,
  destination: string,
  out: string,
  back: string | null,
  currency: string,
) {
  const slices = [{ origin, destination, departure_date: out }];
  if (back) slices.push({ origin: destination, destination: origin, departure_date: back });
  const s = await api.app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: auth,
    payload: { slices, passengers: { adults: 1 }, currency, sort: 'cheapest' },
  });
  expect(s.statusCode).toBe(200);
  return (s.json().data.offers as { total_amount: string }[])[0]?.total_amount ?? null;
}

async function expectPricesOfResultsPages(data: Anywhere, count = 4) {
  for (const d of data.destinations.slice(0, count))
    expect(d.min_amount).toBe(
      await cheapestOffer(data.origin.code, d.code, d.departure_date, d.return_date, data.currency),
    );
}

describe('GET /v1/flights/anywhere', () => {
  test('a month: every nonstop city, cheapest first, each at its lowest one-way fare of the month', async () => {
    const data = await anywhereAtStart('origin=TAS&month=2027-01&currency=UZS&lang=ru');
    expect(data.origin).toMatchObject({ code: 'TAS', name: 'Ташкент' });
    expect(data.origin.lat).toBeCloseTo(41.26, 1);
    expect(data.origin.lon).toBeCloseTo(69.28, 1);
    const nonstop = rankDestinations(searchEngineFor('parvoz').network, 'TAS', 500).map((d) => d.city);
    const codes = data.destinations.map((d) => d.code);
    expect(codes.length).toBeGreaterThan(20);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(nonstop).toContain(code);
    const amounts = data.destinations.map((d) => Number(d.min_amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(data.destinations.find((d) => d.code === 'MOW')?.name).toBe('Москва');
    for (const d of data.destinations) {
      expect(d.departure_date.startsWith('2027-01-')).toBe(true);
      expect(d.return_date).toBeNull();
    }
    // The lowest of the month's days, for the cheapest three.
    for (const d of data.destinations.slice(0, 3)) {
      const month = await api.app.inject({
        method: 'GET',
        url: `/v1/flights/calendar?origin=TAS&destination=${d.code}&from=2027-01-01&days=31&currency=UZS`,
        headers: auth,
      });
      const fares = (month.json().data.days as { min_amount: string | null }[])
        .filter((day) => day.min_amount !== null)
        .map((day) => Number(day.min_amount));
      expect(Number(d.min_amount)).toBe(Math.min(...fares));
    }
    await expectPricesOfResultsPages(data);
  });

  test('a weekend: the round trip out Friday or Saturday, back on Sunday, at its results page’s price', async () => {
    const data = await anywhereAtStart('origin=IST&weekend=2026-12-04&currency=TRY&lang=tr');
    expect(data.origin.name).toBe('İstanbul');
    expect(data.destinations.length).toBeGreaterThan(10);
    for (const d of data.destinations) {
      expect(['2026-12-04', '2026-12-05']).toContain(d.departure_date);
      expect(d.return_date).toBe('2026-12-06');
    }
    await expectPricesOfResultsPages(data);
  });

  test('a month already past has no destinations; this month counts only its days to come', async () => {
    expect((await anywhereAtStart('origin=TAS&month=2026-11')).destinations).toEqual([]);
    const december = await anywhereAtStart('origin=TAS&month=2026-12');
    expect(december.destinations.length).toBeGreaterThan(0);
    for (const d of december.destinations) expect(d.departure_date >= '2026-12-02').toBe(true);
  });

  test('the last month offered has fares: its last day is the last one the engine sells', async () => {
    const months = anywhereMonths('2026-12-02');
    const last = months.at(-1)!;
    const [window] = anywhereWindows({ kind: 'month', month: last }, '2026-12-02');
    // Today is 2026-12-01: the engine sells 330 days, today included.
    expect(addDays(window!.from, window!.days - 1)).toBe('2027-10-26');
    const data = await anywhereAtStart(`origin=IST&month=${last}`);
    expect(data.destinations.length).toBeGreaterThan(0);
  });

  test('hours later the kept days are priced again: still the results pages’ prices', async () => {
    const first = await anywhereAtStart('origin=TAS&month=2027-02&currency=USD');
    clock = start + 15 * 3_600_000;
    const later = (await anywhere('origin=TAS&month=2027-02&currency=USD')).json().data as Anywhere;
    expect(later.destinations.map((d) => d.code).sort()).toEqual(
      first.destinations.map((d) => d.code).sort(),
    );
    await expectPricesOfResultsPages(later);
  });

  badQueriesNameTheirField(anywhere, [
    ['month=2027-01', 'origin'],
    ['origin=tas&month=2027-01', 'origin'],
    ['origin=TAS', 'month'],
    ['origin=TAS&month=2027-01&weekend=2026-12-04', 'month'],
    ['origin=TAS&month=2027-13', 'month'],
    ['origin=TAS&month=2027-1', 'month'],
    ['origin=TAS&month=0050-01', 'month'],
    ['origin=TAS&weekend=2026-12-05', 'weekend'],
    ['origin=TAS&weekend=2026-02-30', 'weekend'],
    ['origin=TAS&month=2027-01&currency=GBP', 'currency'],
    ['origin=TAS&month=2027-01&lang=de', 'lang'],
  ]);

  test('an unknown place is a 4xx naming the origin, never a 500', async () => {
    const r = await anywhere('origin=XXX&month=2027-01');
    expect(r.statusCode).toBe(400);
    expect(r.json().error.details[0]).toMatchObject({ path: '/origin', reason: 'unknown_origin' });
  });

  test('public like the search: anyone may ask, with the same answer', async () => {
    clock = start;
    const anonymous = await anywhere('origin=MOW&month=2027-03&currency=RUB', {});
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual((await anywhere('origin=MOW&month=2027-03&currency=RUB')).json());
  });
});

test('rate limit: calls that must price a period count against the scans; every call against the calendars', () =>
  withTwoCallBudget('anywhereScans', { now: () => new Date(start) }, async (limited) => {
    const ask = (query: string) =>
      limited.inject({ method: 'GET', url: `/v1/flights/anywhere?${query}`, headers: auth });
    expect((await ask('origin=TAS&month=2027-04')).statusCode).toBe(200);
    expect((await ask('origin=TAS&weekend=2026-12-11')).statusCode).toBe(200);
    const refused = await ask('origin=TAS&month=2027-05');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    // A period priced today is answered once the scans are spent (another origin is another scan)…
    expect((await ask('origin=TAS&month=2027-04')).statusCode).toBe(200);
    expect((await ask('origin=SVO&month=2027-04')).statusCode).toBe(429);
    // …while the calendars' budget lasts (120 a minute, scaled as the scans': 12 here); then none is.
    let answered = 0;
    for (let i = 0; i < 12; i++) if ((await ask('origin=TAS&month=2027-04')).statusCode === 200) answered++;
    expect(answered).toBeLessThan(12);
    expect((await ask('origin=TAS&weekend=2026-12-11')).statusCode).toBe(429);
  }));
