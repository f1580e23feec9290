/**
 * The home page's "popular destinations": the cities best connected to a city by nonstop flights in the
 * network data (OpenFlights routes), and the day of a route's lowest fare in a window. Pure: the API caches
 * the ranking per origin and the cheapest days per origin and day, then prices those days live.
 */
import type { Network } from './network.ts';

export interface RankedDestination {
  /** City code of the destination (an airport's own code where it has no city). */
  city: string;
  /** Nonstop routes to it: one per airline and airport pair (LHR–IST by two airlines counts two). */
  routes: number;
}

/**
 * Destination cities from `origin` (a city or an airport code: its city's airports count), most nonstop
 * routes first; ties go to the bigger destination (more routes leaving its airports), then to the code, so
 * the order is the same on every instance. Unknown places have none.
 */
export function rankDestinations(network: Network, origin: string, limit: number): RankedDestination[] {
  const originCity = network.cityOf(origin);
  if (originCity === undefined) return [];
  const routes = new Map<string, number>();
  for (const from of network.resolvePlace(originCity)) {
    for (let r = network.routeStart[from]!; r < network.routeStart[from + 1]!; r++) {
      const airport = network.airports[network.routeDestination[r]!]!;
      const city = network.cityOf(airport.iata) ?? airport.iata;
      if (city !== originCity) routes.set(city, (routes.get(city) ?? 0) + 1);
    }
  }
  const size = (city: string) =>
    network.resolvePlace(city).reduce((sum, airport) => sum + network.airportDegree[airport]!, 0);
  return [...routes]
    .map(([city, count]) => ({ city, routes: count, size: size(city) }))
    .sort((a, b) => b.routes - a.routes || b.size - a.size || a.city.localeCompare(b.city))
    .slice(0, Math.max(0, limit))
    .map(({ city, routes: count }) => ({ city, routes: count }));
}

/**
 * The day with the lowest amount (major units, as the calendar gives them), the earliest of equal ones;
 * null when no day has a fare.
 */
export function cheapestDay<T extends { date: string; min_amount: string | null }>(
  days: readonly T[],
): (T & { min_amount: string }) | null {
  let best: (T & { min_amount: string }) | null = null;
  for (const day of days) {
    if (day.min_amount === null) continue;
    if (best === null || Number(day.min_amount) < Number(best.min_amount))
      best = day as T & { min_amount: string };
  }
  return best;
}
