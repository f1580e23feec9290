/**
 * The results page's view of a search: the parts of the API's offers (docs/design.md §3, Duffel-like) the
 * page shows, trimmed by the loader so the streamed page stays small (no price breakdown, no per-segment
 * cabin or distance).
 */
import type { Cabin, PassengerCounts, PlaceValue } from './search-form.ts';

import { FARE_FAMILIES, type FareFamily } from '@parvoz/contracts/vocabulary';

export type { FareFamily };

/** A search's route in words ("Tashkent → Istanbul"): the results page's heading and title. */
export const routeName = (origin: PlaceValue, destination: PlaceValue) =>
  `${origin.name} → ${destination.name}`;

/**
 * A multi-city trip's route: its stops in order ("Tashkent → Istanbul → Antalya → Tashkent"); a leg that starts
 * elsewhere than the last one ended (an open jaw) starts a new run after a comma.
 */
export function legsRouteName(legs: readonly { origin: PlaceValue; destination: PlaceValue }[]): string {
  const runs: string[][] = [];
  for (const [i, leg] of legs.entries()) {
    if (i > 0 && legs[i - 1]!.destination.code === leg.origin.code) runs.at(-1)!.push(leg.destination.name);
    else runs.push([leg.origin.name, leg.destination.name]);
  }
  return runs.map((run) => run.join(' → ')).join(', ');
}

/** A fare family from a link's `?fare=` (an unknown one: the base fare; the API maps it to the cabin's). */
export function asFareFamily(value: string | null): FareFamily {
  return FARE_FAMILIES.find((family) => family === value) ?? 'light';
}

export type ResultSegment = {
  flight_key: string;
  origin: string;
  destination: string;
  /** Local ISO date-times with the airport's offset. */
  departing_at: string;
  arriving_at: string;
  duration_minutes: number;
  carrier: { code: string; name: string };
  /** Without the carrier code ("601"). */
  flight_number: string;
  aircraft: string | null;
  /** Time on the ground before this flight; absent on a slice's first flight. */
  connection_minutes?: number;
};

export type ResultSlice = {
  origin: string;
  destination: string;
  departing_at: string;
  arriving_at: string;
  duration_minutes: number;
  transfers: number;
  segments: ResultSegment[];
};

export type Baggage = { cabin_kg: number; checked_quantity: number; checked_kg: number };

/** The same flights in a fare family (the offer itself is one of them). */
export type FareOption = {
  fare_family: FareFamily;
  offer_id: string;
  total_amount: string;
  baggage: Baggage;
};

/** "Add luggage": one 23 kg bag per passenger it suits, on one slice. */
export type LuggageOption = {
  id: string;
  slice_index: number;
  weight_kg: number;
  /** Per passenger, in the search currency. */
  amount: string;
  passenger_types: ('adult' | 'child' | 'infant')[];
};

export type ResultOffer = {
  id: string;
  /** Position in the API's "best" order. */
  rank: number;
  total_amount: string;
  fare_family: FareFamily;
  baggage: Baggage;
  /** Set when fewer than 10 seats are left on some flight. */
  seats_left: number | null;
  /** The airline will not hold this offer: it is booked there only once the traveller has paid (docs/duffel.md). */
  instant_payment: boolean;
  fares: FareOption[];
  luggage: LuggageOption[];
  slices: ResultSlice[];
};

export type SearchOk = {
  kind: 'ok';
  search_id: string;
  currency: string;
  /** When the offers stop being valid (UTC ISO). */
  expires_at: string;
  /** The server's clock when the answer was made (ms), to measure the remaining lifetime on any clock. */
  served_at: number;
  passengers: PassengerCounts;
  cabin: Cabin;
  /** false: no flights connect these places on any date ("no routes", not "try other dates"). */
  connected: boolean;
  /** true: a supplier (Duffel) did not answer in time, so some offers may be missing (docs/duffel.md). */
  incomplete: boolean;
  offers: ResultOffer[];
};

/**
 * A results page's first answer: with another supplier (Duffel) still searching, the built-in offers and `more`,
 * the merged list to come (a failure there means the first list stands, some results missing).
 */
export type FirstOutcome = SearchFailure | (SearchOk & { more?: Promise<SearchOutcome> });

export type SearchFailure = {
  kind: 'error';
  /** invalid: the API refused the search (e.g. a date that has passed at the origin); busy: rate limited. */
  reason: 'invalid' | 'busy' | 'unavailable';
  /** The API's reason when invalid (e.g. "date_out_of_range"). */
  code?: string;
};

export type SearchOutcome = SearchOk | SearchFailure;

/** The shared ticket link's itinerary, re-priced now. */
export type SharedOutcome =
  { kind: 'ok'; offer: ResultOffer; currency: string; expires_at: string; served_at: number } | SearchFailure;

/** One day of the ±3-day strip: the cheapest total for the trip moved by `offset` days. */
export type StripDay = {
  offset: number;
  depart: string;
  ret: string | null;
  segment: string;
  /** Cheapest total in major units, or null when nothing flies (or the search failed). */
  min_amount: string | null;
};

export type DateStrip = {
  currency: string;
  days: StripDay[];
  /**
   * With another supplier (Duffel) still searching, the chosen day's cheapest total over both suppliers once
   * their merged list is in (day 0 shows the first answer's until then).
   */
  chosenMore?: Promise<string | null>;
};

/** The lowest total of a list of offers, in major units as the API writes it (null for none). */
export function cheapestTotal(offers: readonly Pick<ResultOffer, 'total_amount'>[]): string | null {
  let min: string | null = null;
  for (const offer of offers)
    if (min === null || Number(offer.total_amount) < Number(min)) min = offer.total_amount;
  return min;
}

/** Total of the slices' door-to-door times. */
export function offerDuration(offer: ResultOffer): number {
  return offer.slices.reduce((sum, s) => sum + s.duration_minutes, 0);
}

/** The most transfers in any slice (what the "transfers" filter counts). */
export function offerTransfers(offer: ResultOffer): number {
  return Math.max(...offer.slices.map((s) => s.transfers));
}

/** Every carrier flying in the offer, once, in order of appearance. */
export function offerCarriers(offer: ResultOffer): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const slice of offer.slices)
    for (const seg of slice.segments)
      if (!seen.has(seg.carrier.code)) seen.set(seg.carrier.code, seg.carrier.name);
  return [...seen].map(([code, name]) => ({ code, name }));
}

/** The flight keys per slice: what a shared ticket link carries (flight numbers and dates, never a price). */
export function itineraryKeys(offer: ResultOffer): string[][] {
  return offer.slices.map((s) => s.segments.map((seg) => seg.flight_key));
}
