/**
 * Test support: a brute-force reference search. It enumerates every itinerary of up to
 * maxConnections + 1 flights from the expanded departure boards, applies the rules of docs/design.md §3
 * independently of the engine, prices each one and keeps the Pareto set (price, duration,
 * transfers). The engine's branch-and-bound must return exactly this set.
 */
import type { PassengerCounts } from './passengers.ts';
import type { Cabin, FlightInstance } from './schedule.ts';
import type { SearchEngine, SoldSeatsFn } from './search.ts';

export interface OracleQuery {
  origin: string;
  destination: string;
  date: string;
  maxConnections: number;
  passengers: PassengerCounts;
  cabin: Cabin;
  now: number;
  soldSeats?: SoldSeatsFn;
  minLeadMinutes?: number;
}

export interface OracleItinerary {
  keys: string[];
  totalCents: number;
  durationMinutes: number;
  transfers: number;
  departUtc: number;
  arriveUtc: number;
}

const MIN = 60_000;

/**
 * All valid itineraries (pareto: false), or only the non-dominated ones: by (price, duration,
 * transfers) (default), or by (price, departure, arrival, transfers) with 'interval'.
 */
export function bruteForceSlice(
  engine: SearchEngine,
  q: OracleQuery,
  pareto: boolean | 'interval' = true,
): OracleItinerary[] {
  const net = engine.network;
  const schedule = engine.schedule;
  const origins = new Set(net.resolvePlace(q.origin).map((i) => net.airports[i]!.iata));
  const destinations = new Set(net.resolvePlace(q.destination).map((i) => net.airports[i]!.iata));
  const earliest = q.now + (q.minLeadMinutes ?? 120) * MIN;
  // Sound cut: a flight is only worth taking if its destination can still reach the destination
  // on the static route graph with the flights left (never changes the result set).
  const hops = net.hopsTo(net.resolvePlace(q.destination));
  const canFinish = (airport: string, flightsLeft: number): boolean =>
    hops[net.airportIndex(airport)!]! <= flightsLeft;
  const found: FlightInstance[][] = [];
  const nextDate = (date: string): string =>
    new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const walk = (path: FlightInstance[]): void => {
    const last = path[path.length - 1]!;
    if (destinations.has(last.destination)) {
      found.push(path);
      return;
    }
    if (path.length > q.maxConnections) return;
    if (origins.has(last.destination)) return;
    const arrivalDate = last.arriveLocal.slice(0, 10);
    for (const date of [arrivalDate, nextDate(arrivalDate)]) {
      for (const f of schedule.departuresOn(last.destination, date)) {
        const gap = f.departUtc - last.arriveUtc;
        const minGap = (f.carrier === last.carrier ? 60 : 90) * MIN;
        if (gap < minGap || gap > 24 * 60 * MIN) continue;
        if (origins.has(f.destination) || !canFinish(f.destination, q.maxConnections - path.length)) continue;
        if (path.some((p) => p.origin === f.destination || p.destination === f.destination)) continue;
        walk([...path, f]);
      }
    }
  };
  for (const o of origins) {
    for (const f of schedule.departuresOn(o, q.date)) {
      if (f.departUtc < earliest || origins.has(f.destination) || !canFinish(f.destination, q.maxConnections))
        continue;
      walk([f]);
    }
  }
  const priced: OracleItinerary[] = [];
  for (const path of found) {
    const it = engine.rebuild(
      path.map((f) => f.key),
      {
        cabin: q.cabin,
        passengers: q.passengers,
        pricedAt: q.now,
        ...(q.soldSeats ? { soldSeats: q.soldSeats } : {}),
      },
    );
    if (!it || 'unavailable' in it) continue;
    priced.push({
      keys: it.keys,
      totalCents: it.totalCents,
      durationMinutes: it.durationMinutes,
      transfers: it.transfers,
      departUtc: it.departUtc,
      arriveUtc: it.arriveUtc,
    });
  }
  if (!pareto) return priced;
  // What each Pareto set compares, every criterion lower-is-better (a later departure is better).
  const criteria =
    pareto === 'interval'
      ? (p: OracleItinerary) => [p.totalCents, p.transfers, -p.departUtc, p.arriveUtc]
      : (p: OracleItinerary) => [p.totalCents, p.durationMinutes, p.transfers];
  /** `b` is no worse than `a` on every criterion and better on one. */
  const dominates = (b: number[], a: number[]) =>
    b.every((v, i) => v <= a[i]!) && b.some((v, i) => v < a[i]!);
  return priced.filter((a) => !priced.some((b) => b !== a && dominates(criteria(b), criteria(a))));
}
