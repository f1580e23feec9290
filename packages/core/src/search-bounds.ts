/**
 * Lower bounds of one slice search (the "bound" of branch and bound). From any airport, with a given
 * number of flights still to go, nothing can reach the destination cheaper or sooner than these, so
 * a partial itinerary whose bounds a complete one already dominates is cut. Both bounds are computed
 * lazily over the real routes (tighter than great-circle distance, and still exact).
 */
import { seatedPassengers } from './passengers.ts';
import { CHILD_FARE_RATIO, daysBeforeFactor, INFANT_FARE_RATIO } from './pricing.ts';
import { DAY_MS } from './schedule-time.ts';
import { MAX_FLIGHTS_PER_SLICE } from './search-config.ts';
import type { EngineContext, SliceInput } from './search-context.ts';
import { cabinIndex } from './search-fares.ts';

export interface SliceBounds {
  /**
   * Routes from an airport worth taking with `legsLeft` flights still to go (this one included): the
   * last must land at a destination; earlier ones must land where the destination is still within
   * reach and that is neither an origin nor a destination.
   */
  usefulRoutes(airport: number, legsLeft: number): Int32Array;
  /** The party's price of one flight on a route (cents) is at least this. */
  routePrice(route: number): number;
  /** The party's price of exactly `legs` more flights from an airport (cents) is at least this. */
  priceToGo(airport: number, legs: number): number;
  /**
   * Flying exactly `legs` more flights from an airport takes at least this many minutes, counting
   * the connections between them (not the one before the first).
   */
  minutesToGo(airport: number, legs: number): number;
}

/** Later flights of a slice leave within about 3 days of the first (a connection waits ≤ 24 h). */
const SLICE_SPAN_DAYS = 4;
/** Fares round to whole dollars: a fare can be up to 50 cents below its unrounded value. */
const FARE_ROUNDING_CENTS = 50;

export function createSliceBounds(ctx: EngineContext, q: SliceInput): SliceBounds {
  const { routeDestination } = ctx.network;
  const usefulRoutes = usefulRoutesOf(ctx, q);
  const routePrice = routePriceBound(ctx, q);
  const { routeMinBlock } = ctx.fares;
  const n = ctx.network.airports.length;
  return {
    usefulRoutes,
    routePrice,
    priceToGo: boundToGo(n, usefulRoutes, routeDestination, routePrice, 0),
    minutesToGo: boundToGo(
      n,
      usefulRoutes,
      routeDestination,
      (r) => routeMinBlock[r]!,
      ctx.config.minConnectionMinutes,
    ),
  };
}

/** `usefulRoutes` of SliceBounds, cached per airport and number of flights to go. */
function usefulRoutesOf(ctx: EngineContext, q: SliceInput): SliceBounds['usefulRoutes'] {
  const { routeStart, routeDestination } = ctx.network;
  const n = ctx.network.airports.length;
  const isOrigin = new Uint8Array(n);
  const isDestination = new Uint8Array(n);
  for (const o of q.origins) isOrigin[o] = 1;
  for (const d of q.destinations) isDestination[d] = 1;
  // Fewest flights from each airport to a destination (reverse BFS on the route graph, cached).
  const hops = ctx.network.hopsTo(q.destinations);
  const cache = new Map<number, Int32Array>();
  return (b, legsLeft) => {
    const key = b * (MAX_FLIGHTS_PER_SLICE + 1) + legsLeft;
    let list = cache.get(key);
    if (!list) {
      const out: number[] = [];
      for (let r = routeStart[b]!; r < routeStart[b + 1]!; r++) {
        const c = routeDestination[r]!;
        const useful =
          legsLeft === 1 ? isDestination[c] : !isDestination[c] && !isOrigin[c] && hops[c]! <= legsLeft - 1;
        if (useful) out.push(r);
      }
      list = Int32Array.from(out);
      cache.set(key, list);
    }
    return list;
  };
}

/**
 * `routePrice` of SliceBounds: the route's cheapest slot with the lowest weekday and load multipliers
 * and the lowest booking-curve multiplier of the slice's days, for the whole party, plus taxes.
 */
function routePriceBound(ctx: EngineContext, q: SliceInput): SliceBounds['routePrice'] {
  const { passengers, now } = q;
  const { routeOrigin, routeDestination } = ctx.network;
  const { routeMinPart, departureTax, arrivalTax, minWeekdayFactor, minLoadFactor } = ctx.fares;
  const minPart = routeMinPart[cabinIndex(q.cabin)];
  const seated = seatedPassengers(passengers);
  // Child and infant fares round to whole cents: each passenger's fare can lose under a cent.
  const roundingLoss = seated + passengers.infants;
  const fareWeight =
    passengers.adults + CHILD_FARE_RATIO * passengers.children + INFANT_FARE_RATIO * passengers.infants;
  // The booking-curve factor only falls as the days before departure grow: the slice's last day bounds it.
  const mostDaysBefore = Math.floor(((q.day + SLICE_SPAN_DAYS) * DAY_MS - now) / DAY_MS);
  const instanceMin = minWeekdayFactor * daysBeforeFactor(mostDaysBefore) * minLoadFactor;
  return (r) =>
    Math.max(0, (minPart[r]! * instanceMin * 100 - FARE_ROUNDING_CENTS) * fareWeight - roundingLoss) +
    seated * (departureTax[routeOrigin[r]!]! + arrivalTax[routeDestination[r]!]!);
}

/**
 * A lazily memoised bound over exactly `legs` flights from an airport: the least, over the useful
 * routes, of the route's own cost plus (when flights remain) `between` and the bound from where it lands.
 */
function boundToGo(
  airports: number,
  usefulRoutes: SliceBounds['usefulRoutes'],
  routeDestination: Int32Array,
  routeCost: (route: number) => number,
  between: number,
): (airport: number, legs: number) => number {
  // Indexed by flights to go (1 or 2: the first flight of a slice is never bounded this way); NaN = not yet known.
  const memo = [null, new Float64Array(airports).fill(NaN), new Float64Array(airports).fill(NaN)];
  const bound = (c: number, legs: number): number => {
    const known = memo[legs]!;
    let v = known[c]!;
    if (!Number.isNaN(v)) return v;
    v = Infinity;
    const routes = usefulRoutes(c, legs);
    for (let i = 0; i < routes.length; i++) {
      const r = routes[i]!;
      const w = routeCost(r) + (legs > 1 ? between + bound(routeDestination[r]!, legs - 1) : 0);
      if (w < v) v = w;
    }
    known[c] = v;
    return v;
  };
  return bound;
}
