/**
 * The popular destinations' window at any "now" of 2024–2032 (weighted towards month and year ends, 29 February
 * and midnight in UTC, Tashkent and Istanbul): each destination's day is its cheapest (the earliest of equal
 * ones) of the 30 days from UTC's tomorrow, also when the answer comes from the cache of an earlier call that day
 * and when the clock has since passed midnight. The calendar is a stand-in whose price of a day is known, so the
 * oracle can find the cheapest day by stepping through the window itself.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { dateIn, daysFromTo, instantArb, partsOf, stepDays } from '@parvoz/core/dates-testing';
import { buildNetwork } from '@parvoz/core/network';
import { FIXTURE_NETWORK } from '@parvoz/core/network.fixture';
import type { CalendarQuery } from '@parvoz/core/supplier';
import type { FlightService } from './service.ts';
import { createPopularDestinations, POPULAR_WINDOW_DAYS } from './popular-destinations.ts';

const network = buildNetwork(FIXTURE_NETWORK);

/** A day's lowest fare to a city: few distinct amounts, so equal cheapest days are common. */
function priceOf(city: string, date: string): string {
  const { m, d } = partsOf(date);
  return `${100 + ((d * 7 + m * 3 + city.charCodeAt(0)) % 11)}.00`;
}

/** The oracle: the window's cheapest day for a city, the earliest of equal ones. */
function cheapestInWindow(city: string, now: number): string {
  let best: string | null = null;
  for (
    let i = 1, day = stepDays(dateIn(now, 'UTC'), 1);
    i <= POPULAR_WINDOW_DAYS;
    i++, day = stepDays(day, 1)
  ) {
    if (best === null || Number(priceOf(city, day)) < Number(priceOf(city, best))) best = day;
  }
  return best!;
}

test('property: every destination’s day is its cheapest of the 30 days from UTC’s tomorrow, cached or not', async () => {
  const arb = fc.record({
    start: instantArb,
    // Later calls: minutes to days apart, so some stay on the same UTC day and some cross midnight.
    gaps: fc.array(fc.integer({ min: 0, max: 2 * 86_400_000 }), { minLength: 1, maxLength: 3 }),
    origin: fc.constantFrom('TAS', 'IST', 'LON'),
  });
  await fc.assert(
    fc.asyncProperty(arb, async ({ start, gaps, origin }) => {
      let clock = start;
      const asked: CalendarQuery[] = [];
      const flights = {
        calendar: async (query: CalendarQuery) => {
          asked.push(query);
          const days = Array.from({ length: query.days }, (_, i) => {
            const date = stepDays(query.from, i);
            return { date, min_amount: priceOf(query.destination, date) };
          });
          return { ok: true, data: { currency: query.currency, connected: true, days } };
        },
      } as unknown as FlightService;
      const service = createPopularDestinations(flights, network, () => new Date(clock));

      for (const gap of [0, ...gaps]) {
        clock += gap;
        asked.length = 0;
        const answer = await service.popular({ origin, currency: 'USD', lang: 'en' });
        expect(answer?.destinations.length).toBeGreaterThan(0);
        const tomorrow = stepDays(dateIn(clock, 'UTC'), 1);
        // A month is asked only from UTC's tomorrow, for the whole window.
        for (const q of asked.filter((x) => x.days !== 1)) {
          expect({ from: q.from, days: q.days }).toEqual({ from: tomorrow, days: POPULAR_WINDOW_DAYS });
        }
        for (const destination of answer!.destinations) {
          const ahead = daysFromTo(dateIn(clock, 'UTC'), destination.date);
          expect(ahead).toBeGreaterThanOrEqual(1);
          expect(ahead).toBeLessThanOrEqual(POPULAR_WINDOW_DAYS);
          expect(destination.date).toBe(cheapestInWindow(destination.code, clock));
          expect(destination.min_amount).toBe(priceOf(destination.code, destination.date));
        }
      }
    }),
    { numRuns: 200 },
  );
});
