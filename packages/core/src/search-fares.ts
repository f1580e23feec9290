/**
 * Fares of dated flights as the search needs them: the parts of a fare that do not depend on the
 * date are computed once per engine (pricing.ts splits a fare into route × slot × instance parts),
 * with per-route minima for the search's lower bounds.
 */
import type { PassengerCounts } from './passengers.ts';
import {
  arrivalTaxCents,
  composeFareCents,
  departureTaxCents,
  instanceFarePart,
  loadFactor,
  partyTotalCents,
  routeFarePart,
  slotFarePart,
  weekdayFactor,
  type FareTier,
} from './pricing.ts';
import type { Cabin, Schedule } from './schedule.ts';
import { DAY_MS, MINUTE_MS, weekdayOf } from './schedule-time.ts';
import type { SoldSeatsFn } from './search-engine-types.ts';

/** Index of a cabin in the per-cabin tables. */
export type CabinIndex = 0 | 1;
export const cabinIndex = (cabin: Cabin): CabinIndex => (cabin === 'business' ? 1 : 0);

/** Per airport, route and slot: what a fare is made of, computed once per engine. */
export interface FareTables {
  /** Per airport, per seated passenger (cents). */
  departureTax: Int32Array;
  arrivalTax: Int32Array;
  /** Per route: distance fare × carrier level (USD). */
  routePart: Float64Array;
  /** Per cabin, per slot: variation × time of day (× business multiplier). */
  slotPart: readonly [Float64Array, Float64Array];
  /** Per cabin, per route: routePart × its cheapest slot part. */
  routeMinPart: readonly [Float64Array, Float64Array];
  /** Per route: shortest block time of its slots (minutes). */
  routeMinBlock: Float64Array;
  /** Per cabin, per slot: seats. */
  capacity: readonly [Int32Array, Int32Array];
  /** Lowest weekday and load multipliers (for lower bounds). */
  minWeekdayFactor: number;
  minLoadFactor: number;
}

export function buildFareTables(schedule: Schedule): FareTables {
  const net = schedule.network;
  const routes = net.routeCount;
  const slots = schedule.slotCount;
  const t: FareTables = {
    departureTax: new Int32Array(net.airports.length),
    arrivalTax: new Int32Array(net.airports.length),
    routePart: new Float64Array(routes),
    slotPart: [new Float64Array(slots), new Float64Array(slots)],
    routeMinPart: [new Float64Array(routes), new Float64Array(routes)],
    routeMinBlock: new Float64Array(routes),
    capacity: [new Int32Array(slots), new Int32Array(slots)],
    minWeekdayFactor: Math.min(...[0, 1, 2, 3, 4, 5, 6].map(weekdayFactor)),
    minLoadFactor: loadFactor(0, 1),
  };
  for (const a of net.airports) {
    t.departureTax[a.index] = departureTaxCents(a.iata);
    t.arrivalTax[a.index] = arrivalTaxCents(a.iata);
  }
  for (let r = 0; r < routes; r++) fillRoute(schedule, t, r);
  return t;
}

/** The route's part, its slots' parts and capacities, and the route's minima. */
function fillRoute(schedule: Schedule, t: FareTables, r: number): void {
  const net = schedule.network;
  const { routeSlotStart, slotHash, slotMinute, slotBlock } = schedule;
  t.routePart[r] = routeFarePart(net.routeDistanceKm[r]!, net.airlines[net.routeAirline[r]!]!.iata);
  let minEconomy = Infinity;
  let minBusiness = Infinity;
  let minBlock = Infinity;
  for (let sl = routeSlotStart[r]!; sl < routeSlotStart[r + 1]!; sl++) {
    t.slotPart[0][sl] = slotFarePart(slotHash[sl]!, slotMinute[sl]!, 'economy');
    t.slotPart[1][sl] = slotFarePart(slotHash[sl]!, slotMinute[sl]!, 'business');
    t.capacity[0][sl] = schedule.capacity(sl, 'economy');
    t.capacity[1][sl] = schedule.capacity(sl, 'business');
    minEconomy = Math.min(minEconomy, t.slotPart[0][sl]!);
    minBusiness = Math.min(minBusiness, t.slotPart[1][sl]!);
    minBlock = Math.min(minBlock, slotBlock[sl]!);
  }
  t.routeMinPart[0][r] = t.routePart[r]! * minEconomy;
  t.routeMinPart[1][r] = t.routePart[r]! * minBusiness;
  t.routeMinBlock[r] = minBlock;
}

/** Who is flying and when the price is taken: the same for every flight of a search. */
export interface PricingParty {
  cabin: Cabin;
  /** Time of the booking curve (the search time, or the original one when rebuilding). */
  pricedAt: number;
  /** Seats the party needs: a flight with fewer left is not offered. */
  seated: number;
  soldSeats: SoldSeatsFn | undefined;
  /** The flights with seats sold (`soldFlightsOf`): the others are not asked. Absent: every flight is. */
  soldFlights?: ReadonlySet<number> | undefined;
}

/** One adult's fare and taxes on a dated flight (cents), and the seats left in the cabin. */
export interface FlightPrice {
  adultFare: number;
  tax: number;
  seatsLeft: number;
}

/** Prices a dated flight (slot on a local day, leaving at `dep`); null when too few seats are left. */
export function priceFlight(
  schedule: Schedule,
  t: FareTables,
  slot: number,
  day: number,
  dep: number,
  party: PricingParty,
  family: FareTier,
): FlightPrice | null {
  const r = schedule.slotRoute[slot]!;
  const c = cabinIndex(party.cabin);
  const capacity = t.capacity[c][slot]!;
  const { soldSeats, soldFlights } = party;
  const sold =
    soldSeats && (soldFlights === undefined || soldFlights.has(soldFlightId(slot, day)))
      ? Math.max(0, soldSeats(schedule.flightKey(slot, day), party.cabin) | 0)
      : 0;
  const seatsLeft = capacity - sold;
  if (seatsLeft < party.seated) return null;
  const daysBefore = Math.floor((dep - party.pricedAt) / DAY_MS);
  const instance = instanceFarePart(weekdayOf(day), daysBefore, sold, capacity);
  const adultFare = composeFareCents(t.routePart[r]!, t.slotPart[c][slot]!, instance, family);
  const net = schedule.network;
  const tax = t.departureTax[net.routeOrigin[r]!]! + t.arrivalTax[net.routeDestination[r]!]!;
  return { adultFare, tax, seatsLeft };
}

/** A small integer per slot and day (a V8 small integer for up to 262,143 slots): Set lookups stay cheap. */
const soldFlightId = (slot: number, day: number): number => slot * 4096 + (day & 4095);

/**
 * The flights a sold-seats view names, as numbers (`soldFlightId`), once per view and kept while the view
 * is: undefined when the view does not name its flights, so every flight is asked. The ids keep a day's
 * last 12 bits only, so a flight 11 years apart may be asked too: harmless, the view answers 0 for it.
 * A key the schedule does not know is left out: no search prices its flight.
 */
export function soldFlightsOf(
  schedule: Schedule,
  known: WeakMap<SoldSeatsFn, ReadonlySet<number>>,
  soldSeats: SoldSeatsFn | undefined,
): ReadonlySet<number> | undefined {
  const keys = soldSeats?.flights;
  if (!soldSeats || !keys) return undefined;
  let flights = known.get(soldSeats);
  if (!flights) {
    const ids = new Set<number>();
    for (const key of keys) {
      const ref = schedule.resolveKey(key);
      if (ref) ids.add(soldFlightId(ref.slot, ref.day));
    }
    flights = ids;
    known.set(soldSeats, flights);
  }
  return flights;
}

/** A dated flight on a path being searched, priced for the party (light fare family). */
export interface PricedFlight {
  slot: number;
  /** Local departure day at the origin. */
  day: number;
  /** Departure and arrival, epoch ms. */
  dep: number;
  arr: number;
  /** Airline and destination airport (indices). */
  carrier: number;
  dest: number;
  /** Per adult (cents). */
  adultFare: number;
  tax: number;
  /** The whole party (cents). */
  price: number;
  seatsLeft: number;
}

export function pricedFlight(
  schedule: Schedule,
  slot: number,
  day: number,
  dep: number,
  p: FlightPrice,
  passengers: PassengerCounts,
): PricedFlight {
  const r = schedule.slotRoute[slot]!;
  return {
    slot,
    day,
    dep,
    arr: dep + schedule.slotBlock[slot]! * MINUTE_MS,
    carrier: schedule.network.routeAirline[r]!,
    dest: schedule.network.routeDestination[r]!,
    adultFare: p.adultFare,
    tax: p.tax,
    price: partyTotalCents([p], passengers),
    seatsLeft: p.seatsLeft,
  };
}
