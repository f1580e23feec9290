/**
 * The dates a search accepts, the days a low-fare calendar lists and the lifetime of the offers a search makes,
 * at any "now" of 2024–2032 (weighted towards month and year ends, 29 February, clock changes and midnight in UTC,
 * Tashkent and Istanbul; dates.fixture.ts). The oracle of "today" is the origin's calendar date as Intl's time
 * zone database tells it, not the schedule's own offset tables. A price alert ends when its search is refused
 * for its date (apps/api/src/modules/price-alerts/worker.ts), so the first property is also when alerts stop.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { dateIn, daysFromTo, instantArb, isoOf, monthLength, partsOf, stepDays } from './dates-testing.ts';
import { HORIZON_DAYS } from './schedule.ts';
import { fixtureSupplier } from './search.fixture.ts';

const { engine, supplier } = fixtureSupplier();
const one = { adults: 1, children: 0, infants: 0 };

/** The fixture's cities and their time zone (a city's airports share one). */
const ZONE: Record<string, string> = {
  TAS: 'Asia/Tashkent',
  SKD: 'Asia/Samarkand',
  IST: 'Europe/Istanbul',
  LON: 'Europe/London',
  NYC: 'America/New_York',
  DXB: 'Asia/Dubai',
  MOW: 'Europe/Moscow',
  FRA: 'Europe/Berlin',
};
const CITIES = Object.keys(ZONE);

/** A place's today: its calendar date now. */
const todayAt = (city: string, now: number) => dateIn(now, ZONE[city]!);

/** Whether a date is bookable from a place now: from its today, for HORIZON_DAYS days (docs/design.md §3). */
function bookableFrom(city: string, now: number, date: string): boolean {
  const ahead = daysFromTo(todayAt(city, now), date);
  return ahead >= 0 && ahead < HORIZON_DAYS;
}

const routeArb = fc
  .tuple(fc.constantFrom(...CITIES), fc.constantFrom(...CITIES))
  .filter(([origin, destination]) => origin !== destination);

/** Days from the origin's today: around it, around the horizon's end, or anywhere in between. */
const offsetArb = fc.oneof(
  fc.integer({ min: -2, max: 2 }),
  fc.integer({ min: HORIZON_DAYS - 2, max: HORIZON_DAYS + 1 }),
  fc.integer({ min: -2, max: HORIZON_DAYS + 1 }),
);

describe('search dates: from the origin’s today, for the horizon', () => {
  test('property: a one-way or round-trip search is refused exactly for the dates not bookable at each slice’s origin', async () => {
    const arb = fc.record({
      now: instantArb,
      route: routeArb,
      offset: offsetArb,
      stay: fc.option(fc.oneof(fc.integer({ min: -1, max: 3 }), fc.integer({ min: 0, max: HORIZON_DAYS })), {
        nil: null,
      }),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ now, route: [origin, destination], offset, stay }) => {
        const depart = stepDays(todayAt(origin, now), offset);
        const ret = stay === null ? null : stepDays(depart, stay);
        const slices = [{ origin, destination, departure_date: depart }];
        if (ret) slices.push({ origin: destination, destination: origin, departure_date: ret });
        const result = await supplier.search(
          { slices, passengers: one, cabin_class: 'economy', max_connections: 0 },
          { now },
        );
        let expected: { code: string; field: string } | null = null;
        if (!bookableFrom(origin, now, depart))
          expected = { code: 'date_out_of_range', field: 'slices.0.departure_date' };
        else if (ret && !bookableFrom(destination, now, ret))
          expected = { code: 'date_out_of_range', field: 'slices.1.departure_date' };
        else if (ret && ret < depart)
          expected = { code: 'return_before_departure', field: 'slices.1.departure_date' };
        if (expected) expect(result).toMatchObject({ ok: false, error: expected });
        else expect(result.ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the low-fare calendar lists the asked days that are bookable, in order', () => {
  /** The oracle: each asked day, one after the other, kept when bookable from the origin now. */
  function listedDays(origin: string, now: number, from: string, days: number): string[] {
    const out: string[] = [];
    for (let i = 0, day = from; i < days; i++, day = stepDays(day, 1)) {
      if (bookableFrom(origin, now, day)) out.push(day);
    }
    return out;
  }

  /** Connected within one transfer on the fixture network. */
  const ROUTES: [string, string][] = [
    ['TAS', 'IST'],
    ['IST', 'LON'],
    ['NYC', 'TAS'],
    ['LON', 'NYC'],
    ['MOW', 'FRA'],
  ];

  const askArb = fc.record({
    now: instantArb,
    route: fc.constantFrom(...ROUTES),
    ask: fc.oneof(
      // A ±3-day strip or a stretch of days around today or the horizon's end.
      fc.record({
        kind: fc.constant('days' as const),
        offset: fc.oneof(
          fc.integer({ min: -40, max: 3 }),
          fc.integer({ min: HORIZON_DAYS - 40, max: HORIZON_DAYS }),
        ),
        days: fc.integer({ min: 1, max: 62 }),
      }),
      // A month view (the results page asks for the searched date's month), this month or one of the next 11.
      fc.record({ kind: fc.constant('month' as const), months: fc.integer({ min: 0, max: 11 }) }),
    ),
  });

  test('property: no day before the origin’s today or past the horizon, none skipped, across month and year ends', () => {
    fc.assert(
      fc.property(askArb, ({ now, route: [origin, destination], ask }) => {
        let from: string;
        let days: number;
        if (ask.kind === 'days') {
          from = stepDays(todayAt(origin, now), ask.offset);
          days = ask.days;
        } else {
          const { y, m } = partsOf(todayAt(origin, now));
          const month = m + ask.months;
          const [year, mm] = month > 12 ? [y + 1, month - 12] : [y, month];
          from = isoOf(year, mm, 1);
          days = monthLength(year, mm);
        }
        const result = engine.lowestFares({
          origin,
          destination,
          from,
          days,
          passengers: one,
          cabin: 'economy',
          maxConnections: 1,
          now,
        });
        if (!result.ok) throw new Error(result.error.code);
        expect(result.days.map((d) => d.date)).toEqual(listedDays(origin, now, from, days));
      }),
      { numRuns: 150 },
    );
  });
});

describe('offers from a search expire their lifetime after it', () => {
  test('property: re-priced `delta` ms after the search, an offer is expired exactly when delta ≥ 20 minutes', async () => {
    const ttl = 20 * 60_000;
    const arb = fc.record({
      now: instantArb,
      days: fc.integer({ min: 1, max: 60 }),
      delta: fc.oneof(fc.constantFrom(0, ttl - 1, ttl, ttl + 1), fc.integer({ min: 0, max: 2 * ttl })),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ now, days, delta }) => {
        const date = stepDays(todayAt('TAS', now), days);
        const found = await supplier.search(
          {
            slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
            passengers: one,
            cabin_class: 'economy',
            max_connections: 0,
          },
          { now },
        );
        if (!found.ok) throw new Error(found.error.code);
        const offer = found.data.offers[0];
        if (!offer) return; // nothing flies that day
        expect(Date.parse(offer.expires_at) - now).toBe(ttl);
        const priced = await supplier.price(offer.id, { now: now + delta });
        if (delta >= ttl) expect(priced).toMatchObject({ ok: false, error: { code: 'offer_expired' } });
        else expect(priced).toMatchObject({ ok: true, data: { id: offer.id, expires_at: offer.expires_at } });
      }),
      { numRuns: 150 },
    );
  });
});
