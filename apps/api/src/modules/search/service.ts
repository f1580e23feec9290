/**
 * The flight service (docs/architecture.md, "The modules so far"): search, the low-fare calendar and sold seats
 * over the built-in supplier, joined by each supplier configured (suppliers/registry.ts, suppliers/combined.ts).
 */
import { buildNetwork, validateNetworkFile, type Network } from '@parvoz/core/network';
import { DEFAULT_RATES, type ExchangeRates } from '@parvoz/core/money';
import { buildSchedule, type Cabin } from '@parvoz/core/schedule';
import {
  createSearchEngine,
  type EngineOptions,
  type SearchEngine,
  type SoldSeatsFn,
} from '@parvoz/core/search';
import {
  createBuiltinSupplier,
  type CalendarData,
  type CalendarQuery,
  type DateGridData,
  type DateGridQuery,
  type FlightSupplier,
  type SupplierContext,
} from '@parvoz/core/supplier';
import type { FlightSearchRequest, SearchAnswer, SupplierResult } from '@parvoz/core/search-types';
import { compactSearch } from '@parvoz/core/search-answer';
import { soldSeatsSince, type Database } from '@parvoz/db';
import type { ApiConfig } from '../../config.ts';
import { loadNetworkData } from '../../adapters/network-data.ts';
import { supplierFailuresTotal, supplierOffersDroppedTotal } from '../../metrics.ts';
import {
  createCombinedSupplier,
  type CombinedSearchData,
  type CombinedSupplier,
} from '../../suppliers/combined.ts';
import { emptyCalendar, emptyDateGrid, withoutBuiltinOffers } from '../../suppliers/live.ts';
import { createSupplierRegistry, type SupplierRegistry } from '../../suppliers/registry.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  priceCalendar,
  priceDateGrid,
  pricedSupplier,
  ruleBookOf,
  type PricingDeps,
} from '../pricing/index.ts';

/**
 * A search answer in its wire form, flagged when a supplier did not answer in time (`incomplete`) or when it is
 * the built-in part of a search whose other suppliers are still searching (`pending`, stage `first` only).
 */
export type WireSearchData = SearchAnswer & { incomplete?: true; pending?: true };

/**
 * POST /v1/flights/search?stage=…: `first` is the built-in offers at once (`pending` while other suppliers
 * search), `rest` the merged answer of a search begun with `first` (docs/decisions/0017-duffel-supplier.md).
 */
export type SearchStage = 'first' | 'rest';

/**
 * How long a finished fan-out stays in memory for the `rest` call of its search (the merged answer, complete or
 * not): that call follows the first answer by a round trip, but an incomplete answer is never cached and a
 * supplier must not be asked twice for one search. Fresh searches never take a finished one.
 */
export const STAGED_KEEP_MS = 10_000;

/** Where the flight service reports a supplier that failed a search (the app's logger). */
export interface SupplierLog {
  warn(details: object, message: string): void;
}

/**
 * 'interval' dominance keeps an itinerary unless another leaves no earlier, arrives no later, costs no
 * more and has no more transfers: a traveller gets a real choice of departure times (median 23 offers
 * on the benchmark queries) instead of the 3 that plain duration dominance leaves.
 */
export const ENGINE_OPTIONS: EngineOptions = { dominance: 'interval' };

/** How long search reuses one snapshot of sold seats (docs/design.md §3: "a cache of a few seconds"). */
export const SOLD_SEATS_CACHE_MS = 2_000;
/**
 * How long an identical search is answered from memory while no seat was sold
 * (docs/performance.md#speed-targets). Its offers then expire at most this much sooner than a fresh search's
 * would; a sale starts afresh. Never more than a fortieth of the offers' lifetime (30 s of the default 20
 * minutes): an answer kept longer would hand a traveller who searches again after expiry ("Search again")
 * offers already expired or about to.
 */
export const SEARCH_CACHE_MS = 30_000;

export function searchCacheMs(offerTtlMs: number): number {
  return Math.min(SEARCH_CACHE_MS, Math.floor(offerTtlMs / 40));
}
const SEARCH_CACHE_ENTRIES = 2_000;

const engines = new Map<string, SearchEngine>();

/**
 * The network and schedule are deterministic and built in memory once per process and seed (about a
 * second and 300 MB), then shared by every API instance in the process (tests build many apps).
 */
export function searchEngineFor(seed: string): SearchEngine {
  let engine = engines.get(seed);
  if (!engine) {
    const { network } = loadNetworkData();
    engine = createSearchEngine(
      buildSchedule(buildNetwork(validateNetworkFile(network)), { seed }),
      ENGINE_OPTIONS,
    );
    engine.warmUp(Date.now());
    engines.set(seed, engine);
  }
  return engine;
}

export interface FlightService {
  supplier: FlightSupplier;
  /** The flight network the supplier sells (places, nonstop routes). */
  network: Network;
  /** The exchange rates prices convert at (the configured ones over the defaults). */
  rates: ExchangeRates;
  /**
   * Lowest fare per day of a route, kept like a search (SEARCH_CACHE_MS, per sold-seats snapshot): the same
   * seats and nearly the same moment as the searches made meanwhile, so a day agrees with its search. Prices
   * move with the time left before departure, so an answer is not kept longer than a search would be.
   */
  calendar(query: CalendarQuery): Promise<SupplierResult<CalendarData>>;
  /** A round trip's flexible dates, 7 departures × 7 returns (core's `dateGrid`), priced and kept as the calendar. */
  dateGrid(query: DateGridQuery): Promise<SupplierResult<DateGridData>>;
  /**
   * POST /v1/flights/search: an identical search within searchCacheMs (at most 30 s) is answered from memory, unless a
   * seat was sold since (the cache belongs to one sold-seats snapshot, see `soldSeatsSnapshot`). The answer is
   * in its wire form (slices and fare families listed once, ADR 0015). With other suppliers, an identical
   * search still running is joined, never started twice; stage `first` answers the built-in part without waiting
   * for them (flagged `pending`), stage `rest` the merged answer of that same run (kept STAGED_KEEP_MS after it
   * ends). A `pending` answer is never cached.
   */
  search(request: FlightSearchRequest, stage?: SearchStage): Promise<SupplierResult<WireSearchData>>;
  /**
   * Sold seats for search: a snapshot at most SOLD_SEATS_CACHE_MS old, shared by concurrent calls. While
   * no seat is sold the same function comes back (caches keyed by it live on); after a sale, a new one.
   */
  soldSeatsSnapshot(): Promise<SoldSeatsFn>;
  /** Sold seats read now (re-pricing before a booking must not use a stale view). */
  soldSeatsNow(): Promise<SoldSeatsFn>;
  /** The suppliers beside the built-in network: who sells an offer, and their side of orders (docs/suppliers.md). */
  suppliers: SupplierRegistry;
}

/**
 * The engine's view of sold seats (`soldSeatsSince`: "flightKey cabin" → seats), naming its flights so a
 * search asks only about those.
 */
export function soldSeatsView(sold: ReadonlyMap<string, number>): SoldSeatsFn {
  const flights = new Set<string>();
  for (const [key, seats] of sold) if (seats > 0) flights.add(key.slice(0, key.lastIndexOf(' ')));
  return Object.assign((flightKey: string, cabin: Cabin) => sold.get(`${flightKey} ${cabin}`) ?? 0, {
    flights,
  });
}

/**
 * The built-in supplier alone, or with the suppliers configured (suppliers/registry.ts) the built-in and theirs in
 * one search (suppliers/combined.ts): with none configured nothing changes.
 */
export function createFlightService(
  db: Database,
  config: ApiConfig,
  now: Clock,
  log?: SupplierLog,
  /** Keeps the cheapest offers of each supplier search for the console's preview (modules/pricing/samples.ts). */
  sample?: PricingDeps['sample'],
): FlightService {
  const rates: ExchangeRates = { ...DEFAULT_RATES, ...config.exchangeRates };
  const engine = searchEngineFor(config.scheduleSeed);
  const builtin = createBuiltinSupplier(engine.network, {
    seed: config.scheduleSeed,
    secret: config.offerSecret,
    rates,
    offerTtlMs: config.offerTtlSeconds * 1000,
    engineOptions: ENGINE_OPTIONS,
    engine,
  });
  // Every supplier's offers and the calendar's days at the agency's prices (modules/pricing/apply.ts).
  const pricing: PricingDeps = {
    network: engine.network,
    rates,
    book: ruleBookOf(db),
    secret: config.offerSecret,
    now: () => now().getTime(),
    ...(sample ? { sample } : {}),
  };
  // Live mode (config.ts `mode`): the built-in network checks requests but sells nothing (suppliers/live.ts).
  const live = config.mode === 'live';
  const primary: FlightSupplier = pricedSupplier(
    live ? withoutBuiltinOffers(builtin, engine.network) : builtin,
    pricing,
  );
  const suppliers = createSupplierRegistry(config, {
    network: engine.network,
    rates,
    onDropped(supplier, reason, count) {
      supplierOffersDroppedTotal.inc({ supplier, reason }, count);
    },
  });
  const combined: CombinedSupplier | null =
    suppliers.connected.length > 0
      ? createCombinedSupplier(
          primary,
          suppliers.connected.map((s) => ({
            ...s.search,
            supplier: pricedSupplier(s.search.supplier, pricing),
          })),
          {
            network: engine.network,
            rates,
            onFailure(id, reason, detail) {
              supplierFailuresTotal.inc({ supplier: id, reason });
              log?.warn(
                { supplier: id, reason, detail: detail instanceof Error ? detail.message : detail },
                'flight supplier left out of a search',
              );
            },
          },
        )
      : null;
  const supplier: FlightSupplier = combined ?? primary;

  // Yesterday in UTC covers every local departure date that has not yet passed anywhere.
  const soldSinceYesterday = () =>
    soldSeatsSince(db, new Date(now().getTime() - 86_400_000).toISOString().slice(0, 10));
  const read = async (): Promise<SoldSeatsFn> => soldSeatsView(await soldSinceYesterday());
  // The last snapshot and what it held: an unchanged read hands back the same function.
  let last: { fingerprint: string; soldSeats: SoldSeatsFn } | undefined;
  const readSnapshot = async (): Promise<SoldSeatsFn> => {
    const sold = await soldSinceYesterday();
    const fingerprint = [...sold]
      .map(([key, count]) => `${key}=${count}`)
      .sort()
      .join('|');
    if (last?.fingerprint === fingerprint) return last.soldSeats;
    const soldSeats = soldSeatsView(sold);
    last = { fingerprint, soldSeats };
    return soldSeats;
  };
  // A short offer lifetime (tests, a cautious deployment) shortens the cache: a kept answer must never hand
  // out offers that are already expired, or nearly so ("search again" after expiry must give fresh ones).
  const searches = new WeakMap<
    SoldSeatsFn,
    Map<string, { at: number; result: SupplierResult<WireSearchData> }>
  >();

  let cached: { at: number; value: Promise<SoldSeatsFn> } | undefined;
  type Kept<T> = WeakMap<SoldSeatsFn, Map<string, { at: number; result: T }>>;
  const calendars: Kept<SupplierResult<CalendarData>> = new WeakMap();
  const grids: Kept<SupplierResult<DateGridData>> = new WeakMap();
  /** The calendar's and the date grid's answers, kept like a search's (`FlightService.calendar`). */
  /** A request's cache key: without the language while no rule in force is scoped to markets (one search for all). */
  const cacheKey = async (request: { lang?: string | undefined }, at: number): Promise<string> => {
    const rules = await pricing.book.rulesAt(at, now().getTime());
    const byMarket = rules.some((rule) => (rule.scope.markets?.length ?? 0) > 0);
    return JSON.stringify(byMarket ? request : { ...request, lang: undefined });
  };
  const keptLowFares = async <T>(
    kept: Kept<T>,
    query: { lang?: string | undefined },
    make: (at: number, soldSeats: SoldSeatsFn) => Promise<T>,
  ): Promise<T> => {
    const soldSeats = await service.soldSeatsSnapshot();
    let cache = kept.get(soldSeats);
    if (!cache) kept.set(soldSeats, (cache = new Map()));
    const at = now().getTime();
    const key = await cacheKey(query, at);
    const hit = cache.get(key);
    if (hit && at - hit.at < SEARCH_CACHE_MS && at >= hit.at) return hit.result;
    const result = await make(at, soldSeats);
    cache.delete(key);
    cache.set(key, { at, result });
    if (cache.size > SEARCH_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return result;
  };
  const cacheMs = searchCacheMs(config.offerTtlSeconds * 1000);

  /** Fan-outs to the suppliers by request, while they run and STAGED_KEEP_MS after (for their `rest` call). */
  type Run = {
    /** The built-in answer, `pending` until the merged one is there. */
    first: Promise<SupplierResult<WireSearchData>>;
    merged: Promise<SupplierResult<WireSearchData>>;
    /** When the merged answer was there. */
    endedAt?: number;
  };
  const runs = new Map<string, Run>();
  const startRun = (
    supplier: CombinedSupplier,
    key: string,
    request: FlightSearchRequest,
    ctx: SupplierContext,
    keep: (result: SupplierResult<WireSearchData>) => void,
  ): Run => {
    const staged = supplier.searchStaged(request, ctx);
    const run: Run = {
      first: staged.then(({ first, merged }) => {
        const result = wireOf(first);
        return merged && result.ok ? { ok: true, data: { ...result.data, pending: true } } : result;
      }),
      merged: staged.then(async ({ first, merged }) => (merged ? wireOf(await merged) : wireOf(first))),
    };
    runs.delete(key);
    runs.set(key, run);
    if (runs.size > SEARCH_CACHE_ENTRIES) runs.delete(runs.keys().next().value!);
    const forget = () => {
      if (runs.get(key) === run) runs.delete(key);
    };
    run.merged.then(
      (result) => {
        run.endedAt = now().getTime();
        keep(result);
        setTimeout(forget, STAGED_KEEP_MS).unref();
      },
      // The built-in search itself failed (a fault, not a refusal): nothing to keep or to share.
      forget,
    );
    // Whoever awaits only one stage must not leave the other's rejection unhandled.
    run.first.catch(() => {});
    return run;
  };

  const service: FlightService = {
    supplier,
    network: engine.network,
    rates,
    suppliers,
    calendar: (query) =>
      keptLowFares(calendars, query, async (at, soldSeats) => {
        const fares = builtin.lowestFares(query, { now: at, soldSeats });
        return live ? emptyCalendar(fares) : priceCalendar(fares, query, builtin.id, at, pricing);
      }),
    dateGrid: (query) =>
      keptLowFares(grids, query, async (at, soldSeats) => {
        const grid = builtin.dateGrid(query, { now: at, soldSeats });
        return live ? emptyDateGrid(grid) : priceDateGrid(grid, query, builtin.id, at, pricing);
      }),
    async search(request, stage) {
      const soldSeats = await service.soldSeatsSnapshot();
      const at = now().getTime();
      let cache = searches.get(soldSeats);
      if (!cache) searches.set(soldSeats, (cache = new Map()));
      // The language is the market the agency's rules may price for: while a rule says so, one answer per language.
      const key = await cacheKey(request, at);
      const market = request.lang ? { market: request.lang } : {};
      const hit = cache.get(key);
      if (hit && at - hit.at < cacheMs && at >= hit.at) return hit.result;
      // Only complete answers are kept (a refusal is cheap to give again, a missing supplier may answer next
      // time); the oldest entry goes first.
      const keep = (result: SupplierResult<WireSearchData>) => {
        if (!result.ok || result.data.incomplete) return;
        cache.delete(key);
        cache.set(key, { at, result });
        if (cache.size > SEARCH_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      };
      if (!combined) {
        // The built-in supplier alone: one stage, as before the supplier boundary had two.
        const result = wireOf(await primary.search(request, { now: at, soldSeats, ...market }));
        keep(result);
        return result;
      }
      let run = runs.get(key);
      // A finished run serves only the `rest` call of its own search, and only for a while.
      if (run?.endedAt !== undefined && (stage !== 'rest' || now().getTime() - run.endedAt > STAGED_KEEP_MS))
        run = undefined;
      if (!run) run = startRun(combined, key, request, { now: at, soldSeats, ...market }, keep);
      return stage === 'first' ? run.first : run.merged;
    },
    soldSeatsNow: read,
    soldSeatsSnapshot() {
      const t = now().getTime();
      // A clock that moved backwards (NTP, tests) also ends the snapshot.
      if (!cached || t - cached.at > SOLD_SEATS_CACHE_MS || t < cached.at) {
        const value = readSnapshot();
        cached = { at: t, value };
        // A failed read must not be cached: the next search tries again.
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
  };
  return service;
}

/** An answer in its wire form (ADR 0015), with the flag of a supplier left out. */
function wireOf(found: SupplierResult<CombinedSearchData>): SupplierResult<WireSearchData> {
  if (!found.ok) return found;
  return {
    ok: true,
    data: {
      ...compactSearch(found.data),
      ...(found.data.incomplete ? { incomplete: true as const } : {}),
    },
  };
}
