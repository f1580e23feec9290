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

/** Later flights of a slice leave within about 3 days of the first (a connection waits ≤ 24 h). */
const SLICE_SPAN_DAYS = 4;
/** Fares round to whole dollars: a fare can be up to 50 cents below its unrounded value. */
const FARE_ROUNDING_CENTS = 50;

export class SliceBounds {
  private readonly routeStart: Int32Array;
  private readonly routeOrigin: Int32Array;
  private readonly routeDestination: Int32Array;
  private readonly routeMinBlock: Float64Array;
  private readonly minConnectionMinutes: number;
  private readonly isOrigin: Uint8Array;
  private readonly isDestination: Uint8Array;
  /** Fewest flights from each airport to a destination (reverse BFS on the route graph). */
  private readonly hops: Uint8Array;
  /** usefulRoutes by airport and flights to go (an array: a Map lookup here cost ~5 % of a search). */
  private readonly useful: (Int32Array | undefined)[];
  // Per route: the cheapest fare part of the cabin and the taxes of a seat.
  private readonly routeMinPart: Float64Array;
  private readonly departureTax: Int32Array;
  private readonly arrivalTax: Int32Array;
  // The party and the lowest date-dependent multiplier of the slice (see routePrice).
  private readonly instanceMin: number;
  private readonly fareWeight: number;
  private readonly roundingLoss: number;
  private readonly seated: number;
  /** Memos indexed by flights to go (1 or 2: the first flight of a slice never asks); NaN = not yet known. */
  private readonly priceMemo: (Float64Array | null)[];
  private readonly minutesMemo: (Float64Array | null)[];

  constructor(ctx: EngineContext, q: SliceInput) {
    const net = ctx.network;
    const n = net.airports.length;
    this.routeStart = net.routeStart;
    this.routeOrigin = net.routeOrigin;
    this.routeDestination = net.routeDestination;
    this.routeMinBlock = ctx.fares.routeMinBlock;
    this.minConnectionMinutes = ctx.config.minConnectionMinutes;
    this.isOrigin = new Uint8Array(n);
    this.isDestination = new Uint8Array(n);
    for (const o of q.origins) this.isOrigin[o] = 1;
    for (const d of q.destinations) this.isDestination[d] = 1;
    this.hops = net.hopsTo(q.destinations);
    this.useful = new Array<Int32Array | undefined>(n * (MAX_FLIGHTS_PER_SLICE + 1));
    this.routeMinPart = ctx.fares.routeMinPart[cabinIndex(q.cabin)];
    this.departureTax = ctx.fares.departureTax;
    this.arrivalTax = ctx.fares.arrivalTax;
    const { passengers } = q;
    this.seated = seatedPassengers(passengers);
    // Child and infant fares round to whole cents: each passenger's fare can lose under a cent.
    this.roundingLoss = this.seated + passengers.infants;
    this.fareWeight =
      passengers.adults + CHILD_FARE_RATIO * passengers.children + INFANT_FARE_RATIO * passengers.infants;
    // The booking-curve factor only falls as the days before departure grow: the slice's last day bounds it.
    const mostDaysBefore = Math.floor(((q.day + SLICE_SPAN_DAYS) * DAY_MS - q.now) / DAY_MS);
    const { minWeekdayFactor, minLoadFactor } = ctx.fares;
    this.instanceMin = minWeekdayFactor * daysBeforeFactor(mostDaysBefore) * minLoadFactor;
    this.priceMemo = [null, new Float64Array(n).fill(NaN), new Float64Array(n).fill(NaN)];
    this.minutesMemo = [null, new Float64Array(n).fill(NaN), new Float64Array(n).fill(NaN)];
  }

  /**
   * Routes from an airport worth taking with `legsLeft` flights still to go (this one included): the
   * last must land at a destination; earlier ones must land where the destination is still within
   * reach and that is neither an origin nor a destination. Cached.
   */
  usefulRoutes(airport: number, legsLeft: number): Int32Array {
    const key = airport * (MAX_FLIGHTS_PER_SLICE + 1) + legsLeft;
    let list = this.useful[key];
    if (list === undefined) {
      const { routeDestination, isDestination, isOrigin, hops } = this;
      const out: number[] = [];
      for (let r = this.routeStart[airport]!; r < this.routeStart[airport + 1]!; r++) {
        const c = routeDestination[r]!;
        const useful =
          legsLeft === 1 ? isDestination[c] : !isDestination[c] && !isOrigin[c] && hops[c]! <= legsLeft - 1;
        if (useful) out.push(r);
      }
      list = Int32Array.from(out);
      this.useful[key] = list;
    }
    return list;
  }

  /**
   * The party's price of one flight on a route (cents) is at least this: the route's cheapest slot
   * with the lowest weekday, load and booking-curve multipliers, for the whole party, plus taxes.
   */
  routePrice(r: number): number {
    const fare = (this.routeMinPart[r]! * this.instanceMin * 100 - FARE_ROUNDING_CENTS) * this.fareWeight;
    const taxes = this.departureTax[this.routeOrigin[r]!]! + this.arrivalTax[this.routeDestination[r]!]!;
    return Math.max(0, fare - this.roundingLoss) + this.seated * taxes;
  }

  /** The party's price of exactly `legs` more flights from an airport (cents) is at least this. */
  priceToGo(airport: number, legs: number): number {
    const known = this.priceMemo[legs]![airport]!;
    return Number.isNaN(known) ? this.leastToGo(this.priceMemo, airport, legs, this.priceVia) : known;
  }

  /**
   * Flying exactly `legs` more flights from an airport takes at least this many minutes, counting
   * the connections between them (not the one before the first).
   */
  minutesToGo(airport: number, legs: number): number {
    const known = this.minutesMemo[legs]![airport]!;
    return Number.isNaN(known) ? this.leastToGo(this.minutesMemo, airport, legs, this.minutesVia) : known;
  }

  /** At least the price of `legs` flights starting with route `r`. */
  private readonly priceVia = (r: number, legs: number): number =>
    this.routePrice(r) + (legs > 1 ? this.priceToGo(this.routeDestination[r]!, legs - 1) : 0);

  /** At least the minutes of `legs` flights starting with route `r`. */
  private readonly minutesVia = (r: number, legs: number): number =>
    this.routeMinBlock[r]! +
    (legs > 1 ? this.minConnectionMinutes + this.minutesToGo(this.routeDestination[r]!, legs - 1) : 0);

  /** The least `via` over the useful routes from the airport, then kept in `memos[legs]` (the callers look first). */
  private leastToGo(
    memos: (Float64Array | null)[],
    airport: number,
    legs: number,
    via: (r: number, legs: number) => number,
  ): number {
    let v = Infinity;
    const routes = this.usefulRoutes(airport, legs);
    for (let i = 0; i < routes.length; i++) {
      const w = via(routes[i]!, legs);
      if (w < v) v = w;
    }
    memos[legs]![airport] = v;
    return v;
  }
}
