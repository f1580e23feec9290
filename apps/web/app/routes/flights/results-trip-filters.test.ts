import { describe, expect, test } from 'vitest';
import { applyFilters, computeFacets, NO_FILTERS, type ResultFilters } from './results-filters.ts';
import { offerConnections, tripFacets, withCheckedBag } from './results-trip-filters.ts';
import type { Baggage, FareOption, ResultSegment } from '../../features/search/results.ts';
import { resultOffer, resultSlice } from '../../testing/result-offers.ts';

const NO_BAG: Baggage = { cabin_kg: 10, checked_quantity: 0, checked_kg: 0 };
const BAG: Baggage = { cabin_kg: 10, checked_quantity: 1, checked_kg: 23 };

/** A flight of an hour and a half; `connection` the minutes on the ground before it. */
function flight(from: string, to: string, connection?: number): ResultSegment {
  return {
    flight_key: `HY1-${from}-${to}`,
    origin: from,
    destination: to,
    departing_at: '2026-12-15T07:00:00+05:00',
    arriving_at: '2026-12-15T08:30:00+05:00',
    duration_minutes: 90,
    carrier: { code: 'HY', name: 'Uzbekistan Airways' },
    flight_number: '1',
    aircraft: null,
    ...(connection !== undefined ? { connection_minutes: connection } : {}),
  };
}

function fare(family: FareOption['fare_family'], total: string, baggage: Baggage): FareOption {
  return { fare_family: family, offer_id: `off_${family}_${total}`, total_amount: total, baggage };
}

const slice = resultSlice;
const offer = resultOffer;

// Samarkand to Istanbul (IST and SAW): direct; via Tashkent to SAW with a bag in its only fare; via Moscow,
// landing at DME and leaving from VKO, no fare with a bag; via Tashkent and Krasnodar, a night in Krasnodar.
const DIRECT = offer(
  0,
  [fare('light', '300.00', NO_BAG), fare('standard', '360.00', BAG)],
  [slice(240, [flight('SKD', 'IST')])],
);
const VIA_TAS = offer(
  1,
  [fare('standard', '420.00', BAG)],
  [slice(480, [flight('SKD', 'TAS'), flight('TAS', 'SAW', 90)])],
);
const VIA_MOSCOW = offer(
  2,
  [fare('light', '250.00', NO_BAG)],
  [slice(900, [flight('SKD', 'DME'), flight('VKO', 'IST', 300)])],
);
const OVERNIGHT = offer(
  3,
  [fare('light', '200.00', NO_BAG), fare('standard', '500.00', BAG)],
  [slice(1500, [flight('SKD', 'TAS'), flight('TAS', 'KRR', 60), flight('KRR', 'IST', 1080)])],
);
const OFFERS = [DIRECT, VIA_TAS, VIA_MOSCOW, OVERNIGHT];

const ranks = (f: Partial<ResultFilters>, offers = OFFERS) =>
  applyFilters(offers, { ...NO_FILTERS, ...f }).map((o) => o.rank);

describe('the filters of how a trip is made', () => {
  test('bag included: offers with a checked bag in some fare, each shown at its cheapest such fare', () => {
    const shown = applyFilters(OFFERS, { ...NO_FILTERS, bag: true, sort: 'cheapest' });
    expect(shown.map((o) => [o.rank, o.total_amount, o.fare_family, o.id])).toEqual([
      [0, '360.00', 'standard', 'off_standard_360.00'],
      [1, '420.00', 'standard', 'off_standard_420.00'],
      [3, '500.00', 'standard', 'off_standard_500.00'],
    ]);
    expect(shown.every((o) => o.baggage.checked_quantity > 0)).toBe(true);
    // The price bounds apply to the price with the bag: 300 keeps the direct flight without it only.
    expect(ranks({ priceMax: 300 })).toEqual([0, 2, 3]);
    expect(ranks({ priceMax: 300, bag: true })).toEqual([]);
    expect(withCheckedBag(VIA_MOSCOW)).toBeNull();
    expect(withCheckedBag(VIA_TAS)).toBe(VIA_TAS);
  });

  test('journey duration bounds the longest slice, door to door', () => {
    expect(ranks({ durationMax: 480 })).toEqual([0, 1]);
    expect(ranks({ durationMax: 239 })).toEqual([]);
    const roundTrip = offer(
      4,
      [fare('light', '600.00', NO_BAG)],
      [slice(240, [flight('SKD', 'IST')]), slice(500, [flight('IST', 'SKD')])],
    );
    expect(ranks({ durationMax: 480 }, [roundTrip])).toEqual([]);
    expect(ranks({ durationMax: 500 }, [roundTrip])).toEqual([4]);
  });

  test('connection length bounds every connection; a direct flight has none and passes', () => {
    expect(ranks({ layoverMin: 90 })).toEqual([0, 1, 2]);
    expect(ranks({ layoverMax: 300 })).toEqual([0, 1, 2]);
    expect(ranks({ layoverMin: 61, layoverMax: 299 })).toEqual([0, 1]);
  });

  test('connection airports: each connection at a chosen one (a change of airport needs both)', () => {
    expect(offerConnections(VIA_MOSCOW)).toEqual([{ airports: ['DME', 'VKO'], minutes: 300 }]);
    expect(ranks({ via: ['TAS'] })).toEqual([0, 1]);
    expect(ranks({ via: ['TAS', 'KRR'] })).toEqual([0, 1, 3]);
    expect(ranks({ via: ['DME'] })).toEqual([0]);
    expect(ranks({ via: ['DME', 'VKO'] })).toEqual([0, 2]);
  });

  test("the searched cities' airports: outbound departure and return arrival, and the other way round", () => {
    expect(ranks({ destinationAirports: ['SAW'] })).toEqual([1]);
    expect(ranks({ destinationAirports: ['IST'] })).toEqual([0, 2, 3]);
    expect(ranks({ originAirports: ['SKD'] })).toEqual([0, 1, 2, 3]);
    // Out to IST and back from SAW: it uses both of Istanbul's airports.
    const openJaw = offer(
      5,
      [fare('light', '600.00', NO_BAG)],
      [slice(240, [flight('SKD', 'IST')]), slice(240, [flight('SAW', 'SKD')])],
    );
    expect(ranks({ destinationAirports: ['IST'] }, [openJaw])).toEqual([]);
    expect(ranks({ destinationAirports: ['IST', 'SAW'] }, [openJaw])).toEqual([5]);
    expect(ranks({ originAirports: ['SKD'] }, [openJaw])).toEqual([5]);
  });

  test('facets: what the filters offer, with counts and the cheapest total of each', () => {
    const facets = tripFacets(OFFERS);
    expect(facets.bag).toEqual({ count: 3, min: 360 });
    expect(facets.duration).toEqual({ min: 240, max: 1500 });
    expect(facets.layover).toEqual({ min: 60, max: 1080 });
    expect(facets.via.map((f) => [f.key, f.count, f.min])).toEqual([
      ['KRR', 1, 200],
      ['TAS', 2, 200],
      ['DME', 1, 250],
      ['VKO', 1, 250],
    ]);
    expect(facets.originAirports.map((f) => f.key)).toEqual(['SKD']);
    expect(facets.destinationAirports.map((f) => [f.key, f.count])).toEqual([
      ['IST', 3],
      ['SAW', 1],
    ]);
    // With the bag on, the prices are the bag fares' (an offer without one keeps its own).
    const bagged = computeFacets(OFFERS, true);
    expect(bagged.price).toEqual({ min: 250, max: 500 });
    expect(bagged.via.find((f) => f.key === 'TAS')!.min).toBe(420);
    expect(tripFacets([])).toEqual({
      bag: null,
      duration: null,
      layover: null,
      via: [],
      originAirports: [],
      destinationAirports: [],
    });
  });
});
