/**
 * The flight search engine's public types (re-exported by search.ts, which callers import).
 * Wire shapes of the API are elsewhere (search-types.ts); these are the engine's own results.
 */
import type { Network } from './network.ts';
import type { CalendarOutcome, CalendarRequest } from './search-calendar.ts';
import type { PassengerCounts, PassengerCountsError } from './passengers.ts';
import type { FareTier, SegmentPrice } from './pricing.ts';
import type { Cabin, FlightInstance, Schedule } from './schedule.ts';

/**
 * Seats already sold on a flight in a cabin (inventory lives in PostgreSQL; pass a cached view).
 * A view that names its flights (`flights`: every key it answers more than 0 for, in any cabin) spares
 * the search a key per flight it prices: most flights have nothing sold, and only those named are asked.
 */
export interface SoldSeatsFn {
  (flightKey: string, cabin: Cabin): number;
  readonly flights?: ReadonlySet<string>;
}

export type SortOrder = 'best' | 'cheapest' | 'fastest';

export interface EngineOptions {
  /** Minimum connection time with the same airline (minutes). Default 60. */
  minConnectionMinutes?: number;
  /** Minimum connection time when the airline changes (minutes). Default 90. */
  minConnectionOtherAirlineMinutes?: number;
  /** Maximum connection time (minutes). Default 24 h. */
  maxConnectionMinutes?: number;
  /** The first flight must leave at least this long after the search. Default 120. */
  minLeadMinutes?: number;
  /** Return must leave at least this long after the outbound lands. Default 120. */
  minStayMinutes?: number;
  /** Cap of itineraries kept per slice. Default 200. */
  maxItinerariesPerSlice?: number;
  /** Round trips: best outbound and return itineraries combined, and combinations kept. Defaults 50, 50, 100. */
  maxOutbound?: number;
  maxReturn?: number;
  maxCombinations?: number;
  /**
   * true (default): drop an itinerary if another is no more expensive, no longer, has no more
   * transfers and is strictly better in one. 'interval': the same with "leaves no earlier and
   * arrives no later" instead of "no longer". false: no dominance; best by score, capped.
   */
  dominance?: boolean | 'interval';
  /** Safety cap on flights examined per slice (default 300 000). */
  expansionBudget?: number;
  /** "Best" score weights: USD per hour of travel and per transfer. Defaults 25 and 40. */
  usdPerHour?: number;
  usdPerTransfer?: number;
}

export interface SliceQuery {
  /** Airport or city code. */
  origin: string;
  destination: string;
  /** Local departure date at the origin, YYYY-MM-DD. */
  date: string;
}

export interface EngineSearchRequest {
  slices: SliceQuery[];
  passengers: PassengerCounts;
  cabin: Cabin;
  /** 0, 1 or 2. */
  maxConnections: number;
  /** Time of the search (epoch ms): horizon, booking curve, earliest departure. */
  now: number;
  soldSeats?: SoldSeatsFn;
}

/** What the result orders compare: an itinerary or a combination of them. */
export interface RankedResult {
  totalCents: number;
  durationMinutes: number;
  transfers: number;
  score: number;
}

/** A priced itinerary of one slice. Amounts in USD cents for the whole party (light fare family). */
export interface Itinerary extends RankedResult {
  flights: FlightInstance[];
  keys: string[];
  transfers: number;
  departUtc: number;
  arriveUtc: number;
  durationMinutes: number;
  distanceKm: number;
  /** Per flight, per adult: fare and taxes, for each price tier (the cabin names its families). */
  prices: Record<FareTier, SegmentPrice[]>;
  /** Party total, light family. */
  totalCents: number;
  /** Fewest seats left in the cabin over the flights. */
  seatsLeft: number;
  /** "Best" score (lower is better). */
  score: number;
}

export interface TimeRange {
  /** Epoch ms. */
  min: number;
  max: number;
}

/** Filters of a result list (amounts in the result's currency, minor units). */
export interface SliceFacets {
  transfers: { count: number; minPrice: number }[];
  price: { min: number; max: number } | null;
  airlines: { iata: string; name: string; minPrice: number }[];
  departure: TimeRange | null;
  arrival: TimeRange | null;
}

export interface SliceResult {
  origins: string[];
  destinations: string[];
  date: string;
  itineraries: Itinerary[];
  facets: SliceFacets;
  /**
   * Whether the route graph links an origin to a destination within the slice's flights at all; false
   * means no date can have results ("no routes"), true with no itineraries means none on this date.
   */
  connected: boolean;
  /** Flights examined; `truncated` when the expansion budget stopped the search. */
  expanded: number;
  truncated: boolean;
}

/** One result: an outbound itinerary and, for a round trip, a return one (indices into the slices). */
export interface Combination extends RankedResult {
  itineraries: number[];
}

/** Why a route and its dates cannot be searched, whether asked by the API or by a search URL (search-segment.ts). */
export type RouteDateError =
  | 'unknown_origin'
  | 'unknown_destination'
  | 'same_origin_destination'
  | 'invalid_date'
  | 'date_out_of_range'
  | 'return_before_departure';

export type SearchErrorCode = 'invalid_request' | RouteDateError | PassengerCountsError;

export interface SearchError {
  code: SearchErrorCode;
  /** e.g. "slices.0.origin", "passengers". */
  field: string;
}

export type EngineSearchOutcome =
  { ok: true; slices: SliceResult[]; combinations: Combination[] } | { ok: false; error: SearchError };

export interface RebuildOptions {
  cabin: Cabin;
  passengers: PassengerCounts;
  /** Time used for the booking curve (the original search time keeps prices stable). */
  pricedAt: number;
  soldSeats?: SoldSeatsFn;
}

export interface SearchEngine {
  readonly schedule: Schedule;
  readonly network: Network;
  search(request: EngineSearchRequest): EngineSearchOutcome;
  /** Re-creates an itinerary from flight keys (null if a key is unknown or the connections are invalid). */
  rebuild(keys: readonly string[], options: RebuildOptions): Itinerary | { unavailable: true } | null;
  /** Cheapest one-way total per day for a route (search-calendar.ts): a month view without full searches. */
  lowestFares(request: CalendarRequest): CalendarOutcome;
  /** Precomputes time-zone tables for the whole horizon from `now` (call once at start; optional). */
  warmUp(now: number): void;
  /** Sorts in place and returns the list. */
  sort<T extends RankedResult>(list: T[], order: SortOrder): T[];
}
