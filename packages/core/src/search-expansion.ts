/**
 * One slice search over the time-expanded schedule: a bounded depth-first search, deepened by number
 * of flights (direct, then one transfer, then two), so cheap and short itineraries are found first.
 *  - From each origin airport: the flights departing on the date (local date at the origin).
 *  - At each transfer airport: only routes whose destination can still reach the destination within
 *    the flights left (SliceBounds.usefulRoutes), never back to an airport of the path, and only
 *    flights inside the connection window (60 min, or 90 when the airline changes, to 24 h).
 *  - Branch and bound: a partial itinerary, or a whole route before its flights are looked at, is
 *    cut when a complete itinerary already dominates its lower bounds (search-bounds.ts,
 *    search-frontier.ts). A route's connections are taken earliest first (search-departures.ts) and
 *    the route is left at the first one so cut: a later one arrives later at no lower a bound. That
 *    took a search of the benchmark's mix from ~2,300 flights examined per slice to ~350.
 * `SliceSearch` holds the whole state of one search: the path being built, the frontier of complete
 * itineraries, and the count of flights examined against the expansion budget.
 */
import { seatedPassengers, type PassengerCounts } from './passengers.ts';
import type { Schedule } from './schedule.ts';
import { DAY_MS, MINUTE_MS, weekdayOf } from './schedule-time.ts';
import { SliceBounds } from './search-bounds.ts';
import type { SearchConfig } from './search-config.ts';
import { localDay, type EngineContext, type SliceInput } from './search-context.ts';
import {
  priceFlight,
  pricedFlight,
  soldFlightsOf,
  type PricedFlight,
  type PricingParty,
} from './search-fares.ts';
import type { DepartureOrder } from './search-departures.ts';
import { Frontier, type Candidate } from './search-frontier.ts';
import { MEMO_DAYS, type FlightMemo } from './search-flight-memo.ts';

export interface SliceSearchResult {
  candidates: Candidate[];
  /** Flights examined; `truncated` when the expansion budget stopped the search. */
  expanded: number;
  truncated: boolean;
}

export function searchSlice(ctx: EngineContext, q: SliceInput): SliceSearchResult {
  const search = new SliceSearch(ctx, q);
  search.run();
  return { candidates: search.frontier.candidates, expanded: search.expanded, truncated: search.truncated };
}

/** Slots depart on the weekdays of a 7-bit mask; departure minutes are per slot and weekday. */
const WEEKDAYS = 7;

/** Where the next flight of a route must leave, and what any itinerary continuing with it is at least. */
interface ConnectionWindow {
  priceBound: number;
  /** From the flight's departure to the destination, at least (ms). */
  toGoMs: number;
  earliest: number;
  latest: number;
}

/** A local day on which connections may leave an airport. */
interface DepartureDay {
  day: number;
  weekday: number;
  /** The weekday's bit in a slot's operating days; 0 when this day is not to be looked at. */
  bit: number;
  /** UTC instant of local midnight; NaN when the airport's UTC offset changes around that day. */
  midnight: number;
}

function departureDay(schedule: Schedule, airport: number, day: number, include: boolean): DepartureDay {
  const weekday = weekdayOf(day);
  const offset = schedule.dayOffset(airport, day);
  return { day, weekday, bit: include ? 1 << weekday : 0, midnight: day * DAY_MS - offset * MINUTE_MS };
}

/** Priced flights of the slice, memoised: the same flight is reached along many paths. */
class SliceFlights {
  private readonly ctx: EngineContext;
  private readonly party: PricingParty;
  private readonly passengers: PassengerCounts;
  private readonly firstDay: number;
  private readonly memo: FlightMemo;

  constructor(ctx: EngineContext, q: SliceInput) {
    this.ctx = ctx;
    this.party = {
      cabin: q.cabin,
      pricedAt: q.now,
      seated: seatedPassengers(q.passengers),
      soldSeats: q.soldSeats,
      soldFlights: soldFlightsOf(ctx.schedule, ctx.soldFlights, q.soldSeats),
    };
    this.passengers = q.passengers;
    this.firstDay = q.day - 1;
    this.memo = ctx.flightMemo;
    this.memo.begin();
  }

  /** The flight of `slot` on local `day`, leaving at `dep`, priced; null when too few seats are left. */
  get(slot: number, day: number, dep: number): PricedFlight | null {
    const d = day - this.firstDay;
    const key = d >= 0 && d < MEMO_DAYS ? slot * MEMO_DAYS + d : -1;
    if (key >= 0) {
      const known = this.memo.get(key);
      if (known !== undefined) return known;
    }
    const { schedule, fares } = this.ctx;
    const p = priceFlight(schedule, fares, slot, day, dep, this.party, 'light');
    const flight = p && pricedFlight(schedule, slot, day, dep, p, this.passengers);
    if (key >= 0) this.memo.set(key, flight);
    return flight;
  }
}

class SliceSearch {
  readonly frontier: Frontier;
  expanded = 0;
  truncated = false;
  private readonly schedule: Schedule;
  private readonly config: SearchConfig;
  private readonly q: SliceInput;
  private readonly bounds: SliceBounds;
  private readonly flights: SliceFlights;
  // The tables of the inner loops, read once (they run millions of times per search).
  private readonly routeDestination: Int32Array;
  private readonly routeAirline: Int32Array;
  private readonly routeMinBlock: Float64Array;
  private readonly routeSlotStart: Int32Array;
  private readonly departureOrder: DepartureOrder;
  private readonly slotDepartMinute: Int16Array;
  /** The partial itinerary being extended, its first departure and its number of transfers when complete. */
  private readonly path: PricedFlight[] = [];
  private firstDep = 0;
  private transfers = 0;

  constructor(ctx: EngineContext, q: SliceInput) {
    this.schedule = ctx.schedule;
    this.config = ctx.config;
    this.q = q;
    this.bounds = new SliceBounds(ctx, q);
    this.flights = new SliceFlights(ctx, q);
    this.routeDestination = ctx.network.routeDestination;
    this.routeAirline = ctx.network.routeAirline;
    this.routeMinBlock = ctx.fares.routeMinBlock;
    this.routeSlotStart = ctx.schedule.routeSlotStart;
    this.departureOrder = ctx.departureOrder;
    this.slotDepartMinute = ctx.schedule.slotDepartMinute;
    const { dominance, maxItinerariesPerSlice } = ctx.config;
    this.frontier = new Frontier(
      dominance,
      maxItinerariesPerSlice,
      ctx.score,
      seatedPassengers(q.passengers),
    );
  }

  /** Direct flights first, then one transfer, then two: early complete itineraries cut more. */
  run(): void {
    for (let legs = 1; legs <= this.q.legs; legs++) {
      this.transfers = legs - 1;
      for (const origin of this.q.origins) this.firstFlights(origin, legs);
    }
  }

  /** Every first flight from an origin on the date, for itineraries of exactly `legs` flights. */
  private firstFlights(origin: number, legs: number): void {
    const { schedule, routeSlotStart } = this;
    const { day, earliest } = this.q;
    const routes = this.bounds.usefulRoutes(origin, legs);
    for (let i = 0; i < routes.length; i++) {
      const r = routes[i]!;
      const c = this.routeDestination[r]!;
      const rest = legs > 1;
      const price = this.bounds.routePrice(r) + (rest ? this.bounds.priceToGo(c, legs - 1) : 0);
      const minutes =
        this.routeMinBlock[r]! +
        (rest ? this.config.minConnectionMinutes + this.bounds.minutesToGo(c, legs - 1) : 0);
      // With interval dominance the departure is not known yet: no route-level cut here, but one per flight
      // before it is priced.
      const interval = this.config.dominance === 'interval';
      if (!interval && this.frontier.prunable(price, 0, minutes * MINUTE_MS, legs - 1)) continue;
      for (let sl = routeSlotStart[r]!; sl < routeSlotStart[r + 1]!; sl++) {
        const dep = schedule.departUtc(sl, day);
        if (!(dep >= earliest)) continue; // also skips NaN: the slot does not fly that day
        if (interval && this.frontier.prunable(price, dep, dep + minutes * MINUTE_MS, legs - 1)) continue;
        const info = this.flights.get(sl, day, dep);
        this.firstDep = dep;
        if (info) this.consider(info, legs - 1, info.price);
        if (this.expanded >= this.config.expansionBudget) this.truncated = true;
      }
    }
  }

  /** Adds a flight to the path: completes the itinerary, or extends it when bounds allow. */
  private consider(info: PricedFlight, legsLeft: number, price: number): void {
    this.expanded++;
    this.path.push(info);
    if (legsLeft === 0) {
      this.frontier.add(price, this.firstDep, info.arr, this.transfers, this.path);
    } else {
      const c = info.dest;
      const arrivalBound =
        info.arr + (this.config.minConnectionMinutes + this.bounds.minutesToGo(c, legsLeft)) * MINUTE_MS;
      if (
        !this.frontier.prunable(
          price + this.bounds.priceToGo(c, legsLeft),
          this.firstDep,
          arrivalBound,
          this.transfers,
        )
      ) {
        this.extend(c, info.arr, info.carrier, legsLeft, price);
      }
    }
    this.path.pop();
  }

  private visited(airport: number): boolean {
    const path = this.path;
    for (let i = 0; i < path.length; i++) if (path[i]!.dest === airport) return true;
    return false;
  }

  /** Tries the connections at `airport` after landing at `arr` with `lastCarrier`. */
  private extend(airport: number, arr: number, lastCarrier: number, legsLeft: number, price: number): void {
    if (this.expanded >= this.config.expansionBudget) {
      this.truncated = true;
      return;
    }
    const routes = this.bounds.usefulRoutes(airport, legsLeft);
    if (routes.length === 0) return;
    const { schedule, routeDestination, routeAirline } = this;
    const { minConnectionMs, minConnectionOtherAirlineMs, maxConnectionMs } = this.config;
    const earliestSame = arr + minConnectionMs;
    const earliestOther = arr + minConnectionOtherAirlineMs;
    const latest = arr + maxConnectionMs;
    // The window spans at most two local days (the second is skipped when it is the same day).
    const dayA = localDay(schedule, airport, earliestSame);
    const dayB = localDay(schedule, airport, latest);
    const a = departureDay(schedule, airport, dayA, true);
    const b = departureDay(schedule, airport, dayB, dayB !== dayA);
    for (let i = 0; i < routes.length; i++) {
      const r = routes[i]!;
      const c = routeDestination[r]!;
      if (this.visited(c)) continue;
      // Lower bounds of every itinerary continuing with a flight of route r: its price, and the time from
      // that flight's departure to the destination.
      const rest = legsLeft > 1;
      const priceBound =
        price + this.bounds.routePrice(r) + (rest ? this.bounds.priceToGo(c, legsLeft - 1) : 0);
      const toGoMs =
        (this.routeMinBlock[r]! +
          (rest ? this.config.minConnectionMinutes + this.bounds.minutesToGo(c, legsLeft - 1) : 0)) *
        MINUTE_MS;
      // None of the route's flights can leave before earliestSame: a bound for the whole route.
      if (this.frontier.prunable(priceBound, this.firstDep, earliestSame + toGoMs, this.transfers)) continue;
      const earliest = routeAirline[r] === lastCarrier ? earliestSame : earliestOther;
      const bounds = { priceBound, toGoMs, earliest, latest };
      if (this.connectOn(r, a, bounds, legsLeft, price) && b.bit !== 0)
        this.connectOn(r, b, bounds, legsLeft, price);
    }
  }

  /**
   * The flights of route `r` on day `d` that leave inside the connection window, earliest first. Returns
   * false when it stopped because every later flight is too late or already beaten: a later one arrives
   * later, at no lower a price bound (on a day whose UTC offset changes, the order may not hold: none is cut).
   */
  private connectOn(
    r: number,
    d: DepartureDay,
    w: ConnectionWindow,
    legsLeft: number,
    price: number,
  ): boolean {
    const { start, slots } = this.departureOrder;
    const ordered = !Number.isNaN(d.midnight);
    const from = start[r * WEEKDAYS + d.weekday]!;
    const to = start[r * WEEKDAYS + d.weekday + 1]!;
    for (let k = from; k < to; k++) {
      const sl = slots[k]!;
      const dep = ordered
        ? d.midnight + this.slotDepartMinute[sl * WEEKDAYS + d.weekday]! * MINUTE_MS
        : this.schedule.departUtc(sl, d.day);
      if (dep < w.earliest) continue;
      if (
        dep > w.latest ||
        this.frontier.prunable(w.priceBound, this.firstDep, dep + w.toGoMs, this.transfers)
      ) {
        if (ordered) return false;
        continue;
      }
      const info = this.flights.get(sl, d.day, dep);
      if (info) this.consider(info, legsLeft - 1, price + info.price);
    }
    return true;
  }
}
