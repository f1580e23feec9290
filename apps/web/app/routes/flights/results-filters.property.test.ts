/**
 * The results page's filters over any offers and any choice of filters: no shown offer breaks a filter that is
 * on (each checked here against the offer's raw flights and fares, not through the module's own helpers),
 * another filter never brings an offer back, and clearing them all gives back every offer.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyFilters, NO_FILTERS, resetFilters, type ResultFilters } from './results-filters.ts';
import type { FareOption, ResultOffer, ResultSegment } from '../../features/search/results.ts';
import { resultOffer, resultSlice } from '../../testing/result-offers.ts';

const RUNS = 300;
const AIRPORTS = ['TAS', 'SKD', 'IST', 'SAW', 'SVO', 'DME', 'VKO', 'KRR'] as const;
const FAMILIES = ['light', 'standard'] as const;

const airport = fc.constantFrom(...AIRPORTS);
const bags = fc.record({
  cabin_kg: fc.constant(10),
  checked_quantity: fc.integer({ min: 0, max: 2 }),
  checked_kg: fc.constant(23),
});

const segmentArb = fc.record({
  origin: airport,
  destination: airport,
  connection: fc.integer({ min: 30, max: 1500 }),
  hour: fc.integer({ min: 0, max: 23 }),
});

const sliceArb = fc
  .record({ segments: fc.array(segmentArb, { minLength: 1, maxLength: 3 }), extra: fc.nat(600) })
  .map(({ segments, extra }): ResultOffer['slices'][number] => {
    const segs: ResultSegment[] = segments.map((s, i) => ({
      flight_key: `HY${i}-${s.origin}-${s.destination}`,
      origin: s.origin,
      destination: s.destination,
      departing_at: `2026-12-15T${String(s.hour).padStart(2, '0')}:00:00+05:00`,
      arriving_at: `2026-12-15T${String((s.hour + 2) % 24).padStart(2, '0')}:00:00+05:00`,
      duration_minutes: 120,
      carrier: { code: 'HY', name: 'Uzbekistan Airways' },
      flight_number: String(i),
      aircraft: null,
      ...(i > 0 ? { connection_minutes: s.connection } : {}),
    }));
    const onGround = segs.reduce((sum, s) => sum + (s.connection_minutes ?? 0), 0);
    return resultSlice(120 * segs.length + onGround + extra, segs);
  });

const offersArb = fc
  .array(
    fc.record({
      slices: fc.array(sliceArb, { minLength: 1, maxLength: 2 }),
      fares: fc.uniqueArray(
        fc.record({
          family: fc.constantFrom(...FAMILIES),
          cents: fc.integer({ min: 5000, max: 200000 }),
          bags,
        }),
        { minLength: 1, maxLength: 2, selector: (f) => f.family },
      ),
    }),
    { maxLength: 12 },
  )
  .map((list) =>
    list.map(({ slices, fares }, rank): ResultOffer => {
      const options: FareOption[] = fares.map((f) => ({
        fare_family: f.family,
        offer_id: `off_${rank}_${f.family}`,
        total_amount: (f.cents / 100).toFixed(2),
        baggage: f.bags,
      }));
      return resultOffer(rank, options, slices);
    }),
  );

const minutesArb = fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null });
const airportsArb = fc.uniqueArray(airport, { maxLength: 4 });
const filtersArb: fc.Arbitrary<ResultFilters> = fc.record({
  sort: fc.constantFrom('best', 'cheapest', 'fastest'),
  transfers: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }),
  priceMin: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }),
  priceMax: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }),
  airlines: fc.constant([]),
  departure: fc.constant([]),
  arrival: fc.constant([]),
  shown: fc.constant(NO_FILTERS.shown),
  bag: fc.boolean(),
  durationMax: minutesArb,
  layoverMin: minutesArb,
  layoverMax: minutesArb,
  via: airportsArb,
  originAirports: airportsArb,
  destinationAirports: airportsArb,
});

/** Every way the offer breaks a filter that is on, read from its flights as the traveller would. */
function broken(shown: ResultOffer, original: ResultOffer, f: ResultFilters): string[] {
  const out: string[] = [];
  if (f.bag) {
    const withBag = original.fares.filter((x) => x.baggage.checked_quantity > 0);
    if (shown.baggage.checked_quantity === 0) out.push('bag');
    const cheapest = Math.min(...withBag.map((x) => Number(x.total_amount)));
    // Its own fare when that has a bag; else the cheapest fare that has one.
    const expected = original.baggage.checked_quantity > 0 ? Number(original.total_amount) : cheapest;
    if (Number(shown.total_amount) !== expected) out.push('bag price');
  }
  const total = Number(shown.total_amount);
  if (f.priceMin !== null && Math.ceil(total) < f.priceMin) out.push('price min');
  if (f.priceMax !== null && Math.floor(total) > f.priceMax) out.push('price max');
  for (const [s, slice] of shown.slices.entries()) {
    if (f.durationMax !== null && slice.duration_minutes > f.durationMax) out.push('duration');
    for (let i = 1; i < slice.segments.length; i++) {
      const before = slice.segments[i - 1]!;
      const seg = slice.segments[i]!;
      const minutes = seg.connection_minutes!;
      if (f.layoverMin !== null && minutes < f.layoverMin) out.push('layover min');
      if (f.layoverMax !== null && minutes > f.layoverMax) out.push('layover max');
      if (f.via.length > 0 && (!f.via.includes(before.destination) || !f.via.includes(seg.origin)))
        out.push('via');
    }
    const start = s === 0 ? slice.origin : slice.destination;
    const end = s === 0 ? slice.destination : slice.origin;
    if (f.originAirports.length > 0 && !f.originAirports.includes(start)) out.push('origin');
    if (f.destinationAirports.length > 0 && !f.destinationAirports.includes(end)) out.push('destination');
  }
  if (f.transfers.length > 0 && !f.transfers.includes(Math.max(...shown.slices.map((x) => x.transfers))))
    out.push('transfers');
  return out;
}

describe('the filters over any offers', () => {
  test('no shown offer breaks a filter that is on', () => {
    fc.assert(
      fc.property(offersArb, filtersArb, (offers, f) => {
        for (const shown of applyFilters(offers, f)) {
          const original = offers[shown.rank]!;
          expect(broken(shown, original, f)).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('an offer that breaks no filter is shown, and one more filter never brings an offer back', () => {
    const extras = [
      'durationMax',
      'layoverMin',
      'layoverMax',
      'via',
      'originAirports',
      'destinationAirports',
    ];
    fc.assert(
      fc.property(offersArb, filtersArb, filtersArb, fc.constantFrom(...extras), (offers, f, g, key) => {
        const ranks = (x: ResultFilters) => new Set(applyFilters(offers, x).map((o) => o.rank));
        const shown = ranks(f);
        for (const original of offers) {
          // The offer as "bag included" prices it (itself without that filter).
          const priced = f.bag
            ? (applyFilters([original], { ...NO_FILTERS, bag: true })[0] ?? null)
            : original;
          const passes = priced !== null && broken(priced, original, f).length === 0;
          expect(shown.has(original.rank)).toBe(passes);
        }
        // One of the trip's filters, off in f, turned on as in g: a subset of f's offers.
        const off = { ...f, [key]: NO_FILTERS[key as keyof ResultFilters] };
        const on = { ...off, [key]: g[key as keyof ResultFilters] };
        const before = ranks(off);
        for (const rank of ranks(on)) expect(before.has(rank)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  test('clearing every filter gives back every offer, each as the search priced it', () => {
    fc.assert(
      fc.property(offersArb, filtersArb, (offers, f) => {
        const all = applyFilters(offers, resetFilters(f));
        expect(all.map((o) => o.id).sort()).toEqual(offers.map((o) => o.id).sort());
        expect(all.every((o) => o === offers[o.rank])).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
