/**
 * The filters of how a trip is made, beside the spec's (results-filters.ts): a checked bag in the fare, the
 * longest journey, the time on the ground at a connection, the airports of the connections and, in a city of
 * several airports, which of them the trip leaves from and arrives at. Pure: what an offer has and whether it
 * passes; the query string and the panel are results-filters.ts's and results-filters-panel.tsx's.
 */
import type { ResultOffer } from '../../features/search/results.ts';

/** The filters of this module, as results-filters.ts keeps them (null or empty: any). */
export type TripFilters = {
  /** Only offers with a checked bag in the fare, each shown at its cheapest such fare. */
  bag: boolean;
  /** Longest journey (a slice, door to door), minutes. */
  durationMax: number | null;
  /** Time on the ground at each connection, minutes. */
  layoverMin: number | null;
  layoverMax: number | null;
  /** Airports an offer may connect at: each of its connections is at one of them (a direct flight passes). */
  via: string[];
  /** Airports of the searched origin (outbound departure, return arrival) an offer may use. */
  originAirports: string[];
  /** Airports of the searched destination (outbound arrival, return departure) an offer may use. */
  destinationAirports: string[];
};

export const NO_TRIP_FILTERS: TripFilters = {
  bag: false,
  durationMax: null,
  layoverMin: null,
  layoverMax: null,
  via: [],
  originAirports: [],
  destinationAirports: [],
};

export function hasTripFilters(f: TripFilters): boolean {
  return (
    f.bag ||
    f.durationMax !== null ||
    f.layoverMin !== null ||
    f.layoverMax !== null ||
    f.via.length > 0 ||
    f.originAirports.length > 0 ||
    f.destinationAirports.length > 0
  );
}

/**
 * The offer in its cheapest fare with a checked bag (itself when its fare has one), or null when no fare of
 * these flights has one. Its id, total, family and bags become that fare's, so the card, the price filter and
 * the sort orders all show what the traveller would pay with the bag.
 */
export function withCheckedBag(offer: ResultOffer): ResultOffer | null {
  if (offer.baggage.checked_quantity > 0) return offer;
  let best: ResultOffer['fares'][number] | null = null;
  for (const fare of offer.fares)
    if (
      fare.baggage.checked_quantity > 0 &&
      (best === null || Number(fare.total_amount) < Number(best.total_amount))
    )
      best = fare;
  return best
    ? {
        ...offer,
        id: best.offer_id,
        total_amount: best.total_amount,
        fare_family: best.fare_family,
        baggage: best.baggage,
      }
    : null;
}

/** The longest slice, door to door (minutes): what "journey duration" bounds. */
export function longestJourney(offer: ResultOffer): number {
  return Math.max(...offer.slices.map((s) => s.duration_minutes));
}

/** Each connection of the offer: the airports of the change (two when it changes airport) and its minutes. */
export function offerConnections(offer: ResultOffer): { airports: string[]; minutes: number }[] {
  const out: { airports: string[]; minutes: number }[] = [];
  for (const slice of offer.slices)
    slice.segments.forEach((seg, i) => {
      if (i === 0) return;
      const arrived = slice.segments[i - 1]!.destination;
      out.push({
        airports: arrived === seg.origin ? [seg.origin] : [arrived, seg.origin],
        minutes: seg.connection_minutes ?? 0,
      });
    });
  return out;
}

/** The airports an offer uses at the searched origin (its outbound's departure, its return's arrival). */
export function originAirportsOf(offer: ResultOffer): string[] {
  const [out, back] = offer.slices;
  return [...new Set([out!.origin, ...(back ? [back.destination] : [])])];
}

/** The airports an offer uses at the searched destination (its outbound's arrival, its return's departure). */
export function destinationAirportsOf(offer: ResultOffer): string[] {
  const [out, back] = offer.slices;
  return [...new Set([out!.destination, ...(back ? [back.origin] : [])])];
}

/** Whether an offer (already in its bag fare when `bag` is on) passes this module's filters. */
export function passesTrip(offer: ResultOffer, f: TripFilters): boolean {
  if (f.bag && offer.baggage.checked_quantity === 0) return false;
  if (f.durationMax !== null && longestJourney(offer) > f.durationMax) return false;
  for (const c of offerConnections(offer)) {
    if (f.layoverMin !== null && c.minutes < f.layoverMin) return false;
    if (f.layoverMax !== null && c.minutes > f.layoverMax) return false;
    if (f.via.length > 0 && !c.airports.every((a) => f.via.includes(a))) return false;
  }
  const within = (chosen: string[], used: string[]) =>
    chosen.length === 0 || used.every((a) => chosen.includes(a));
  return (
    within(f.originAirports, originAirportsOf(offer)) &&
    within(f.destinationAirports, destinationAirportsOf(offer))
  );
}

/** The offers as the filters price them: with `bag`, each in its bag fare where it has one (else as it is). */
export function pricedForBag(offers: readonly ResultOffer[], bag: boolean): ResultOffer[] {
  return bag ? offers.map((o) => withCheckedBag(o) ?? o) : [...offers];
}

export type AirportFacet = { key: string; count: number; min: number };

export type TripFacets = {
  /** Offers with a checked bag in some fare, and the cheapest of those fares; null when none has one. */
  bag: { count: number; min: number } | null;
  /** The longest journeys' range, minutes. */
  duration: { min: number; max: number } | null;
  /** The connections' range, minutes; null without connections. */
  layover: { min: number; max: number } | null;
  via: AirportFacet[];
  originAirports: AirportFacet[];
  destinationAirports: AirportFacet[];
};

function count(map: Map<string, AirportFacet>, keys: string[], price: number): void {
  for (const key of new Set(keys)) {
    const facet = map.get(key);
    if (facet) {
      facet.count++;
      facet.min = Math.min(facet.min, price);
    } else map.set(key, { key, count: 1, min: price });
  }
}

const byPrice = (map: Map<string, AirportFacet>) =>
  [...map.values()].sort((a, b) => a.min - b.min || a.key.localeCompare(b.key));

/** This module's filter options over the offers (priced as shown), each with its count and cheapest total. */
export function tripFacets(offers: readonly ResultOffer[]): TripFacets {
  const via = new Map<string, AirportFacet>();
  const origins = new Map<string, AirportFacet>();
  const destinations = new Map<string, AirportFacet>();
  let bag: TripFacets['bag'] = null;
  let duration: TripFacets['duration'] = null;
  let layover: TripFacets['layover'] = null;
  const widen = (r: { min: number; max: number } | null, v: number) =>
    r ? { min: Math.min(r.min, v), max: Math.max(r.max, v) } : { min: v, max: v };
  for (const offer of offers) {
    const total = Number(offer.total_amount);
    const bagged = withCheckedBag(offer);
    if (bagged) {
      const price = Number(bagged.total_amount);
      bag = bag ? { count: bag.count + 1, min: Math.min(bag.min, price) } : { count: 1, min: price };
    }
    duration = widen(duration, longestJourney(offer));
    const connections = offerConnections(offer);
    for (const c of connections) layover = widen(layover, c.minutes);
    count(
      via,
      connections.flatMap((c) => c.airports),
      total,
    );
    count(origins, originAirportsOf(offer), total);
    count(destinations, destinationAirportsOf(offer), total);
  }
  return {
    bag,
    duration,
    layover,
    via: byPrice(via),
    originAirports: byPrice(origins),
    destinationAirports: byPrice(destinations),
  };
}
