import { describe, expect, test } from 'vitest';
import {
  applyFilters,
  bucketOf,
  computeFacets,
  filtersToQuery,
  hasActiveFilters,
  NO_FILTERS,
  parseFilters,
  resetFilters,
  type ResultFilters,
} from './results-filters.ts';
import type { ResultOffer, ResultSegment } from '../../features/search/results.ts';
import { resultSlice } from '../../testing/result-offers.ts';

function segment(carrier: string, from: string, to: string, dep: string, arr: string): ResultSegment {
  return {
    flight_key: `${carrier}1-${dep.slice(0, 10)}`,
    origin: from,
    destination: to,
    departing_at: dep,
    arriving_at: arr,
    duration_minutes: 120,
    carrier: { code: carrier, name: `${carrier} Air` },
    flight_number: '1',
    aircraft: null,
  };
}

function offer(rank: number, total: string, minutes: number, segments: ResultSegment[]): ResultOffer {
  return {
    id: `off_${rank}`,
    rank,
    total_amount: total,
    fare_family: 'light',
    baggage: { cabin_kg: 10, checked_quantity: 0, checked_kg: 0 },
    seats_left: null,
    instant_payment: false,
    fares: [],
    luggage: [],
    slices: [resultSlice(minutes, segments)],
  };
}

const OFFERS = [
  offer(0, '412.50', 290, [
    segment('HY', 'TAS', 'IST', '2026-12-15T07:35:00+05:00', '2026-12-15T11:25:00+03:00'),
  ]),
  offer(1, '300.00', 600, [
    segment('SU', 'TAS', 'SVO', '2026-12-15T01:10:00+05:00', '2026-12-15T04:00:00+03:00'),
    segment('TK', 'SVO', 'IST', '2026-12-15T06:30:00+03:00', '2026-12-15T10:10:00+03:00'),
  ]),
  offer(2, '700.00', 280, [
    segment('TK', 'TAS', 'IST', '2026-12-15T19:00:00+05:00', '2026-12-15T22:40:00+03:00'),
  ]),
];

describe('the filter query (indexed arrays, readable brackets)', () => {
  test('round-trips every filter and keeps the parameters it does not own', () => {
    const filters: ResultFilters = {
      sort: 'cheapest',
      transfers: [0, 1],
      priceMin: 100,
      priceMax: 450.5,
      airlines: ['HY', 'TK'],
      departure: [['morning'], ['evening', 'night']],
      arrival: [[], ['afternoon']],
      shown: 20,
      bag: true,
      durationMax: 600,
      layoverMin: 60,
      layoverMax: 240,
      via: ['SVO', 'KRR'],
      originAirports: ['TAS'],
      destinationAirports: ['SAW', 'IST'],
    };
    const current = new URLSearchParams(
      'itinerary[0]=HY601-2026-12-15&fare=standard&transfers[0]=2&via[0]=DME&bag=0',
    );
    const query = filtersToQuery(filters, current);
    expect(query).toBe(
      'sort=cheapest&transfers[0]=0&transfers[1]=1&price[min]=100&price[max]=450.5&airlines[0]=HY&airlines[1]=TK' +
        '&departure[0][0]=morning&departure[1][0]=evening&departure[1][1]=night&arrival[1][0]=afternoon' +
        '&bag=1&duration[max]=600&layover[min]=60&layover[max]=240&via[0]=SVO&via[1]=KRR&origin[0]=TAS' +
        '&destination[0]=SAW&destination[1]=IST&shown=20&itinerary[0]=HY601-2026-12-15&fare=standard',
    );
    expect(parseFilters(new URLSearchParams(query))).toEqual({ ...filters, arrival: [[], ['afternoon']] });
  });

  test('a browser-encoded form submission (brackets as %5B%5D, gaps in the indexes) reads the same', () => {
    const parsed = parseFilters(
      new URLSearchParams(
        'transfers%5B2%5D=2&airlines%5B3%5D=TK&departure%5B0%5D%5B1%5D=morning&price%5Bmax%5D=500',
      ),
    );
    expect(parsed.transfers).toEqual([2]);
    expect(parsed.airlines).toEqual(['TK']);
    expect(parsed.departure).toEqual([['morning']]);
    expect(parsed.priceMax).toBe(500);
  });

  test('anything unreadable is ignored, never an error', () => {
    const parsed = parseFilters(
      new URLSearchParams(
        'sort=random&transfers[0]=7&airlines[0]=<script>&departure[5][0]=morning&departure[0][0]=noon&price[min]=abc&shown=-4' +
          '&bag=yes&duration[max]=-5&layover[min]=1h&via[0]=istanbul&origin[0]=SA&destination[0]=<b>',
      ),
    );
    expect(parsed).toEqual(NO_FILTERS);
    expect(hasActiveFilters(parsed)).toBe(false);
  });

  test('reversed price bounds are swapped; at most 20 entries per array (spec §9)', () => {
    const parsed = parseFilters(new URLSearchParams('price[min]=900&price[max]=100'));
    expect([parsed.priceMin, parsed.priceMax]).toEqual([100, 900]);
    const layover = parseFilters(new URLSearchParams('layover[min]=300&layover[max]=60'));
    expect([layover.layoverMin, layover.layoverMax]).toEqual([60, 300]);
    const many = Array.from(
      { length: 30 },
      (_, i) => `airlines[${i}]=${String.fromCharCode(65 + (i % 26))}${i % 10}`,
    );
    expect(parseFilters(new URLSearchParams(many.join('&'))).airlines).toHaveLength(20);
  });

  test('reset keeps the sort order and nothing else', () => {
    expect(resetFilters({ ...NO_FILTERS, sort: 'fastest', airlines: ['HY'], shown: 30 })).toEqual({
      ...NO_FILTERS,
      sort: 'fastest',
    });
  });
});

describe('filtering and sorting the loaded offers', () => {
  test('time of day buckets use the airport’s local time', () => {
    expect(bucketOf('2026-12-15T05:59:00+05:00')).toBe('night');
    expect(bucketOf('2026-12-15T06:00:00-08:00')).toBe('morning');
    expect(bucketOf('2026-12-15T12:00:00+00:00')).toBe('afternoon');
    expect(bucketOf('2026-12-15T23:59:00+14:00')).toBe('evening');
  });

  test('best keeps the API order; cheapest and fastest reorder', () => {
    const ranks = (sort: ResultFilters['sort']) =>
      applyFilters(OFFERS, { ...NO_FILTERS, sort }).map((o) => o.rank);
    expect(ranks('best')).toEqual([0, 1, 2]);
    expect(ranks('cheapest')).toEqual([1, 0, 2]);
    expect(ranks('fastest')).toEqual([2, 0, 1]);
  });

  test('each filter narrows the list', () => {
    const ranks = (f: Partial<ResultFilters>) =>
      applyFilters(OFFERS, { ...NO_FILTERS, ...f }).map((o) => o.rank);
    expect(ranks({ transfers: [0] })).toEqual([0, 2]);
    expect(ranks({ transfers: [1] })).toEqual([1]);
    expect(ranks({ priceMin: 301, priceMax: 500 })).toEqual([0]);
    // Whole units: a bound of 412 keeps 412.50.
    expect(ranks({ priceMax: 412 })).toEqual([0, 1]);
    // An offer passes when one of its flights is by a chosen airline.
    expect(ranks({ airlines: ['TK'] })).toEqual([1, 2]);
    expect(ranks({ departure: [['night', 'evening']] })).toEqual([1, 2]);
    expect(ranks({ arrival: [['morning']] })).toEqual([0, 1]);
    expect(ranks({ airlines: ['HY'], transfers: [1] })).toEqual([]);
  });

  test('facets count every option with its cheapest total', () => {
    const facets = computeFacets(OFFERS);
    expect(facets.transfers).toEqual([
      { key: 0, count: 2, min: 412.5 },
      { key: 1, count: 1, min: 300 },
    ]);
    expect(facets.price).toEqual({ min: 300, max: 700 });
    expect(facets.airlines.map((a) => [a.key, a.min, a.count])).toEqual([
      ['SU', 300, 1],
      ['TK', 300, 2],
      ['HY', 412.5, 1],
    ]);
    expect(facets.departure[0]!.map((f) => f.key)).toEqual(['night', 'morning', 'evening']);
    expect(computeFacets([]).price).toBeNull();
  });
});
