/**
 * Flight search over the time-expanded schedule graph (DESIGN §3).
 *
 * A slice search is a bounded depth-first search, deepened by number of flights (direct, then one
 * transfer, then two), so cheap and short itineraries are found first:
 *  - from each origin airport, the flights departing on the date (local date at the origin);
 *  - at each transfer airport, only routes whose destination can still reach the destination
 *    within the remaining flights (reverse BFS on the static route graph, cached per destination)
 *    and only flights inside the connection window (60 min, or 90 when the airline changes, to 24 h);
 *  - branch and bound (A*-style): a partial itinerary, or a whole route before its flights are
 *    looked at, is cut when a complete itinerary already dominates its lower bounds: price so far
 *    + the cheapest fare any remaining sequence of routes could have (each route's distance,
 *    carrier and cheapest service with the lowest weekday/booking-curve/load multipliers), and
 *    arrival ≥ now + minimum connections + shortest block times; both bounds are computed lazily
 *    per search over the real routes (tighter than great-circle distance, and still exact).
 * Results are Pareto-optimal in (price, duration, transfers): an itinerary is dropped when another
 * is no more expensive, no longer and has no more transfers, and is strictly better in one.
 * `dominance: 'interval'` compares departure and arrival instead of duration (another itinerary
 * must leave no earlier and arrive no later), which keeps a choice at every time of day;
 * `dominance: false` keeps the best `maxItinerariesPerSlice` by score instead.
 *
 * Round trips search both slices separately and combine the best of each.
 */
import type { Network } from './network.ts';
import {
  checkPassengerCounts,
  seatedPassengers,
  type PassengerCounts,
  type PassengerCountsError,
} from './passengers.ts';
import {
  arrivalTaxCents,
  composeFareCents,
  daysBeforeFactor,
  departureTaxCents,
  instanceFarePart,
  loadFactor,
  partyTotalCents,
  routeFarePart,
  slotFarePart,
  weekdayFactor,
  type FareFamily,
  type SegmentPrice,
} from './pricing.ts';
import { HORIZON_DAYS, type Cabin, type FlightInstance, type Schedule } from './schedule.ts';
import { DAY_MS, MINUTE_MS, parseDay, weekdayOf } from './schedule-time.ts';

/** Seats already sold on a flight in a cabin (inventory lives in PostgreSQL; pass a cached view). */
export type SoldSeatsFn = (flightKey: string, cabin: Cabin) => number;

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

/** A priced itinerary of one slice. Amounts in USD cents for the whole party (light fare family). */
export interface Itinerary {
  flights: FlightInstance[];
  keys: string[];
  transfers: number;
  departUtc: number;
  arriveUtc: number;
  durationMinutes: number;
  distanceKm: number;
  /** Per flight, per adult: fare and taxes, for each fare family. */
  prices: Record<FareFamily, SegmentPrice[]>;
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
  /** Flights examined; `truncated` when the expansion budget stopped the search. */
  expanded: number;
  truncated: boolean;
}

/** One result: an outbound itinerary and, for a round trip, a return one (indices into the slices). */
export interface Combination {
  itineraries: number[];
  totalCents: number;
  durationMinutes: number;
  transfers: number;
  score: number;
}

export type SearchErrorCode =
  | 'invalid_request'
  | 'unknown_origin'
  | 'unknown_destination'
  | 'same_origin_destination'
  | 'invalid_date'
  | 'date_out_of_range'
  | 'return_before_departure'
  | PassengerCountsError;

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
  /** Precomputes time-zone tables for the whole horizon from `now` (call once at start; optional). */
  warmUp(now: number): void;
  /** Sorts in place and returns the list. */
  sort<T extends { totalCents: number; durationMinutes: number; transfers: number; score: number }>(
    list: T[],
    order: SortOrder,
  ): T[];
}

interface FlightInfo {
  slot: number;
  day: number;
  dep: number;
  arr: number;
  carrier: number;
  dest: number;
  adultFare: number;
  tax: number;
  price: number;
  seatsLeft: number;
}

interface Candidate {
  price: number;
  dep: number;
  arr: number;
  duration: number;
  transfers: number;
  score: number;
  path: FlightInfo[];
}

export function createSearchEngine(schedule: Schedule, options: EngineOptions = {}): SearchEngine {
  const net = schedule.network;
  const n = net.airports.length;
  const mct = (options.minConnectionMinutes ?? 60) * MINUTE_MS;
  const mctOther = (options.minConnectionOtherAirlineMinutes ?? 90) * MINUTE_MS;
  const maxConn = (options.maxConnectionMinutes ?? 1440) * MINUTE_MS;
  const lead = (options.minLeadMinutes ?? 120) * MINUTE_MS;
  const minStay = (options.minStayMinutes ?? 120) * MINUTE_MS;
  const maxPerSlice = options.maxItinerariesPerSlice ?? 200;
  const maxOutbound = options.maxOutbound ?? 50;
  const maxReturn = options.maxReturn ?? 50;
  const maxCombinations = options.maxCombinations ?? 100;
  const mode: 'duration' | 'interval' | 'off' =
    options.dominance === false ? 'off' : options.dominance === 'interval' ? 'interval' : 'duration';
  const budget = options.expansionBudget ?? 300_000;
  const usdPerHour = options.usdPerHour ?? 25;
  const usdPerTransfer = options.usdPerTransfer ?? 40;
  const mctMinutes = mct / MINUTE_MS;

  const { routeStart, routeDestination, routeAirline, routeOrigin, routeDistanceKm } = net;
  const { routeSlotStart, slotRoute, slotMinute, slotHash, slotDays, slotBlock, slotDepartMinute } = schedule;
  const m = net.routeCount;
  const depTax = new Int32Array(n);
  const arrTax = new Int32Array(n);
  for (const a of net.airports) {
    depTax[a.index] = departureTaxCents(a.iata);
    arrTax[a.index] = arrivalTaxCents(a.iata);
  }
  // Fare parts that do not depend on the date (see pricing.ts), and per-route minima for lower bounds.
  const routePart = new Float64Array(m);
  const slotPart = [new Float64Array(schedule.slotCount), new Float64Array(schedule.slotCount)] as const;
  const routeMinPart = [new Float64Array(m), new Float64Array(m)] as const;
  const routeMinBlock = new Float64Array(m);
  const capacities = [new Int32Array(schedule.slotCount), new Int32Array(schedule.slotCount)] as const;
  for (let r = 0; r < m; r++) {
    routePart[r] = routeFarePart(routeDistanceKm[r]!, net.airlines[routeAirline[r]!]!.iata);
    let minE = Infinity;
    let minB = Infinity;
    let minBlock = Infinity;
    for (let sl = routeSlotStart[r]!; sl < routeSlotStart[r + 1]!; sl++) {
      slotPart[0][sl] = slotFarePart(slotHash[sl]!, slotMinute[sl]!, 'economy');
      slotPart[1][sl] = slotFarePart(slotHash[sl]!, slotMinute[sl]!, 'business');
      capacities[0][sl] = schedule.capacity(sl, 'economy');
      capacities[1][sl] = schedule.capacity(sl, 'business');
      minE = Math.min(minE, slotPart[0][sl]!);
      minB = Math.min(minB, slotPart[1][sl]!);
      minBlock = Math.min(minBlock, slotBlock[sl]!);
    }
    routeMinPart[0][r] = routePart[r]! * minE;
    routeMinPart[1][r] = routePart[r]! * minB;
    routeMinBlock[r] = minBlock;
  }
  const minWeekdayFactor = Math.min(...[0, 1, 2, 3, 4, 5, 6].map(weekdayFactor));
  const minLoadFactor = loadFactor(0, 1);

  const scoreOf = (priceCents: number, seated: number, minutes: number, transfers: number): number =>
    priceCents / 100 / Math.max(1, seated) + (minutes / 60) * usdPerHour + transfers * usdPerTransfer;

  /** Does complete itinerary `a` dominate any itinerary with these (lower-bound) values? */
  const dominates = (a: Candidate, p: number, dep: number, arr: number, t: number): boolean => {
    if (a.price > p || a.transfers > t) return false;
    if (mode === 'interval') {
      return a.dep >= dep && a.arr <= arr && (a.price < p || a.transfers < t || a.dep > dep || a.arr < arr);
    }
    const d = (arr - dep) / MINUTE_MS;
    return a.duration <= d && (a.price < p || a.transfers < t || a.duration < d);
  };

  /** Local calendar day of an instant at an airport. */
  const localDay = (airport: number, utc: number): number =>
    Math.floor((utc + schedule.zoneOf(airport).offsetAt(utc) * MINUTE_MS) / DAY_MS);

  interface SliceInput {
    origins: readonly number[];
    destinations: readonly number[];
    day: number;
    legs: number;
    passengers: PassengerCounts;
    cabin: Cabin;
    now: number;
    earliest: number;
    soldSeats: SoldSeatsFn | undefined;
  }

  /** Adult fare, tax and seats left of a dated flight; null when fewer than `seated` seats are left. */
  function priceFlight(
    slot: number,
    day: number,
    dep: number,
    cabin: Cabin,
    pricedAt: number,
    seated: number,
    soldSeats: SoldSeatsFn | undefined,
    family: FareFamily,
  ): { adultFare: number; tax: number; seatsLeft: number } | null {
    const r = slotRoute[slot]!;
    const c = cabin === 'business' ? 1 : 0;
    const capacity = capacities[c][slot]!;
    const sold = soldSeats ? Math.max(0, soldSeats(schedule.flightKey(slot, day), cabin) | 0) : 0;
    const seatsLeft = capacity - sold;
    if (seatsLeft < seated) return null;
    const instance = instanceFarePart(weekdayOf(day), Math.floor((dep - pricedAt) / DAY_MS), sold, capacity);
    const adultFare = composeFareCents(routePart[r]!, slotPart[c][slot]!, instance, family);
    return { adultFare, tax: depTax[routeOrigin[r]!]! + arrTax[routeDestination[r]!]!, seatsLeft };
  }

  function searchSlice(q: SliceInput): { candidates: Candidate[]; expanded: number; truncated: boolean } {
    const isO = new Uint8Array(n);
    const isD = new Uint8Array(n);
    for (const o of q.origins) isO[o] = 1;
    for (const d of q.destinations) isD[d] = 1;
    const hops = net.hopsTo(q.destinations);
    const { passengers, cabin, now, soldSeats } = q;
    const cab = cabin === 'business' ? 1 : 0;
    const minPart = routeMinPart[cab];
    const seated = seatedPassengers(passengers);
    const paxCount = seated + passengers.infants;
    const fareWeight = passengers.adults + 0.75 * passengers.children + 0.1 * passengers.infants;
    // Later flights of a slice leave within ~3 days of the first; the booking curve only falls with time.
    const instanceMin =
      minWeekdayFactor * daysBeforeFactor(Math.floor(((q.day + 4) * DAY_MS - now) / DAY_MS)) * minLoadFactor;

    // Lower bound of the party price of one flight on route r (fares round to whole dollars: 50 c slack).
    const routeLowerPrice = (r: number): number =>
      Math.max(0, (minPart[r]! * instanceMin * 100 - 50) * fareWeight - paxCount) +
      seated * (depTax[routeOrigin[r]!]! + arrTax[routeDestination[r]!]!);

    // Routes from an airport worth taking with `legsLeft` flights still to go (this one included).
    const usefulCache = new Map<number, Int32Array>();
    const useful = (b: number, legsLeft: number): Int32Array => {
      const key = b * 4 + legsLeft;
      let list = usefulCache.get(key);
      if (!list) {
        const out: number[] = [];
        for (let r = routeStart[b]!; r < routeStart[b + 1]!; r++) {
          const c = routeDestination[r]!;
          if (legsLeft === 1 ? isD[c] : !isD[c] && !isO[c] && hops[c]! <= legsLeft - 1) out.push(r);
        }
        list = Int32Array.from(out);
        usefulCache.set(key, list);
      }
      return list;
    };

    // Lazy lower bounds from an airport with exactly `legs` flights to go: party price, and flying
    // time including the connections between those flights (not the one before the first).
    const lbPriceMemo = [null, new Float64Array(n).fill(NaN), new Float64Array(n).fill(NaN)];
    const lbTimeMemo = [null, new Float64Array(n).fill(NaN), new Float64Array(n).fill(NaN)];
    const lbPrice = (c: number, legs: number): number => {
      const memo = lbPriceMemo[legs]!;
      let v = memo[c]!;
      if (v === v) return v;
      v = Infinity;
      const routes = useful(c, legs);
      for (let i = 0; i < routes.length; i++) {
        const r = routes[i]!;
        const w = routeLowerPrice(r) + (legs > 1 ? lbPrice(routeDestination[r]!, legs - 1) : 0);
        if (w < v) v = w;
      }
      memo[c] = v;
      return v;
    };
    const lbTime = (c: number, legs: number): number => {
      const memo = lbTimeMemo[legs]!;
      let v = memo[c]!;
      if (v === v) return v;
      v = Infinity;
      const routes = useful(c, legs);
      for (let i = 0; i < routes.length; i++) {
        const r = routes[i]!;
        const w = routeMinBlock[r]! + (legs > 1 ? mctMinutes + lbTime(routeDestination[r]!, legs - 1) : 0);
        if (w < v) v = w;
      }
      memo[c] = v;
      return v;
    };

    const dayBase = q.day - 1;
    const memo = new Map<number, FlightInfo | null>();
    const flight = (slot: number, day: number, dep: number): FlightInfo | null => {
      const di = day - dayBase;
      const key = di >= 0 && di < 8 ? slot * 8 + di : -1;
      let info = key >= 0 ? memo.get(key) : undefined;
      if (info === undefined) {
        const p = priceFlight(slot, day, dep, cabin, now, seated, soldSeats, 'light');
        const r = slotRoute[slot]!;
        info = p && {
          slot,
          day,
          dep,
          arr: dep + slotBlock[slot]! * MINUTE_MS,
          carrier: routeAirline[r]!,
          dest: routeDestination[r]!,
          adultFare: p.adultFare,
          tax: p.tax,
          price: partyTotalCents([p], passengers),
          seatsLeft: p.seatsLeft,
        };
        if (key >= 0) memo.set(key, info);
      }
      return info;
    };

    let frontier: Candidate[] = [];
    // Cap mode (dominance off): keep the best `maxPerSlice` by score; `worstScore` is the cut-off.
    let worstScore = Infinity;
    // `dep`/`arr`: (lower bounds of) first departure and last arrival, epoch ms.
    const prunable = (price: number, dep: number, arr: number, transfers: number): boolean => {
      if (price === Infinity || arr === Infinity) return true;
      if (mode !== 'off') {
        for (let i = 0; i < frontier.length; i++)
          if (dominates(frontier[i]!, price, dep, arr, transfers)) return true;
        return false;
      }
      return (
        frontier.length >= maxPerSlice &&
        scoreOf(price, seated, (arr - dep) / MINUTE_MS, transfers) > worstScore
      );
    };
    const complete = (price: number, dep: number, arr: number, transfers: number): void => {
      if (prunable(price, dep, arr, transfers)) return;
      const duration = (arr - dep) / MINUTE_MS;
      const cand: Candidate = {
        price,
        dep,
        arr,
        duration,
        transfers,
        score: scoreOf(price, seated, duration, transfers),
        path: path.slice(),
      };
      if (mode !== 'off') {
        frontier = frontier.filter((f) => !dominates(cand, f.price, f.dep, f.arr, f.transfers));
        frontier.push(cand);
      } else {
        frontier.push(cand);
        if (frontier.length > maxPerSlice * 2) {
          frontier.sort((a, b) => a.score - b.score);
          frontier.length = maxPerSlice;
          worstScore = frontier[maxPerSlice - 1]!.score;
        }
      }
    };

    const path: FlightInfo[] = [];
    let expanded = 0;
    let truncated = false;

    const consider = (
      info: FlightInfo,
      legsLeft: number,
      price: number,
      firstDep: number,
      transfers: number,
    ): void => {
      expanded++;
      path.push(info);
      if (legsLeft === 0) {
        complete(price, firstDep, info.arr, transfers);
      } else {
        const c = info.dest;
        const lbArrival = info.arr + (mctMinutes + lbTime(c, legsLeft)) * MINUTE_MS;
        if (!prunable(price + lbPrice(c, legsLeft), firstDep, lbArrival, transfers)) {
          extend(c, info.arr, info.carrier, legsLeft, price, firstDep, transfers);
        }
      }
      path.pop();
    };

    const visited = (c: number): boolean => {
      for (let i = 0; i < path.length; i++) if (path[i]!.dest === c) return true;
      return false;
    };

    const extend = (
      b: number,
      arr: number,
      lastCarrier: number,
      legsLeft: number,
      price: number,
      firstDep: number,
      transfers: number,
    ): void => {
      if (expanded >= budget) {
        truncated = true;
        return;
      }
      const routes = useful(b, legsLeft);
      if (routes.length === 0) return;
      const earliestSame = arr + mct;
      const earliestOther = arr + mctOther;
      const latest = arr + maxConn;
      const dayA = localDay(b, earliestSame);
      const dayB = localDay(b, latest);
      const offA = schedule.dayOffset(b, dayA);
      const offB = schedule.dayOffset(b, dayB);
      const wA = weekdayOf(dayA);
      const wB = weekdayOf(dayB);
      const bitA = 1 << wA;
      const bitB = dayB === dayA ? 0 : 1 << wB;
      const baseA = dayA * DAY_MS - offA * MINUTE_MS;
      const baseB = dayB * DAY_MS - offB * MINUTE_MS;
      for (let i = 0; i < routes.length; i++) {
        const r = routes[i]!;
        const c = routeDestination[r]!;
        if (visited(c)) continue;
        // Route-level bound before looking at its flights.
        const rest = legsLeft > 1;
        const lbP = price + routeLowerPrice(r) + (rest ? lbPrice(c, legsLeft - 1) : 0);
        const lbArrival =
          earliestSame + (routeMinBlock[r]! + (rest ? mctMinutes + lbTime(c, legsLeft - 1) : 0)) * MINUTE_MS;
        if (prunable(lbP, firstDep, lbArrival, transfers)) continue;
        const earliest = routeAirline[r] === lastCarrier ? earliestSame : earliestOther;
        for (let sl = routeSlotStart[r]!; sl < routeSlotStart[r + 1]!; sl++) {
          const days = slotDays[sl]!;
          if (days & bitA) {
            const dep =
              offA === offA
                ? baseA + slotDepartMinute[sl * 7 + wA]! * MINUTE_MS
                : schedule.departUtc(sl, dayA);
            if (dep >= earliest && dep <= latest) {
              const info = flight(sl, dayA, dep);
              if (info) consider(info, legsLeft - 1, price + info.price, firstDep, transfers);
            }
          }
          if (days & bitB) {
            const dep =
              offB === offB
                ? baseB + slotDepartMinute[sl * 7 + wB]! * MINUTE_MS
                : schedule.departUtc(sl, dayB);
            if (dep >= earliest && dep <= latest) {
              const info = flight(sl, dayB, dep);
              if (info) consider(info, legsLeft - 1, price + info.price, firstDep, transfers);
            }
          }
        }
      }
    };

    for (let legs = 1; legs <= q.legs; legs++) {
      for (const o of q.origins) {
        const routes = useful(o, legs);
        for (let i = 0; i < routes.length; i++) {
          const r = routes[i]!;
          const c = routeDestination[r]!;
          const rest = legs > 1;
          const lbP = routeLowerPrice(r) + (rest ? lbPrice(c, legs - 1) : 0);
          const lbD = routeMinBlock[r]! + (rest ? mctMinutes + lbTime(c, legs - 1) : 0);
          // (With interval dominance the departure is not known yet: no route-level cut here.)
          if (mode !== 'interval' && prunable(lbP, 0, lbD * MINUTE_MS, legs - 1)) continue;
          for (let sl = routeSlotStart[r]!; sl < routeSlotStart[r + 1]!; sl++) {
            const dep = schedule.departUtc(sl, q.day);
            if (!(dep >= q.earliest)) continue;
            const info = flight(sl, q.day, dep);
            if (info) consider(info, legs - 1, info.price, dep, legs - 1);
            if (expanded >= budget) truncated = true;
          }
        }
      }
    }
    return { candidates: frontier, expanded, truncated };
  }

  function toItinerary(
    path: readonly FlightInfo[],
    cabin: Cabin,
    passengers: PassengerCounts,
    pricedAt: number,
    soldSeats: SoldSeatsFn | undefined,
  ): Itinerary {
    const flights = path.map((f) => schedule.instance(f.slot, f.day));
    const seated = seatedPassengers(passengers);
    const light: SegmentPrice[] = path.map((f) => ({ adultFare: f.adultFare, tax: f.tax }));
    const standard: SegmentPrice[] = path.map((f) => {
      const p = priceFlight(f.slot, f.day, f.dep, cabin, pricedAt, 0, soldSeats, 'standard')!;
      return { adultFare: p.adultFare, tax: p.tax };
    });
    const first = flights[0]!;
    const last = flights[flights.length - 1]!;
    const totalCents = partyTotalCents(light, passengers);
    const durationMinutes = Math.round((last.arriveUtc - first.departUtc) / MINUTE_MS);
    return {
      flights,
      keys: flights.map((f) => f.key),
      transfers: flights.length - 1,
      departUtc: first.departUtc,
      arriveUtc: last.arriveUtc,
      durationMinutes,
      distanceKm: flights.reduce((s, f) => s + f.distanceKm, 0),
      prices: { light, standard },
      totalCents,
      seatsLeft: Math.min(...path.map((f) => f.seatsLeft)),
      score: scoreOf(totalCents, seated, durationMinutes, flights.length - 1),
    };
  }

  function sort<T extends { totalCents: number; durationMinutes: number; transfers: number; score: number }>(
    list: T[],
    order: SortOrder,
  ): T[] {
    const key =
      order === 'cheapest'
        ? (a: T, b: T) =>
            a.totalCents - b.totalCents || a.durationMinutes - b.durationMinutes || a.transfers - b.transfers
        : order === 'fastest'
          ? (a: T, b: T) =>
              a.durationMinutes - b.durationMinutes ||
              a.totalCents - b.totalCents ||
              a.transfers - b.transfers
          : (a: T, b: T) =>
              a.score - b.score || a.totalCents - b.totalCents || a.durationMinutes - b.durationMinutes;
    return list.sort(key);
  }

  function facetsOf(list: readonly Itinerary[]): SliceFacets {
    const transfers = new Map<number, number>();
    const airlines = new Map<string, number>();
    let price: SliceFacets['price'] = null;
    let departure: TimeRange | null = null;
    let arrival: TimeRange | null = null;
    for (const it of list) {
      const p = it.totalCents;
      transfers.set(it.transfers, Math.min(transfers.get(it.transfers) ?? Infinity, p));
      for (const f of new Set(it.flights.map((x) => x.carrier)))
        airlines.set(f, Math.min(airlines.get(f) ?? Infinity, p));
      price = price ? { min: Math.min(price.min, p), max: Math.max(price.max, p) } : { min: p, max: p };
      departure = departure
        ? { min: Math.min(departure.min, it.departUtc), max: Math.max(departure.max, it.departUtc) }
        : { min: it.departUtc, max: it.departUtc };
      arrival = arrival
        ? { min: Math.min(arrival.min, it.arriveUtc), max: Math.max(arrival.max, it.arriveUtc) }
        : { min: it.arriveUtc, max: it.arriveUtc };
    }
    return {
      transfers: [...transfers].sort((a, b) => a[0] - b[0]).map(([count, minPrice]) => ({ count, minPrice })),
      price,
      airlines: [...airlines]
        .map(([iata, minPrice]) => ({ iata, name: net.airline(iata)?.name ?? iata, minPrice }))
        .sort((a, b) => a.minPrice - b.minPrice || (a.iata < b.iata ? -1 : 1)),
      departure,
      arrival,
    };
  }

  function search(request: EngineSearchRequest): EngineSearchOutcome {
    const fail = (code: SearchErrorCode, field: string): EngineSearchOutcome => ({
      ok: false,
      error: { code, field },
    });
    const { passengers, cabin, now } = request;
    if (!Array.isArray(request.slices) || request.slices.length < 1 || request.slices.length > 2)
      return fail('invalid_request', 'slices');
    if (cabin !== 'economy' && cabin !== 'business') return fail('invalid_request', 'cabin_class');
    const maxConnections = request.maxConnections;
    if (!Number.isInteger(maxConnections) || maxConnections < 0 || maxConnections > 2)
      return fail('invalid_request', 'max_connections');
    if (!Number.isFinite(now)) return fail('invalid_request', 'now');
    const paxError = checkPassengerCounts(passengers);
    if (paxError) return fail(paxError, 'passengers');

    const inputs: SliceInput[] = [];
    for (const [i, slice] of request.slices.entries()) {
      const origins = net.resolvePlace(slice.origin);
      const destinations = net.resolvePlace(slice.destination);
      if (origins.length === 0) return fail('unknown_origin', `slices.${i}.origin`);
      if (destinations.length === 0) return fail('unknown_destination', `slices.${i}.destination`);
      if (slice.origin === slice.destination || origins.some((o) => destinations.includes(o))) {
        return fail('same_origin_destination', `slices.${i}.destination`);
      }
      const day = parseDay(slice.date);
      if (day === null) return fail('invalid_date', `slices.${i}.departure_date`);
      const today = Math.min(...origins.map((o) => localDay(o, now)));
      if (day < today || day >= today + HORIZON_DAYS)
        return fail('date_out_of_range', `slices.${i}.departure_date`);
      if (i === 1 && day < inputs[0]!.day)
        return fail('return_before_departure', `slices.${i}.departure_date`);
      inputs.push({
        origins,
        destinations,
        day,
        legs: maxConnections + 1,
        passengers,
        cabin,
        now,
        earliest: now + lead,
        soldSeats: request.soldSeats,
      });
    }

    const slices: SliceResult[] = inputs.map((input, i) => {
      const raw = searchSlice(input);
      const itineraries = sort(
        raw.candidates.map((c) => toItinerary(c.path, cabin, passengers, now, request.soldSeats)),
        'best',
      ).slice(0, maxPerSlice);
      return {
        origins: input.origins.map((o) => net.airports[o]!.iata),
        destinations: input.destinations.map((d) => net.airports[d]!.iata),
        date: request.slices[i]!.date,
        itineraries,
        facets: facetsOf(itineraries),
        expanded: raw.expanded,
        truncated: raw.truncated,
      };
    });

    const seated = seatedPassengers(passengers);
    let combinations: Combination[];
    if (slices.length === 1) {
      combinations = slices[0]!.itineraries.map((it, i) => ({
        itineraries: [i],
        totalCents: it.totalCents,
        durationMinutes: it.durationMinutes,
        transfers: it.transfers,
        score: it.score,
      }));
    } else {
      const out = slices[0]!.itineraries.slice(0, maxOutbound);
      const ret = slices[1]!.itineraries.slice(0, maxReturn);
      const combos: Combination[] = [];
      out.forEach((a, i) => {
        ret.forEach((b, j) => {
          if (b.departUtc < a.arriveUtc + minStay) return;
          const totalCents = a.totalCents + b.totalCents;
          const durationMinutes = a.durationMinutes + b.durationMinutes;
          const transfers = a.transfers + b.transfers;
          combos.push({
            itineraries: [i, j],
            totalCents,
            durationMinutes,
            transfers,
            score: scoreOf(totalCents, seated, durationMinutes, transfers),
          });
        });
      });
      // Best first; a dominating combination always scores strictly better (it is no dearer, no
      // longer, has no more transfers and is strictly better in one), so comparing each one with
      // the non-dominated ones kept so far is enough, and we can stop at the cap.
      const beats = (d: Combination, c: Combination): boolean => {
        if (d.totalCents > c.totalCents || d.transfers > c.transfers) return false;
        if (mode === 'duration') {
          return (
            d.durationMinutes <= c.durationMinutes &&
            (d.totalCents < c.totalCents ||
              d.transfers < c.transfers ||
              d.durationMinutes < c.durationMinutes)
          );
        }
        const d0 = out[d.itineraries[0]!]!;
        const d1 = ret[d.itineraries[1]!]!;
        const c0 = out[c.itineraries[0]!]!;
        const c1 = ret[c.itineraries[1]!]!;
        const inside = (x: Itinerary, y: Itinerary) =>
          x.departUtc >= y.departUtc && x.arriveUtc <= y.arriveUtc;
        const tighter = (x: Itinerary, y: Itinerary) =>
          x.departUtc > y.departUtc || x.arriveUtc < y.arriveUtc;
        return (
          inside(d0, c0) &&
          inside(d1, c1) &&
          (d.totalCents < c.totalCents || d.transfers < c.transfers || tighter(d0, c0) || tighter(d1, c1))
        );
      };
      sort(combos, 'best');
      const kept: Combination[] = [];
      for (const c of combos) {
        if (kept.length >= maxCombinations) break;
        if (mode === 'off' || !kept.some((d) => beats(d, c))) kept.push(c);
      }
      combinations = kept;
      // Always offer the cheapest and the fastest combination (both are never dominated).
      const cheapest = combos.reduce<Combination | undefined>(
        (a, c) =>
          !a ||
          c.totalCents < a.totalCents ||
          (c.totalCents === a.totalCents &&
            (c.transfers < a.transfers ||
              (c.transfers === a.transfers && c.durationMinutes < a.durationMinutes)))
            ? c
            : a,
        undefined,
      );
      const fastest = combos.reduce<Combination | undefined>(
        (a, c) =>
          !a ||
          c.durationMinutes < a.durationMinutes ||
          (c.durationMinutes === a.durationMinutes &&
            (c.totalCents < a.totalCents || (c.totalCents === a.totalCents && c.transfers < a.transfers)))
            ? c
            : a,
        undefined,
      );
      for (const top of [cheapest, fastest]) if (top && !combinations.includes(top)) combinations.push(top);
    }
    return { ok: true, slices, combinations };
  }

  function rebuild(keys: readonly string[], opts: RebuildOptions): Itinerary | { unavailable: true } | null {
    if (keys.length < 1 || keys.length > 3) return null;
    const seated = seatedPassengers(opts.passengers);
    const path: FlightInfo[] = [];
    const seen = new Set<number>();
    let unavailable = false;
    for (const key of keys) {
      const ref = schedule.resolveKey(key);
      if (!ref) return null;
      const dep = schedule.departUtc(ref.slot, ref.day);
      const r = slotRoute[ref.slot]!;
      const prev = path[path.length - 1];
      if (prev) {
        if (prev.dest !== routeOrigin[r]) return null;
        const gap = dep - prev.arr;
        if (gap < (prev.carrier === routeAirline[r] ? mct : mctOther) || gap > maxConn) return null;
      } else {
        seen.add(routeOrigin[r]!);
      }
      if (seen.has(routeDestination[r]!)) return null;
      seen.add(routeDestination[r]!);
      const p = priceFlight(
        ref.slot,
        ref.day,
        dep,
        opts.cabin,
        opts.pricedAt,
        seated,
        opts.soldSeats,
        'light',
      ) ?? { adultFare: 0, tax: 0, seatsLeft: 0 };
      if (p.seatsLeft < seated || p.seatsLeft <= 0) unavailable = true;
      path.push({
        slot: ref.slot,
        day: ref.day,
        dep,
        arr: dep + schedule.slotBlock[ref.slot]! * MINUTE_MS,
        carrier: routeAirline[r]!,
        dest: routeDestination[r]!,
        adultFare: p.adultFare,
        tax: p.tax,
        price: partyTotalCents([p], opts.passengers),
        seatsLeft: p.seatsLeft,
      });
    }
    if (unavailable) return { unavailable: true };
    return toItinerary(path, opts.cabin, opts.passengers, opts.pricedAt, opts.soldSeats);
  }

  function warmUp(now: number): void {
    const from = now - 2 * DAY_MS;
    const to = now + (HORIZON_DAYS + 4) * DAY_MS;
    for (let a = 0; a < n; a++) {
      const zone = schedule.zoneOf(a);
      for (let t = from; t < to + 366 * DAY_MS; t += 300 * DAY_MS) zone.offsetAt(Math.min(t, to));
    }
  }

  return { schedule, network: net, search, rebuild, sort, warmUp };
}
