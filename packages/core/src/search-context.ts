/**
 * What every part of the search shares: the engine (schedule, options, fare tables, score), built
 * once, and one slice's validated query.
 */
import type { Network } from './network.ts';
import type { PassengerCounts } from './passengers.ts';
import { HORIZON_DAYS, type Cabin, type Schedule } from './schedule.ts';
import { DAY_MS, MINUTE_MS } from './schedule-time.ts';
import { resolveConfig, type SearchConfig } from './search-config.ts';
import type { EngineOptions, SoldSeatsFn } from './search-engine-types.ts';
import { buildFareTables, type FareTables } from './search-fares.ts';
import { createScore, type ScoreFn } from './search-ranking.ts';
import { FlightMemo } from './search-flight-memo.ts';
import { buildDepartureOrder, type DepartureOrder } from './search-departures.ts';

export interface EngineContext {
  readonly schedule: Schedule;
  readonly network: Network;
  readonly config: SearchConfig;
  readonly fares: FareTables;
  readonly score: ScoreFn;
  /** The slice searches' memo of priced flights (reused, see FlightMemo). */
  readonly flightMemo: FlightMemo;
  /** Each route's slots by departure time, per weekday. */
  readonly departureOrder: DepartureOrder;
  /** Per sold-seats view: the flights it names (soldFlightsOf). */
  readonly soldFlights: WeakMap<SoldSeatsFn, ReadonlySet<number>>;
}

export function createEngineContext(schedule: Schedule, options: EngineOptions): EngineContext {
  const config = resolveConfig(options);
  return {
    schedule,
    network: schedule.network,
    config,
    fares: buildFareTables(schedule),
    score: createScore(config.score),
    flightMemo: new FlightMemo(schedule.slotCount),
    departureOrder: buildDepartureOrder(schedule),
    soldFlights: new WeakMap(),
  };
}

/** One slice to search, validated (airports by index, day as days since the epoch). */
export interface SliceInput {
  origins: readonly number[];
  destinations: readonly number[];
  /** Local departure day at the origin. */
  day: number;
  /** Most flights (maxConnections + 1). */
  legs: number;
  passengers: PassengerCounts;
  cabin: Cabin;
  /** Time of the search (epoch ms). */
  now: number;
  /** The first flight leaves at or after this (now + minimum lead time). */
  earliest: number;
  soldSeats: SoldSeatsFn | undefined;
}

/** Local calendar day of an instant at an airport. */
export function localDay(schedule: Schedule, airport: number, utc: number): number {
  return Math.floor((utc + schedule.zoneOf(airport).offsetAt(utc) * MINUTE_MS) / DAY_MS);
}

/** Time-zone tables are filled lazily; this covers the horizon around `now` plus a margin of days. */
const WARM_UP_DAYS_BEFORE = 2;
const WARM_UP_DAYS_AFTER = HORIZON_DAYS + 4;
/** Touching one instant a year fills that year's table; 300-day steps never skip a year. */
const WARM_UP_STEP_DAYS = 300;
const YEAR_DAYS = 366;

/** Precomputes every airport's time-zone tables for the whole horizon from `now`. */
export function warmUpTimeZones(schedule: Schedule, now: number): void {
  const from = now - WARM_UP_DAYS_BEFORE * DAY_MS;
  const to = now + WARM_UP_DAYS_AFTER * DAY_MS;
  for (let a = 0; a < schedule.network.airports.length; a++) {
    const zone = schedule.zoneOf(a);
    for (let t = from; t < to + YEAR_DAYS * DAY_MS; t += WARM_UP_STEP_DAYS * DAY_MS)
      zone.offsetAt(Math.min(t, to));
  }
}
