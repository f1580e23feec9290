/** Filters of a slice's result list: per number of transfers, price range, airlines, times of day. */
import type { Network } from './network.ts';
import type { Itinerary, SliceFacets, TimeRange } from './search-engine-types.ts';

const widen = (range: TimeRange | null, t: number): TimeRange =>
  range ? { min: Math.min(range.min, t), max: Math.max(range.max, t) } : { min: t, max: t };

/** The facets of a list of itineraries; each minimum price is the cheapest itinerary with that value. */
export function sliceFacets(network: Network, list: readonly Itinerary[]): SliceFacets {
  const transfers = new Map<number, number>();
  const airlines = new Map<string, number>();
  let price: SliceFacets['price'] = null;
  let departure: TimeRange | null = null;
  let arrival: TimeRange | null = null;
  for (const it of list) {
    const p = it.totalCents;
    transfers.set(it.transfers, Math.min(transfers.get(it.transfers) ?? Infinity, p));
    for (const carrier of new Set(it.flights.map((x) => x.carrier)))
      airlines.set(carrier, Math.min(airlines.get(carrier) ?? Infinity, p));
    price = widen(price, p);
    departure = widen(departure, it.departUtc);
    arrival = widen(arrival, it.arriveUtc);
  }
  return {
    transfers: [...transfers].sort((a, b) => a[0] - b[0]).map(([count, minPrice]) => ({ count, minPrice })),
    price,
    airlines: [...airlines]
      .map(([iata, minPrice]) => ({ iata, name: network.airline(iata)?.name ?? iata, minPrice }))
      .sort((a, b) => a.minPrice - b.minPrice || (a.iata < b.iata ? -1 : 1)),
    departure,
    arrival,
  };
}
