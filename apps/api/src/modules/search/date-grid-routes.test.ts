/**
 * GET /v1/flights/date-grid through HTTP (inject, PGlite): each cell, the cheapest above all, is the cheapest total
 * of that pair's round-trip search, with the agency's pricing rules as the search applies them; bad input is a 400
 * naming its field that changes nothing; the calendar's rate limit counts it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { FlightDateGrid } from '@parvoz/contracts/offers';
import { useTestApi, withTwoCallBudget, TEST_ANONYMOUS_TOKEN } from '../../testing/api.ts';
import { isoDay } from '../../testing/booking.ts';
import { EFFECTIVE_LEAD_MS } from '../pricing/index.ts';
import { pricedAndPlainApis, TAS_IST_MARKUP } from '../pricing/testing/apis.ts';
import { badQueriesNameTheirField } from './testing/bad-queries.ts';

/** The test's own clock: 06:00 UTC of the day it runs, so every date below is relative to it. */
const start = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 6 * 3_600_000;
const day = (offset: number) => isoDay(start, offset);
const auth = { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` };

const api = useTestApi({}, { now: () => new Date(start) });

const grid = (app: FastifyInstance, query: string) =>
  app.inject({ method: 'GET', url: `/v1/flights/date-grid?${query}`, headers: auth });

/** The cheapest total of the round-trip search out on `out` and back on `back` (null: no offer). */
async function cheapestSearched(
  app: FastifyInstance,
  route: [string, string],
  out: string,
  back: string,
  extra: object = {},
): Promise<string | null> {
  const [origin, destination] = route;
  const s = await app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: auth,
    payload: {
      slices: [
        { origin, destination, departure_date: out },
        { origin: destination, destination: origin, departure_date: back },
      ],
      passengers: { adults: 1 },
      sort: 'cheapest',
      ...extra,
    },
  });
  expect(s.statusCode, s.body).toBe(200);
  return (s.json().data.offers as { total_amount: string }[])[0]?.total_amount ?? null;
}

describe('GET /v1/flights/date-grid', () => {
  test('7 × 7 days around the asked ones; every cell is the cheapest of that pair’s search', async () => {
    const party = { adults: 2, children: 1, infants: 0 };
    const r = await grid(
      api.app,
      `origin=TAS&destination=IST&departure_date=${day(20)}&return_date=${day(22)}` +
        `&currency=UZS&adults=2&children=1`,
    );
    expect(r.statusCode, r.body).toBe(200);
    const data = r.json().data as FlightDateGrid;
    expect(data.connected).toBe(true);
    expect(data.currency).toBe('UZS');
    expect(data.departures).toEqual([17, 18, 19, 20, 21, 22, 23].map(day));
    expect(data.returns).toEqual([19, 20, 21, 22, 23, 24, 25].map(day));
    // Returns before the departure are no trip: 49 pairs less the 1 + 2 + 3 + 4 of the last four rows.
    expect(data.cells).toHaveLength(39);
    expect(data.cells.every((c) => c.return >= c.departure)).toBe(true);
    for (const cell of data.cells)
      expect(cell.min_amount, `${cell.departure} → ${cell.return}`).toBe(
        await cheapestSearched(api.app, ['TAS', 'IST'], cell.departure, cell.return, {
          currency: 'UZS',
          passengers: party,
        }),
      );
    const amounts = data.cells.flatMap((c) => (c.min_amount === null ? [] : [Number(c.min_amount)]));
    expect(amounts.length).toBeGreaterThan(30);
    expect(Number(data.cheapest!.min_amount)).toBe(Math.min(...amounts));
  });

  test('the cheapest cell’s link leads to a search whose cheapest offer costs the same', async () => {
    const r = await grid(
      api.app,
      `origin=TAS&destination=DXB&departure_date=${day(30)}&return_date=${day(30)}`,
    );
    expect(r.statusCode).toBe(200);
    const { cheapest } = r.json().data as FlightDateGrid;
    expect(cheapest).not.toBeNull();
    expect(cheapest!.min_amount).toBe(
      await cheapestSearched(api.app, ['TAS', 'DXB'], cheapest!.departure, cheapest!.return),
    );
  });

  test('days before today have no price and stay in the grid', async () => {
    const r = await grid(
      api.app,
      `origin=TAS&destination=IST&departure_date=${day(1)}&return_date=${day(4)}`,
    );
    expect(r.statusCode).toBe(200);
    const data = r.json().data as FlightDateGrid;
    expect(data.departures[0]).toBe(day(-2));
    const past = data.cells.filter((c) => c.departure < day(0));
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((c) => c.min_amount === null)).toBe(true);
  });

  test('places no flight connects (closed airspace): connected false, no cells', async () => {
    const r = await grid(
      api.app,
      `origin=IEV&destination=IST&departure_date=${day(10)}&return_date=${day(17)}`,
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ connected: false, cells: [], cheapest: null });
  });

  const ok = `origin=TAS&destination=IST&departure_date=${day(10)}&return_date=${day(15)}`;
  badQueriesNameTheirField(
    (query) => grid(api.app, query),
    [
      [ok.replace('origin=TAS', 'origin=tas'), 'origin'],
      [ok.replace('destination=IST', 'destination=TAS'), 'destination'],
      [`origin=TAS&destination=IST&departure_date=${day(10)}`, 'return_date'],
      [ok.replace(`return_date=${day(15)}`, `return_date=${day(9)}`), 'return_date'],
      [ok.replace(`departure_date=${day(10)}`, 'departure_date=2026-02-30'), 'departure_date'],
      [`${ok}&adults=0`, 'adults'],
      [`${ok}&cabin_class=first`, 'cabin_class'],
      [`${ok}&max_connections=3`, 'max_connections'],
    ],
  );

  test('a refusal says why in a validation error, and the next grid is as before', async () => {
    const before = (await grid(api.app, ok)).json();
    const r = await grid(api.app, ok.replace(`return_date=${day(15)}`, `return_date=${day(9)}`));
    expect(r.statusCode).toBe(400);
    const body = r.json() as { error: { code: string; details: { path: string; message: string }[] } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details).toContainEqual(
      expect.objectContaining({
        path: expect.stringContaining('return_date'),
        message: 'the return is on or after the departure',
      }),
    );
    expect((await grid(api.app, ok)).json()).toEqual(before);
  });

  test('an unknown place is a 400 naming it, never a 500', async () => {
    const r = await grid(api.app, ok.replace('origin=TAS', 'origin=XXX'));
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain('origin');
  });
});

describe('the agency’s pricing rules', () => {
  let clock = new Date(start);
  let priced: FastifyInstance;
  let plain: FastifyInstance;
  let admin: Record<string, string> = {};
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ priced, plain, admin, close } = await pricedAndPlainApis(() => clock));
  }, 120_000);
  afterAll(() => close());

  test('a markup on the route raises each cell as it raises the search’s cheapest offer', async () => {
    const query = `origin=TAS&destination=IST&departure_date=${day(40)}&return_date=${day(47)}`;
    const created = await priced.inject({
      method: 'POST',
      url: '/v1/ops/price-rules',
      headers: admin,
      payload: TAS_IST_MARKUP,
    });
    expect(created.statusCode, created.body).toBe(201);
    clock = new Date(clock.getTime() + EFFECTIVE_LEAD_MS + 60_000);
    const marked = (await grid(priced, query)).json().data as FlightDateGrid;
    const raw = (await grid(plain, query)).json().data as FlightDateGrid;
    const cents = (amount: string | null | undefined) => Math.round(Number(amount) * 100);
    // 10 % of one adult's fare, rounded half away from zero to a cent (the core's rounding, ADR 0025).
    for (const [i, cell] of marked.cells.entries())
      if (cell.min_amount !== null)
        expect(cents(cell.min_amount)).toBe(
          cents(raw.cells[i]!.min_amount) +
            Math.floor((cents(raw.cells[i]!.min_amount) * 1000 + 5000) / 10_000),
        );
    const { cheapest } = marked;
    expect(cheapest!.min_amount).toBe(
      await cheapestSearched(priced, ['TAS', 'IST'], cheapest!.departure, cheapest!.return),
    );
    const row = marked.cells.filter((c) => c.departure === day(40));
    for (const cell of row)
      expect(cell.min_amount).toBe(
        await cheapestSearched(priced, ['TAS', 'IST'], cell.departure, cell.return),
      );
  });
});

describe('rate limit', () => {
  test('the grid counts against the calendar’s budget: 429 once spent', () =>
    withTwoCallBudget('calendar', { now: () => new Date(start) }, async (limited) => {
      const query = `origin=TAS&destination=IST&departure_date=${day(10)}&return_date=${day(12)}`;
      expect((await grid(limited, query)).statusCode).toBe(200);
      const calendar = await limited.inject({
        method: 'GET',
        url: `/v1/flights/calendar?origin=TAS&destination=IST&from=${day(10)}&days=1`,
        headers: auth,
      });
      expect(calendar.statusCode).toBe(200);
      const refused = await grid(limited, query);
      expect(refused.statusCode).toBe(429);
    }));
});
