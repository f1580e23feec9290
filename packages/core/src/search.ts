/**
 * Flight search over the time-expanded schedule graph (docs/design.md §3). Callers import the engine and its
 * types from here; the parts live in their own modules:
 *  - search-engine-types.ts  the public types (request, itinerary, results, options);
 *  - search-config.ts        options with their defaults, in the search's units;
 *  - search-context.ts       what every part shares: schedule, options, fare tables, score;
 *  - search-request.ts       checks a request and resolves each slice's places and date;
 *  - search-fares.ts         per-engine fare tables and the price of a dated flight;
 *  - search-expansion.ts     one slice's branch-and-bound depth-first search (its state: SliceSearch);
 *  - search-bounds.ts        its lower bounds of price and time to the destination;
 *  - search-frontier.ts      its Pareto frontier (dominance) of complete itineraries;
 *  - search-itinerary.ts     itineraries from a searched path or from flight keys (rebuild);
 *  - search-round-trip.ts    one-way results and round-trip combinations;
 *  - search-ranking.ts       the "best" score and the three sort orders;
 *  - search-facets.ts        the filters of a result list.
 * Results are Pareto-optimal in (price, duration, transfers): an itinerary is dropped when another
 * is no more expensive, no longer and has no more transfers, and is strictly better in one.
 * `dominance: 'interval'` compares departure and arrival instead of duration (another itinerary
 * must leave no earlier and arrive no later), which keeps a choice at every time of day;
 * `dominance: false` keeps the best `maxItinerariesPerSlice` by score instead.
 */
import type { Schedule } from './schedule.ts';
import {
  createEngineContext,
  warmUpTimeZones,
  type EngineContext,
  type SliceInput,
} from './search-context.ts';
import type {
  EngineOptions,
  EngineSearchOutcome,
  EngineSearchRequest,
  SearchEngine,
  SliceResult,
} from './search-engine-types.ts';
import { cheapestContext, lowestFares } from './search-calendar.ts';
import { searchSlice } from './search-expansion.ts';
import { sliceFacets } from './search-facets.ts';
import { rebuildItinerary, toItinerary } from './search-itinerary.ts';
import { sortResults } from './search-ranking.ts';
import { checkSearchRequest } from './search-request.ts';
import { combineSlices } from './search-round-trip.ts';

export type { CalendarDay, CalendarOutcome, CalendarRequest } from './search-calendar.ts';
export type {
  Combination,
  EngineOptions,
  EngineSearchOutcome,
  EngineSearchRequest,
  Itinerary,
  RankedResult,
  RebuildOptions,
  SearchEngine,
  SearchError,
  SearchErrorCode,
  SliceFacets,
  SliceQuery,
  SliceResult,
  SoldSeatsFn,
  SortOrder,
  TimeRange,
} from './search-engine-types.ts';

export function createSearchEngine(schedule: Schedule, options: EngineOptions = {}): SearchEngine {
  const ctx = createEngineContext(schedule, options);
  const cheap = cheapestContext(ctx);
  return {
    schedule,
    network: ctx.network,
    search: (request) => search(ctx, request),
    rebuild: (keys, opts) => rebuildItinerary(ctx, keys, opts),
    sort: sortResults,
    lowestFares: (request) => lowestFares(ctx, cheap, request),
    warmUp: (now) => warmUpTimeZones(schedule, now),
  };
}

function search(ctx: EngineContext, request: EngineSearchRequest): EngineSearchOutcome {
  const checked = checkSearchRequest(ctx, request);
  if (!checked.ok) return checked;
  const slices = checked.inputs.map((input, i) => searchOneSlice(ctx, input, request.slices[i]!.date));
  return { ok: true, slices, combinations: combineSlices(ctx, slices, request.passengers) };
}

/** One slice's itineraries, best first and capped, with their facets. */
function searchOneSlice(ctx: EngineContext, input: SliceInput, date: string): SliceResult {
  const { network } = ctx;
  // A reachability check on the route graph (cached per destination): no path means no flights on any date.
  const connected = network.minFlights(input.origins, input.destinations, input.legs) !== null;
  const raw = connected ? searchSlice(ctx, input) : { candidates: [], expanded: 0, truncated: false };
  const itineraries = sortResults(
    raw.candidates.map((c) =>
      toItinerary(ctx, c.path, input.cabin, input.passengers, input.now, input.soldSeats),
    ),
    'best',
  ).slice(0, ctx.config.maxItinerariesPerSlice);
  return {
    origins: input.origins.map((o) => network.airports[o]!.iata),
    destinations: input.destinations.map((d) => network.airports[d]!.iata),
    date,
    itineraries,
    facets: sliceFacets(network, itineraries),
    connected,
    expanded: raw.expanded,
    truncated: raw.truncated,
  };
}
