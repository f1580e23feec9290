/**
 * The results of a search as combinations of one itinerary per slice. One way: each itinerary alone.
 * Round trip: the best outbound and return itineraries are paired (the return leaving long enough
 * after the outbound lands), and the pairs no other pair dominates are kept, best first, up to the cap.
 */
import { seatedPassengers, type PassengerCounts } from './passengers.ts';
import type { DominanceMode } from './search-config.ts';
import type { EngineContext } from './search-context.ts';
import type { Combination, Itinerary, SliceResult } from './search-engine-types.ts';
import { cheapestOf, fastestOf, sortResults } from './search-ranking.ts';

export function combineSlices(
  ctx: EngineContext,
  slices: readonly SliceResult[],
  passengers: PassengerCounts,
): Combination[] {
  if (slices.length === 1) {
    return slices[0]!.itineraries.map((it, i) => ({
      itineraries: [i],
      totalCents: it.totalCents,
      durationMinutes: it.durationMinutes,
      transfers: it.transfers,
      score: it.score,
    }));
  }
  const { maxOutbound, maxReturn, maxCombinations, dominance } = ctx.config;
  const outbound = slices[0]!.itineraries.slice(0, maxOutbound);
  const inbound = slices[1]!.itineraries.slice(0, maxReturn);
  const pairs = pairItineraries(ctx, outbound, inbound, seatedPassengers(passengers));
  // Best first; a dominating combination always scores strictly better (it is no dearer, no
  // longer, has no more transfers and is strictly better in one), so comparing each one with
  // the non-dominated ones kept so far is enough, and we can stop at the cap.
  sortResults(pairs, 'best');
  const kept: Combination[] = [];
  for (const c of pairs) {
    if (kept.length >= maxCombinations) break;
    if (dominance === 'off' || !kept.some((d) => beats(dominance, outbound, inbound, d, c))) kept.push(c);
  }
  // Always offer the cheapest and the fastest combination (both are never dominated).
  for (const top of [cheapestOf(pairs), fastestOf(pairs)]) if (top && !kept.includes(top)) kept.push(top);
  return kept;
}

/** Every outbound with every return that leaves at least the minimum stay after it lands. */
function pairItineraries(
  ctx: EngineContext,
  outbound: readonly Itinerary[],
  inbound: readonly Itinerary[],
  seated: number,
): Combination[] {
  const pairs: Combination[] = [];
  outbound.forEach((a, i) => {
    inbound.forEach((b, j) => {
      if (b.departUtc < a.arriveUtc + ctx.config.minStayMs) return;
      const totalCents = a.totalCents + b.totalCents;
      const durationMinutes = a.durationMinutes + b.durationMinutes;
      const transfers = a.transfers + b.transfers;
      pairs.push({
        itineraries: [i, j],
        totalCents,
        durationMinutes,
        transfers,
        score: ctx.score(totalCents, seated, durationMinutes, transfers),
      });
    });
  });
  return pairs;
}

/** Does combination `d` dominate `c`? ('interval': each of its itineraries lies within the other's.) */
function beats(
  mode: DominanceMode,
  outbound: readonly Itinerary[],
  inbound: readonly Itinerary[],
  d: Combination,
  c: Combination,
): boolean {
  if (d.totalCents > c.totalCents || d.transfers > c.transfers) return false;
  if (mode === 'duration') {
    return (
      d.durationMinutes <= c.durationMinutes &&
      (d.totalCents < c.totalCents || d.transfers < c.transfers || d.durationMinutes < c.durationMinutes)
    );
  }
  const d0 = outbound[d.itineraries[0]!]!;
  const d1 = inbound[d.itineraries[1]!]!;
  const c0 = outbound[c.itineraries[0]!]!;
  const c1 = inbound[c.itineraries[1]!]!;
  return (
    inside(d0, c0) &&
    inside(d1, c1) &&
    (d.totalCents < c.totalCents || d.transfers < c.transfers || tighter(d0, c0) || tighter(d1, c1))
  );
}

const inside = (x: Itinerary, y: Itinerary): boolean =>
  x.departUtc >= y.departUtc && x.arriveUtc <= y.arriveUtc;
const tighter = (x: Itinerary, y: Itinerary): boolean =>
  x.departUtc > y.departUtc || x.arriveUtc < y.arriveUtc;
