/**
 * Sorting and filtering of the loaded offers, all in the browser (instant), with the state in the URL query
 * so a filtered view can be shared (spec §2 "Search results with filters", §7 indexed arrays):
 *
 *   ?sort=cheapest&transfers[0]=0&transfers[1]=1&price[min]=400&price[max]=900&airlines[0]=HY
 *    &departure[0][0]=morning&arrival[1][0]=evening&shown=20
 *    &bag=1&duration[max]=600&layover[min]=60&layover[max]=240&via[0]=IST&origin[0]=TAS&destination[0]=SAW
 *
 * (the filters of how a trip is made, from `bag` on, are results-trip-filters.ts's).
 * Brackets stay readable, values are percent-encoded. Parameters this module does not own (the shared
 * ticket's `itinerary[...]`, `fare`) are kept as they are.
 */
import {
  offerCarriers,
  offerDuration,
  offerTransfers,
  type ResultOffer,
} from '../../features/search/results.ts';
import {
  hasTripFilters,
  NO_TRIP_FILTERS,
  passesTrip,
  pricedForBag,
  tripFacets,
  type TripFacets,
  type TripFilters,
} from './results-trip-filters.ts';

export const SORT_ORDERS = ['best', 'cheapest', 'fastest'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Local time of day at the airport: night 00–06, morning 06–12, afternoon 12–18, evening 18–24. */
export const TIME_BUCKETS = ['night', 'morning', 'afternoon', 'evening'] as const;
export type TimeBucket = (typeof TIME_BUCKETS)[number];

export const PAGE_SIZE = 10;
/** Spec §9: arrays of at most 20 entries. */
const ARRAY_LIMIT = 20;
const MAX_SLICES = 2;

export type ResultFilters = {
  sort: SortOrder;
  /** Allowed "most transfers in a slice" counts; empty means any. */
  transfers: number[];
  /** Total price bounds in major units of the search currency; null means open. */
  priceMin: number | null;
  priceMax: number | null;
  /** Carrier codes; an offer passes when one of its flights is by one of them. Empty means any. */
  airlines: string[];
  /** Per slice (outbound, return): allowed departure / arrival times of day; empty means any. */
  departure: TimeBucket[][];
  arrival: TimeBucket[][];
  /** Offers shown (pages of PAGE_SIZE). */
  shown: number;
} & TripFilters;

export const NO_FILTERS: ResultFilters = {
  sort: 'best',
  transfers: [],
  priceMin: null,
  priceMax: null,
  airlines: [],
  departure: [],
  arrival: [],
  shown: PAGE_SIZE,
  ...NO_TRIP_FILTERS,
};

const OWN_KEY =
  /^(sort|shown|bag|transfers(\[\d*\])?|airlines(\[\d*\])?|price\[(min|max)\]|(departure|arrival)\[\d\](\[\d*\])?|duration\[max\]|layover\[(min|max)\]|(via|origin|destination)(\[\d*\])?)$/;
const AIRPORT_KEY = /^(via|origin|destination)(\[\d*\])?$/;

function isTimeBucket(value: string): value is TimeBucket {
  return (TIME_BUCKETS as readonly string[]).includes(value);
}

function unique<T>(list: T[]): T[] {
  return [...new Set(list)].slice(0, ARRAY_LIMIT);
}

function amount(value: string | null): number | null {
  if (value === null || !/^\d{1,12}(\.\d{1,2})?$/.test(value)) return null;
  return Number(value);
}

function minutes(value: string | null): number | null {
  return value !== null && /^\d{1,5}$/.test(value) ? Number(value) : null;
}

/** Reads the filters from a query string; anything unreadable is ignored (never an error). */
export function parseFilters(params: URLSearchParams): ResultFilters {
  const sort = params.get('sort');
  const transfers: number[] = [];
  const airlines: string[] = [];
  const departure: TimeBucket[][] = [];
  const arrival: TimeBucket[][] = [];
  const airports: Record<'via' | 'origin' | 'destination', string[]> = {
    via: [],
    origin: [],
    destination: [],
  };
  for (const [key, value] of params) {
    const airport = AIRPORT_KEY.exec(key);
    if (airport && /^[A-Z]{3}$/.test(value)) airports[airport[1] as keyof typeof airports].push(value);
    else if (/^transfers(\[\d*\])?$/.test(key) && /^[0-2]$/.test(value)) transfers.push(Number(value));
    else if (/^airlines(\[\d*\])?$/.test(key) && /^[A-Z0-9]{2}$/.test(value)) airlines.push(value);
    else {
      const m = /^(departure|arrival)\[(\d)\](\[\d*\])?$/.exec(key);
      if (m && Number(m[2]) < MAX_SLICES && isTimeBucket(value)) {
        const list = m[1] === 'departure' ? departure : arrival;
        const slice = Number(m[2]);
        while (list.length <= slice) list.push([]);
        list[slice]!.push(value);
      }
    }
  }
  let priceMin = amount(params.get('price[min]'));
  let priceMax = amount(params.get('price[max]'));
  if (priceMin !== null && priceMax !== null && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  let layoverMin = minutes(params.get('layover[min]'));
  let layoverMax = minutes(params.get('layover[max]'));
  if (layoverMin !== null && layoverMax !== null && layoverMin > layoverMax)
    [layoverMin, layoverMax] = [layoverMax, layoverMin];
  const shown = Number(params.get('shown'));
  return {
    sort: (SORT_ORDERS as readonly string[]).includes(sort ?? '') ? (sort as SortOrder) : 'best',
    transfers: unique(transfers).sort(),
    priceMin,
    priceMax,
    airlines: unique(airlines),
    departure: departure.map(unique),
    arrival: arrival.map(unique),
    shown: Number.isInteger(shown) && shown > PAGE_SIZE ? Math.min(shown, 1000) : PAGE_SIZE,
    bag: params.get('bag') === '1',
    durationMax: minutes(params.get('duration[max]')),
    layoverMin,
    layoverMax,
    via: unique(airports.via),
    originAirports: unique(airports.origin),
    destinationAirports: unique(airports.destination),
  };
}

function pair(key: string, value: string | number): string {
  return `${key}=${encodeURIComponent(String(value))}`;
}

/** The query string (no "?") for these filters, keeping the parameters of `current` that filters do not own. */
export function filtersToQuery(filters: ResultFilters, current?: URLSearchParams): string {
  const parts: string[] = [];
  if (filters.sort !== 'best') parts.push(pair('sort', filters.sort));
  filters.transfers.forEach((t, i) => parts.push(pair(`transfers[${i}]`, t)));
  if (filters.priceMin !== null) parts.push(pair('price[min]', filters.priceMin));
  if (filters.priceMax !== null) parts.push(pair('price[max]', filters.priceMax));
  filters.airlines.forEach((a, i) => parts.push(pair(`airlines[${i}]`, a)));
  for (const [name, lists] of [
    ['departure', filters.departure],
    ['arrival', filters.arrival],
  ] as const) {
    lists.forEach((list, s) => list.forEach((b, i) => parts.push(pair(`${name}[${s}][${i}]`, b))));
  }
  if (filters.bag) parts.push(pair('bag', 1));
  if (filters.durationMax !== null) parts.push(pair('duration[max]', filters.durationMax));
  if (filters.layoverMin !== null) parts.push(pair('layover[min]', filters.layoverMin));
  if (filters.layoverMax !== null) parts.push(pair('layover[max]', filters.layoverMax));
  for (const [name, list] of [
    ['via', filters.via],
    ['origin', filters.originAirports],
    ['destination', filters.destinationAirports],
  ] as const)
    list.forEach((a, i) => parts.push(pair(`${name}[${i}]`, a)));
  if (filters.shown > PAGE_SIZE) parts.push(pair('shown', filters.shown));
  if (current) {
    for (const [key, value] of current)
      if (!OWN_KEY.test(key)) parts.push(`${key}=${encodeURIComponent(value)}`);
  }
  return parts.join('&');
}

/** Whether any filter (not the sort order) narrows the list. */
export function hasActiveFilters(f: ResultFilters): boolean {
  return (
    f.transfers.length > 0 ||
    f.priceMin !== null ||
    f.priceMax !== null ||
    f.airlines.length > 0 ||
    f.departure.some((l) => l.length > 0) ||
    f.arrival.some((l) => l.length > 0) ||
    hasTripFilters(f)
  );
}

/** The same sort order with every filter cleared ("reset filter"). */
export function resetFilters(f: ResultFilters): ResultFilters {
  return { ...NO_FILTERS, sort: f.sort };
}

/** The time-of-day bucket of a local ISO date-time ("2026-12-15T07:35:00+05:00" → morning). */
export function bucketOf(localIso: string): TimeBucket {
  const hour = Number(localIso.slice(11, 13));
  return hour < 6 ? 'night' : hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
}

export function offerTotal(offer: ResultOffer): number {
  return Number(offer.total_amount);
}

function passes(offer: ResultOffer, f: ResultFilters): boolean {
  if (f.transfers.length > 0 && !f.transfers.includes(offerTransfers(offer))) return false;
  const total = offerTotal(offer);
  if (f.priceMin !== null && Math.ceil(total) < f.priceMin) return false;
  // The slider moves in whole units: a bound of 412 keeps 412.50.
  if (f.priceMax !== null && Math.floor(total) > f.priceMax) return false;
  if (f.airlines.length > 0 && !offerCarriers(offer).some((c) => f.airlines.includes(c.code))) return false;
  for (const [i, slice] of offer.slices.entries()) {
    const dep = f.departure[i];
    if (dep && dep.length > 0 && !dep.includes(bucketOf(slice.departing_at))) return false;
    const arr = f.arrival[i];
    if (arr && arr.length > 0 && !arr.includes(bucketOf(slice.arriving_at))) return false;
  }
  return passesTrip(offer, f);
}

/**
 * Offers that pass every filter, in the chosen order. With "bag included" each is first priced in its
 * cheapest fare with a checked bag, so the price bounds and the orders apply to what the traveller pays.
 */
export function applyFilters(offers: readonly ResultOffer[], f: ResultFilters): ResultOffer[] {
  return sortOffers(
    pricedForBag(offers, f.bag).filter((o) => passes(o, f)),
    f.sort,
  );
}

/** Cheapest: price, then time; fastest: time, then price; best: the API's order (price, time and transfers). */
export function sortOffers(offers: ResultOffer[], order: SortOrder): ResultOffer[] {
  const list = [...offers];
  if (order === 'cheapest')
    list.sort(
      (a, b) => offerTotal(a) - offerTotal(b) || offerDuration(a) - offerDuration(b) || a.rank - b.rank,
    );
  else if (order === 'fastest')
    list.sort(
      (a, b) => offerDuration(a) - offerDuration(b) || offerTotal(a) - offerTotal(b) || a.rank - b.rank,
    );
  else list.sort((a, b) => a.rank - b.rank);
  return list;
}

export type Facet<K> = { key: K; count: number; min: number };

export type ResultFacets = {
  transfers: Facet<number>[];
  price: { min: number; max: number } | null;
  airlines: (Facet<string> & { name: string })[];
  /** Per slice, the buckets that occur. */
  departure: Facet<TimeBucket>[][];
  arrival: Facet<TimeBucket>[][];
} & TripFacets;

function add<K>(map: Map<K, Facet<K>>, key: K, price: number): void {
  const facet = map.get(key);
  if (facet) {
    facet.count++;
    facet.min = Math.min(facet.min, price);
  } else map.set(key, { key, count: 1, min: price });
}

/**
 * The filter options over all offers, each with its count and cheapest total; with `bag`, the totals of the
 * offers' fares with a checked bag where they have one.
 */
export function computeFacets(all: readonly ResultOffer[], bag = false): ResultFacets {
  const offers = pricedForBag(all, bag);
  const transfers = new Map<number, Facet<number>>();
  const airlines = new Map<string, Facet<string>>();
  const names = new Map<string, string>();
  const sliceCount = Math.max(0, ...offers.map((o) => o.slices.length));
  const departure = Array.from({ length: sliceCount }, () => new Map<TimeBucket, Facet<TimeBucket>>());
  const arrival = Array.from({ length: sliceCount }, () => new Map<TimeBucket, Facet<TimeBucket>>());
  let min = Infinity;
  let max = -Infinity;
  for (const offer of offers) {
    const total = offerTotal(offer);
    min = Math.min(min, total);
    max = Math.max(max, total);
    add(transfers, offerTransfers(offer), total);
    for (const c of offerCarriers(offer)) {
      add(airlines, c.code, total);
      names.set(c.code, c.name);
    }
    offer.slices.forEach((s, i) => {
      add(departure[i]!, bucketOf(s.departing_at), total);
      add(arrival[i]!, bucketOf(s.arriving_at), total);
    });
  }
  const byBucket = (m: Map<TimeBucket, Facet<TimeBucket>>) =>
    TIME_BUCKETS.flatMap((b) => (m.has(b) ? [m.get(b)!] : []));
  return {
    transfers: [...transfers.values()].sort((a, b) => a.key - b.key),
    price: offers.length ? { min, max } : null,
    airlines: [...airlines.values()]
      .map((f) => ({ ...f, name: names.get(f.key) ?? f.key }))
      .sort((a, b) => a.min - b.min || a.name.localeCompare(b.name)),
    departure: departure.map(byBucket),
    arrival: arrival.map(byBucket),
    ...tripFacets(offers),
  };
}
