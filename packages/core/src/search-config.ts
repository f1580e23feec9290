/** The engine's options with their defaults applied, in the units the search works in (epoch ms). */
import type { EngineOptions } from './search-engine-types.ts';
import { MINUTE_MS } from './schedule-time.ts';

/** Defaults of EngineOptions (connection times from docs/design.md §3; the caps keep answers fast and small). */
export const ENGINE_DEFAULTS = {
  minConnectionMinutes: 60,
  minConnectionOtherAirlineMinutes: 90,
  maxConnectionMinutes: 24 * 60,
  minLeadMinutes: 120,
  minStayMinutes: 120,
  maxItinerariesPerSlice: 200,
  maxOutbound: 50,
  maxReturn: 50,
  maxCombinations: 100,
  dominance: true,
  expansionBudget: 300_000,
  usdPerHour: 25,
  usdPerTransfer: 40,
} as const satisfies Required<EngineOptions>;

/** A slice has at most two connections, i.e. at most three flights. */
export const MAX_CONNECTIONS = 2;
/** A round trip has two slices, outbound and return; a multi-city trip up to six (docs/design.md, "Multi-city"). */
export const MAX_SLICES = 6;
export const MAX_FLIGHTS_PER_SLICE = MAX_CONNECTIONS + 1;

/**
 * How results prune each other: 'duration' compares (price, duration, transfers), 'interval'
 * (price, departure, arrival, transfers), 'off' keeps the best by score up to the cap.
 */
export type DominanceMode = 'duration' | 'interval' | 'off';

/** Weights of the "best" score. */
export interface ScoreWeights {
  usdPerHour: number;
  usdPerTransfer: number;
}

export interface SearchConfig {
  minConnectionMs: number;
  minConnectionOtherAirlineMs: number;
  maxConnectionMs: number;
  /** The same-airline minimum in minutes (the lower bounds of flying time count in minutes). */
  minConnectionMinutes: number;
  minLeadMs: number;
  minStayMs: number;
  maxItinerariesPerSlice: number;
  maxOutbound: number;
  maxReturn: number;
  maxCombinations: number;
  dominance: DominanceMode;
  expansionBudget: number;
  score: ScoreWeights;
}

export function resolveConfig(options: EngineOptions): SearchConfig {
  const d = ENGINE_DEFAULTS;
  const minConnectionMs = (options.minConnectionMinutes ?? d.minConnectionMinutes) * MINUTE_MS;
  return {
    minConnectionMs,
    minConnectionOtherAirlineMs:
      (options.minConnectionOtherAirlineMinutes ?? d.minConnectionOtherAirlineMinutes) * MINUTE_MS,
    maxConnectionMs: (options.maxConnectionMinutes ?? d.maxConnectionMinutes) * MINUTE_MS,
    minConnectionMinutes: minConnectionMs / MINUTE_MS,
    minLeadMs: (options.minLeadMinutes ?? d.minLeadMinutes) * MINUTE_MS,
    minStayMs: (options.minStayMinutes ?? d.minStayMinutes) * MINUTE_MS,
    maxItinerariesPerSlice: options.maxItinerariesPerSlice ?? d.maxItinerariesPerSlice,
    maxOutbound: options.maxOutbound ?? d.maxOutbound,
    maxReturn: options.maxReturn ?? d.maxReturn,
    maxCombinations: options.maxCombinations ?? d.maxCombinations,
    dominance:
      options.dominance === false ? 'off' : options.dominance === 'interval' ? 'interval' : 'duration',
    expansionBudget: options.expansionBudget ?? d.expansionBudget,
    score: {
      usdPerHour: options.usdPerHour ?? d.usdPerHour,
      usdPerTransfer: options.usdPerTransfer ?? d.usdPerTransfer,
    },
  };
}
