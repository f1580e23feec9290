/** GET /v1/flights/calendar through HTTP (inject): per-day minima, agreement with searches, bad input, limits. */
import { describe, expect, test } from 'vitest';
import { useTestApi, withTwoCallBudget, TEST_ANONYMOUS_TOKEN } from '../../testing/api.ts';
import { badQueriesNameTheirField } from './testing/bad-queries.ts';
import { isoDay } from '../../testing/booking.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const day = (offset: number) => isoDay(start, offset);
const auth = { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` };

const api = useTestApi({}, { now: () => new Date(clock) });

type Calendar = { currency: string; connected: boolean; days: { date: string; min_amount: string | null }[] };

const calendar = (query: string, headers: Record<string, string> = auth) =>
  api.app.inject({ method: 'GET', url: `/v1/flights/calendar?${query}`, headers });

/** The cheapest total of a one-adult TAS→IST search on `date` (in `currency`, or the default), or null. */
async function cheapestSearched(date: string, currency?: string): Promise<string | null> {
  const s = await api.app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: auth,
    payload: {
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
      passengers: { adults: 1 },
      currency,
      sort: 'cheapest',
    },
  });
  return (s.json().data.offers as { total_amount: string }[])[0]?.total_amount ?? null;
}

describe('GET /v1/flights/calendar', () => {
  test('each day is the cheapest offer of that day’s search, in the asked currency', async () => {
    const r = await calendar(`origin=TAS&destination=IST&from=${day(10)}&days=4&currency=UZS`);
    expect(r.statusCode).toBe(200);
    const data = r.json().data as Calendar;
    expect(data.connected).toBe(true);
    expect(data.currency).toBe('UZS');
    expect(data.days.map((d) => d.date)).toEqual([day(10), day(11), day(12), day(13)]);
    for (const d of data.days) expect(d.min_amount).toBe(await cheapestSearched(d.date, 'UZS'));
    expect(data.days.some((d) => d.min_amount !== null)).toBe(true);
  });

  test('hours later (no seat sold meanwhile) each day is priced again, as that moment’s search prices it', async () => {
    const query = `origin=TAS&destination=IST&from=${day(3)}&days=3&currency=USD`;
    try {
      const before = (await calendar(query)).json().data as Calendar;
      // 17 hours on: every departure is closer, so the booking curve has moved for some flights.
      clock = start + 17 * 3_600_000;
      const after = (await calendar(query)).json().data as Calendar;
      expect(after.days).not.toEqual(before.days);
      for (const d of after.days) expect(d.min_amount).toBe(await cheapestSearched(d.date));
    } finally {
      clock = start;
    }
  });

  test('a round trip for a family: each day is the cheapest offer of that day’s round-trip search', async () => {
    const party = { adults: 2, children: 1, infants: 1 };
    for (const [route, stay] of [
      [['TAS', 'IST'], 7],
      [['TAS', 'DXB'], 0], // back the same day: the two cheapest legs may not fit together
      [['SKD', 'LON'], 1],
    ] as const) {
      const [origin, destination] = route;
      const r = await calendar(
        `origin=${origin}&destination=${destination}&from=${day(20)}&days=3&currency=EUR` +
          `&adults=2&children=1&infants=1&return_after=${stay}`,
      );
      expect(r.statusCode).toBe(200);
      const data = r.json().data as Calendar;
      expect(data.days.map((d) => d.date)).toEqual([day(20), day(21), day(22)]);
      for (const [i, d] of data.days.entries()) {
        const s = await api.app.inject({
          method: 'POST',
          url: '/v1/flights/search',
          headers: auth,
          payload: {
            slices: [
              { origin, destination, departure_date: d.date },
              { origin: destination, destination: origin, departure_date: day(20 + i + stay) },
            ],
            passengers: party,
            currency: 'EUR',
            sort: 'cheapest',
          },
        });
        expect(s.statusCode).toBe(200);
        const offers = s.json().data.offers as { total_amount: string }[];
        expect(d.min_amount, `${origin}-${destination} ${d.date} +${stay}`).toBe(
          offers[0]?.total_amount ?? null,
        );
      }
    }
  });

  test('places no flight connects: connected false and no days', async () => {
    const r = await calendar(`origin=TAS&destination=AGN&from=${day(10)}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({ currency: 'USD', connected: false, days: [] });
  });

  test('Kyiv → Istanbul: a known place with no connection (Ukrainian airspace is closed, data/airspace-restrictions.json)', async () => {
    for (const [origin, destination] of [
      ['IEV', 'IST'],
      ['IST', 'KBP'],
    ]) {
      const r = await calendar(`origin=${origin}&destination=${destination}&from=${day(10)}`);
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toEqual({ currency: 'USD', connected: false, days: [] });
    }
    const s = await api.app.inject({
      method: 'POST',
      url: '/v1/flights/search',
      headers: auth,
      payload: {
        slices: [{ origin: 'IEV', destination: 'IST', departure_date: day(10) }],
        passengers: { adults: 1 },
      },
    });
    expect(s.statusCode).toBe(200);
    expect(s.json().data.offers).toEqual([]);
  });

  badQueriesNameTheirField(calendar, [
    ['origin=tas&destination=IST&from=2026-12-01', 'origin'],
    ['origin=TAS&destination=IST&from=2026-12-1', 'from'],
    ['origin=TAS&destination=IST&from=2026-12-01&days=63', 'days'],
    ['origin=TAS&destination=IST&from=2026-12-01&days=x', 'days'],
    ['origin=TAS&destination=IST&from=2026-12-01&cabin_class=first', 'cabin_class'],
    ['origin=TAS&from=2026-12-01', 'destination'],
    ['origin=TAS&destination=IST&from=2026-12-01&adults=0', 'adults'],
    ['origin=TAS&destination=IST&from=2026-12-01&children=x', 'children'],
    ['origin=TAS&destination=IST&from=2026-12-01&return_after=-1', 'return_after'],
    ['origin=TAS&destination=IST&from=2026-12-01&return_after=400', 'return_after'],
  ]);

  test('too many travellers or infants is a 400 naming the passengers, never a 500', async () => {
    for (const party of ['adults=5&children=5', 'adults=1&infants=2']) {
      const r = await calendar(`origin=TAS&destination=IST&from=${day(10)}&${party}&return_after=3`);
      expect(r.statusCode).toBe(400);
      expect(JSON.stringify(r.json())).toContain('passengers');
    }
  });

  test('an unknown place is a 4xx with its field, never a 500', async () => {
    const r = await calendar(`origin=XXX&destination=IST&from=${day(10)}`);
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    expect(JSON.stringify(r.json())).toContain('origin');
  });

  test('public like the search: anyone may ask, with the same answer', async () => {
    const query = `origin=TAS&destination=IST&from=${day(10)}&days=2`;
    const anonymous = await calendar(query, {});
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual((await calendar(query)).json());
  });
});

describe('rate limit', () => {
  test('the calendar limit answers 429 once spent', () =>
    withTwoCallBudget('calendar', { now: () => new Date(start) }, async (limited) => {
      const ask = () =>
        limited.inject({
          method: 'GET',
          url: `/v1/flights/calendar?origin=TAS&destination=IST&from=${day(10)}&days=1`,
          headers: auth,
        });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(429);
    }));
});
