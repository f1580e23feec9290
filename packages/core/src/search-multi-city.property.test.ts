/**
 * Multi-city search (docs/design.md, "Multi-city"): the engine's combinations of three to six legs against a
 * brute-force oracle. The oracle takes each leg's itineraries as the engine found them (the one-leg search has
 * its own oracle, search.oracle.ts), joins every itinerary of every leg with every one of the next that leaves
 * at least the minimum stay after it lands, and keeps the combinations no other one dominates (each itinerary
 * inside the other's, no dearer, no more transfers, better in one). While that set fits under the cap and the
 * partial beam, the engine must return exactly it; beyond, every combination it returns must be valid and
 * undominated by the others it returns, and the cheapest and fastest of all must be among them.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildNetwork } from './network.ts';
import { FIXTURE_NETWORK } from './network.fixture.ts';
import { buildSchedule } from './schedule.ts';
import { createSearchEngine, type Itinerary } from './search.ts';
import { rankDestinations } from './popular-destinations.ts';

const net = buildNetwork(FIXTURE_NETWORK);
const schedule = buildSchedule(net, { seed: 'fixture', frequencyScale: 3 });
const MIN_STAY_MINUTES = 120;
const now = Date.UTC(2026, 10, 20, 8, 0);
const one = { adults: 1, children: 0, infants: 0 };
const CITIES = ['TAS', 'IST', 'MOW', 'DXB', 'LON', 'FRA', 'NYC'];

type Combo = { legs: Itinerary[]; total: number; duration: number; transfers: number };

function allCombinations(legs: readonly Itinerary[][], minStayMs: number): Combo[] {
  let partial: Itinerary[][] = [[]];
  for (const leg of legs)
    partial = partial.flatMap((p) =>
      leg
        .filter((it) => p.length === 0 || it.departUtc >= p.at(-1)!.arriveUtc + minStayMs)
        .map((it) => [...p, it]),
    );
  return partial.map((its) => ({
    legs: its,
    total: its.reduce((s, it) => s + it.totalCents, 0),
    duration: its.reduce((s, it) => s + it.durationMinutes, 0),
    transfers: its.reduce((s, it) => s + it.transfers, 0),
  }));
}

function dominates(d: Combo, c: Combo): boolean {
  if (d.total > c.total || d.transfers > c.transfers) return false;
  let tighter = false;
  for (let i = 0; i < d.legs.length; i++) {
    const [x, y] = [d.legs[i]!, c.legs[i]!];
    if (x.departUtc < y.departUtc || x.arriveUtc > y.arriveUtc) return false;
    if (x.departUtc > y.departUtc || x.arriveUtc < y.arriveUtc) tighter = true;
  }
  return d.total < c.total || d.transfers < c.transfers || tighter;
}

const keyOf = (legs: readonly Itinerary[]) => legs.map((it) => it.keys.join('+')).join(' | ');

/** A trip of `count` legs from a fixture city, each to a city the one before flies to nonstop, 0–3 days apart. */
const tripArb = fc
  .record({
    count: fc.integer({ min: 3, max: 6 }),
    start: fc.constantFrom(...CITIES),
    picks: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
    gaps: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 6, maxLength: 6 }),
    firstDay: fc.integer({ min: 14, max: 24 }),
    maxConnections: fc.integer({ min: 0, max: 1 }),
  })
  .map(({ count, start, picks, gaps, firstDay, maxConnections }) => {
    const slices = [];
    let [city, day] = [start, firstDay];
    for (let i = 0; i < count; i++) {
      const next = rankDestinations(net, city, 20);
      if (next.length === 0) break;
      const to = next[picks[i]! % next.length]!.city;
      slices.push({ origin: city, destination: to, date: `2026-12-${String(day).padStart(2, '0')}` });
      [city, day] = [to, day + gaps[i]!];
    }
    return { slices, maxConnections };
  })
  .filter((trip) => trip.slices.length >= 3);

describe('multi-city combinations', () => {
  test('exactly the undominated combinations while they fit, else valid, undominated among themselves, cheapest and fastest kept', () => {
    const engine = createSearchEngine(schedule, { dominance: 'interval', minStayMinutes: MIN_STAY_MINUTES });
    let exact = 0;
    fc.assert(
      fc.property(tripArb, ({ slices, maxConnections }) => {
        const result = engine.search({ slices, passengers: one, cabin: 'economy', maxConnections, now });
        if (!result.ok) return;
        const legs = result.slices.map((s) => s.itineraries.slice(0, 50));
        const got = result.combinations.map((c) => c.itineraries.map((i, leg) => legs[leg]![i]!));
        const all = allCombinations(legs, MIN_STAY_MINUTES * 60_000);
        const front = all.filter((c) => !all.some((d) => d !== c && dominates(d, c)));
        const combos = got.map((its) => all.find((c) => keyOf(c.legs) === keyOf(its))!);
        // Every combination is one of the trip's: legs in order, each after the one before by the stay.
        for (const c of combos) expect(c).toBeDefined();
        for (const c of combos) expect(combos.some((d) => d !== c && dominates(d, c))).toBe(false);
        if (all.length === 0) {
          expect(combos).toEqual([]);
          return;
        }
        const cheapest = Math.min(...all.map((c) => c.total));
        const fastest = Math.min(...all.map((c) => c.duration));
        expect(Math.min(...combos.map((c) => c.total))).toBe(cheapest);
        expect(Math.min(...combos.map((c) => c.duration))).toBe(fastest);
        if (front.length <= 100 && all.length <= 200) {
          exact++;
          expect(new Set(combos.map((c) => keyOf(c.legs)))).toEqual(new Set(front.map((c) => keyOf(c.legs))));
        }
      }),
      { numRuns: 60, seed: 20261207 },
    );
    // The exact comparison ran on a good share of the trips, not on none.
    expect(exact).toBeGreaterThan(10);
  });

  test('a narrow beam still finds the cheapest and the fastest trip of all (the fronts it keeps)', () => {
    // A cap of 3 keeps 6 partial trips after each inner leg: far fewer than the joins of dense legs.
    const narrow = createSearchEngine(schedule, {
      dominance: 'interval',
      minStayMinutes: MIN_STAY_MINUTES,
      maxCombinations: 3,
    });
    let bound = 0;
    fc.assert(
      fc.property(tripArb, ({ slices }) => {
        const result = narrow.search({ slices, passengers: one, cabin: 'economy', maxConnections: 2, now });
        if (!result.ok) return;
        const legs = result.slices.map((s) => s.itineraries.slice(0, 50));
        const all = allCombinations(legs, MIN_STAY_MINUTES * 60_000);
        if (all.length === 0) {
          expect(result.combinations).toEqual([]);
          return;
        }
        if (all.length > 12) bound++;
        const totals = result.combinations.map((c) => c.totalCents);
        const durations = result.combinations.map((c) => c.durationMinutes);
        expect(Math.min(...totals)).toBe(Math.min(...all.map((c) => c.total)));
        expect(Math.min(...durations)).toBe(Math.min(...all.map((c) => c.duration)));
      }),
      { numRuns: 40, seed: 20261208 },
    );
    // The beam was narrower than the joins on most trips: the check is not vacuous.
    expect(bound).toBeGreaterThan(10);
  });

  test('seven legs are refused; a leg before the one before it is refused under its date', () => {
    const engine = createSearchEngine(schedule);
    const leg = (origin: string, destination: string, date: string) => ({ origin, destination, date });
    const seven = Array.from({ length: 7 }, (_, i) =>
      leg(i % 2 ? 'IST' : 'TAS', i % 2 ? 'TAS' : 'IST', '2026-12-20'),
    );
    expect(
      engine.search({ slices: seven, passengers: one, cabin: 'economy', maxConnections: 1, now }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', field: 'slices' },
    });
    const back = [
      leg('TAS', 'IST', '2026-12-20'),
      leg('IST', 'DXB', '2026-12-22'),
      leg('DXB', 'TAS', '2026-12-21'),
    ];
    expect(
      engine.search({ slices: back, passengers: one, cabin: 'economy', maxConnections: 1, now }),
    ).toMatchObject({
      ok: false,
      error: { code: 'return_before_departure', field: 'slices.2.departure_date' },
    });
  });
});
