/**
 * The "calendar of low prices": the cheapest one-way total per day for a route, without full searches.
 * Each day runs the slice search with a price-only objective: no Pareto frontier, one itinerary kept,
 * score = price. Branch and bound then cuts every partial path whose lower bound of price is not below
 * the cheapest found so far, so a day costs a small part of a full search; the cheapest itinerary of a
 * full search (its frontier always holds the cheapest) has the same price.
 */
import type { PassengerCounts } from './passengers.ts';
import type { Cabin } from './schedule.ts';
import { formatDay, parseDay } from './schedule-time.ts';
import type { EngineContext } from './search-context.ts';
import type { Itinerary, SearchError, SoldSeatsFn } from './search-engine-types.ts';
import { searchSlice } from './search-expansion.ts';
import { toItinerary } from './search-itinerary.ts';
import { createScore } from './search-ranking.ts';
import { checkSearchRequest } from './search-request.ts';

/** At most this many days per call (a month view and a little more). */
export const MAX_CALENDAR_DAYS = 62;

export interface CalendarRequest {
  origin: string;
  destination: string;
  /** First local departure date, YYYY-MM-DD. */
  from: string;
  days: number;
  passengers: PassengerCounts;
  cabin: Cabin;
  maxConnections: number;
  now: number;
  soldSeats?: SoldSeatsFn;
}

export interface CalendarDay {
  date: string;
  /** Cheapest party total in USD cents (light/base fare family), null when nothing flies or seats are gone. */
  cents: number | null;
  /** Its itinerary (to price it as an offer would be, e.g. in another currency). */
  itinerary: Itinerary | null;
}

export type CalendarOutcome =
  { ok: true; connected: boolean; days: CalendarDay[] } | { ok: false; error: SearchError };

/** The price-only variant of the engine's context (same schedule and fare tables). */
export function cheapestContext(ctx: EngineContext): EngineContext {
  const score = { usdPerHour: 0, usdPerTransfer: 0 };
  return {
    ...ctx,
    config: { ...ctx.config, dominance: 'off', maxItinerariesPerSlice: 1, score },
    score: createScore(score),
  };
}

/** Dates past the bookable horizon (or already gone at the origin) are left out, not errors. */
export function lowestFares(ctx: EngineContext, cheap: EngineContext, req: CalendarRequest): CalendarOutcome {
  const first = parseDay(req.from);
  if (first === null) return { ok: false, error: { code: 'invalid_date', field: 'from' } };
  if (!Number.isInteger(req.days) || req.days < 1 || req.days > MAX_CALENDAR_DAYS)
    return { ok: false, error: { code: 'invalid_request', field: 'days' } };
  const days: CalendarDay[] = [];
  let connected: boolean | null = null;
  for (let d = first; d < first + req.days; d++) {
    const date = formatDay(d);
    const checked = checkSearchRequest(ctx, {
      slices: [{ origin: req.origin, destination: req.destination, date }],
      passengers: req.passengers,
      cabin: req.cabin,
      maxConnections: req.maxConnections,
      now: req.now,
      ...(req.soldSeats ? { soldSeats: req.soldSeats } : {}),
    });
    if (!checked.ok) {
      if (checked.error.code === 'date_out_of_range') continue;
      return checked;
    }
    const input = checked.inputs[0]!;
    connected ??= ctx.network.minFlights(input.origins, input.destinations, input.legs) !== null;
    if (!connected) return { ok: true, connected, days: [] };
    const best = searchSlice(cheap, input).candidates.sort((a, b) => a.price - b.price)[0];
    const itinerary = best
      ? toItinerary(ctx, best.path, input.cabin, input.passengers, input.now, input.soldSeats)
      : null;
    days.push({ date, cents: itinerary?.totalCents ?? null, itinerary });
  }
  return { ok: true, connected: connected ?? true, days };
}
