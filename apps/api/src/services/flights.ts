import { buildNetwork, validateNetworkFile, type Network } from '@parvoz/core/network';
import { DEFAULT_RATES, type ExchangeRates } from '@parvoz/core/money';
import { buildSchedule } from '@parvoz/core/schedule';
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
  type FlightSupplier,
} from '@parvoz/core/supplier';
import type { SupplierResult } from '@parvoz/core/search-types';
import { soldSeatsSince, type Database } from '@parvoz/db';
import type { ApiConfig } from '../config.ts';
import { loadNetworkData } from '../adapters/network-data.ts';
import type { Clock } from './clock.ts';

/**
 * 'interval' dominance keeps an itinerary unless another leaves no earlier, arrives no later, costs no
 * more and has no more transfers: a traveller gets a real choice of departure times (median 23 offers
 * on the benchmark queries) instead of the 3 that plain duration dominance leaves.
 */
export const ENGINE_OPTIONS: EngineOptions = { dominance: 'interval' };

/** How long search reuses one snapshot of sold seats (DESIGN §3: "a cache of a few seconds"). */
export const SOLD_SEATS_CACHE_MS = 2_000;

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
  /**
   * Lowest fare per day of a route, cached per sold-seats snapshot: the same seats the searches of that
   * moment see, so a cached day agrees with a search made meanwhile (a new snapshot starts a new cache).
   */
  calendar(query: CalendarQuery): Promise<SupplierResult<CalendarData>>;
  /** Sold seats for search: a snapshot at most SOLD_SEATS_CACHE_MS old, shared by concurrent calls. */
  soldSeatsSnapshot(): Promise<SoldSeatsFn>;
  /** Sold seats read now (re-pricing before a booking must not use a stale view). */
  soldSeatsNow(): Promise<SoldSeatsFn>;
}

export function createFlightService(db: Database, config: ApiConfig, now: Clock): FlightService {
  const rates: ExchangeRates = { ...DEFAULT_RATES, ...config.exchangeRates };
  const engine = searchEngineFor(config.scheduleSeed);
  const supplier = createBuiltinSupplier(engine.network, {
    seed: config.scheduleSeed,
    secret: config.offerSecret,
    rates,
    offerTtlMs: config.offerTtlSeconds * 1000,
    engineOptions: ENGINE_OPTIONS,
    engine,
  });

  const read = async (): Promise<SoldSeatsFn> => {
    // Yesterday in UTC covers every local departure date that has not yet passed anywhere.
    const since = new Date(now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const sold = await soldSeatsSince(db, since);
    return (flightKey, cabin) => sold.get(`${flightKey} ${cabin}`) ?? 0;
  };

  let cached: { at: number; value: Promise<SoldSeatsFn> } | undefined;
  const calendars = new WeakMap<SoldSeatsFn, Map<string, SupplierResult<CalendarData>>>();
  const service: FlightService = {
    supplier,
    network: engine.network,
    async calendar(query) {
      const soldSeats = await service.soldSeatsSnapshot();
      let cache = calendars.get(soldSeats);
      if (!cache) calendars.set(soldSeats, (cache = new Map()));
      const key = JSON.stringify(query);
      let result = cache.get(key);
      if (!result) {
        result = supplier.lowestFares(query, { now: now().getTime(), soldSeats });
        cache.set(key, result);
      }
      return result;
    },
    soldSeatsNow: read,
    soldSeatsSnapshot() {
      const t = now().getTime();
      // A clock that moved backwards (NTP, tests) also ends the snapshot.
      if (!cached || t - cached.at > SOLD_SEATS_CACHE_MS || t < cached.at) {
        const value = read();
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
