/**
 * Itineraries as the engine returns them: built from a searched path (with both fare families), or
 * rebuilt from flight keys when an offer is priced again or booked.
 */
import { seatedPassengers, type PassengerCounts } from './passengers.ts';
import { partyTotalCents, type SegmentPrice } from './pricing.ts';
import type { Cabin } from './schedule.ts';
import { MINUTE_MS } from './schedule-time.ts';
import { MAX_FLIGHTS_PER_SLICE } from './search-config.ts';
import type { EngineContext } from './search-context.ts';
import type { Itinerary, RebuildOptions, SoldSeatsFn } from './search-engine-types.ts';
import { priceFlight, pricedFlight, type PricedFlight } from './search-fares.ts';

export function toItinerary(
  ctx: EngineContext,
  path: readonly PricedFlight[],
  cabin: Cabin,
  passengers: PassengerCounts,
  pricedAt: number,
  soldSeats: SoldSeatsFn | undefined,
): Itinerary {
  const flights = path.map((f) => ctx.schedule.instance(f.slot, f.day));
  const seated = seatedPassengers(passengers);
  const light: SegmentPrice[] = path.map((f) => ({ adultFare: f.adultFare, tax: f.tax }));
  // The search priced the light family; the standard one is priced here (seats were checked already).
  const party = { cabin, pricedAt, seated: 0, soldSeats };
  const standard: SegmentPrice[] = path.map((f) => {
    const p = priceFlight(ctx.schedule, ctx.fares, f.slot, f.day, f.dep, party, 'standard')!;
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
    score: ctx.score(totalCents, seated, durationMinutes, flights.length - 1),
  };
}

/** A flight with no seat for the party is still priced (at zero) so the keys can be checked to the end. */
const NO_SEATS = { adultFare: 0, tax: 0, seatsLeft: 0 };

/**
 * Re-creates an itinerary from flight keys: null when a key is unknown or the flights do not connect
 * (other airport, connection too short or too long, an airport visited twice); `unavailable` when a
 * flight has too few seats left for the party.
 */
export function rebuildItinerary(
  ctx: EngineContext,
  keys: readonly string[],
  opts: RebuildOptions,
): Itinerary | { unavailable: true } | null {
  if (keys.length < 1 || keys.length > MAX_FLIGHTS_PER_SLICE) return null;
  const { schedule } = ctx;
  const seated = seatedPassengers(opts.passengers);
  const party = { cabin: opts.cabin, pricedAt: opts.pricedAt, seated, soldSeats: opts.soldSeats };
  const path: PricedFlight[] = [];
  const seen = new Set<number>();
  let unavailable = false;
  for (const key of keys) {
    const ref = schedule.resolveKey(key);
    if (!ref) return null;
    const dep = schedule.departUtc(ref.slot, ref.day);
    if (!connects(ctx, path[path.length - 1], ref.slot, dep, seen)) return null;
    const p = priceFlight(schedule, ctx.fares, ref.slot, ref.day, dep, party, 'light') ?? NO_SEATS;
    if (p.seatsLeft < seated || p.seatsLeft <= 0) unavailable = true;
    path.push(pricedFlight(schedule, ref.slot, ref.day, dep, p, opts.passengers));
  }
  if (unavailable) return { unavailable: true };
  return toItinerary(ctx, path, opts.cabin, opts.passengers, opts.pricedAt, opts.soldSeats);
}

/** Can a slot leaving at `dep` follow `prev` (none for the first flight)? Records the airports in `seen`. */
function connects(
  ctx: EngineContext,
  prev: PricedFlight | undefined,
  slot: number,
  dep: number,
  seen: Set<number>,
): boolean {
  const { routeOrigin, routeDestination, routeAirline } = ctx.network;
  const { minConnectionMs, minConnectionOtherAirlineMs, maxConnectionMs } = ctx.config;
  const r = ctx.schedule.slotRoute[slot]!;
  if (prev) {
    if (prev.dest !== routeOrigin[r]) return false;
    const gap = dep - prev.arr;
    const minGap = prev.carrier === routeAirline[r] ? minConnectionMs : minConnectionOtherAirlineMs;
    if (gap < minGap || gap > maxConnectionMs) return false;
  } else {
    seen.add(routeOrigin[r]!);
  }
  if (seen.has(routeDestination[r]!)) return false;
  seen.add(routeDestination[r]!);
  return true;
}
