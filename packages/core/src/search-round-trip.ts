/**
 * The results of a search as combinations of one itinerary per slice. One way: each itinerary alone. A round
 * trip or a multi-city trip (up to MAX_SLICES legs): the best itineraries of each leg are joined, each leaving
 * long enough after the one before lands, and the combinations no other one dominates are kept, best first, up
 * to the cap.
 *
 * Two legs are joined in full (every outbound with every return). Beyond two, the partial trips after each
 * inner leg are cut to the best that no other partial trip dominates (PARTIAL_BEAM_FACTOR times the cap), plus
 * those on the fronts of price and landing time and of duration and landing time: dropping a dominated partial
 * trip loses nothing (whatever follows it follows its dominator too, no dearer and no later), and the fronts keep
 * the cheapest and the fastest whole trip whatever the beam cuts (docs/design.md, "Multi-city").
 */
import { seatedPassengers, type PassengerCounts } from './passengers.ts';
import type { DominanceMode } from './search-config.ts';
import type { EngineContext } from './search-context.ts';
import type { Combination, Itinerary, SliceResult } from './search-engine-types.ts';
import { cheapestOf, fastestOf, sortResults } from './search-ranking.ts';

/** Partial trips kept after each inner leg of a trip of three legs or more, as a multiple of the final cap. */
const PARTIAL_BEAM_FACTOR = 2;

/** A combination, and when its last itinerary lands (the next leg must leave a stay after it). */
type Joined = Combination & { arriveUtc: number };

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
  const seated = seatedPassengers(passengers);
  const legs = slices.map((slice, i) => slice.itineraries.slice(0, i === 0 ? maxOutbound : maxReturn));
  let joined: Joined[] = legs[0]!.map((it, i) => ({
    itineraries: [i],
    totalCents: it.totalCents,
    durationMinutes: it.durationMinutes,
    transfers: it.transfers,
    score: it.score,
    arriveUtc: it.arriveUtc,
  }));
  for (let leg = 1; leg < legs.length; leg++) {
    joined = joinLeg(ctx, joined, legs[leg]!, seated);
    if (leg < legs.length - 1) {
      const beam = undominated(dominance, legs, [...joined], maxCombinations * PARTIAL_BEAM_FACTOR, true);
      // Whatever the beam cuts, the cheapest and the fastest whole trips begin with a partial trip on one of
      // these two small fronts (no other is both no dearer, or no longer, and landed no later).
      joined = [...new Set([...beam, ...front(joined, 'totalCents'), ...front(joined, 'durationMinutes')])];
    }
  }
  const kept: Combination[] = undominated(dominance, legs, joined, maxCombinations, false).map(
    withoutArrival,
  );
  // Always offer the cheapest and the fastest combination (both are never dominated).
  for (const top of [cheapestOf(joined), fastestOf(joined)])
    if (top && !kept.some((k) => sameItineraries(k, top))) kept.push(withoutArrival(top));
  return kept;
}

/** Every partial trip with every itinerary of the next leg that leaves at least the minimum stay after it lands. */
function joinLeg(
  ctx: EngineContext,
  partial: readonly Joined[],
  next: readonly Itinerary[],
  seated: number,
): Joined[] {
  const joined: Joined[] = [];
  for (const p of partial)
    next.forEach((b, j) => {
      if (b.departUtc < p.arriveUtc + ctx.config.minStayMs) return;
      const totalCents = p.totalCents + b.totalCents;
      const durationMinutes = p.durationMinutes + b.durationMinutes;
      const transfers = p.transfers + b.transfers;
      joined.push({
        itineraries: [...p.itineraries, j],
        totalCents,
        durationMinutes,
        transfers,
        score: ctx.score(totalCents, seated, durationMinutes, transfers),
        arriveUtc: b.arriveUtc,
      });
    });
  return joined;
}

/**
 * The partial trips no other one beats on `key` and landing time together (no more of the one, landed no
 * later, better in one): any leg that follows a trip off this front follows one on it, at no more cost.
 */
function front(list: readonly Joined[], key: 'totalCents' | 'durationMinutes'): Joined[] {
  const sorted = [...list].sort((a, b) => a[key] - b[key] || a.arriveUtc - b.arriveUtc);
  const kept: Joined[] = [];
  let earliest = Infinity;
  for (const c of sorted)
    if (c.arriveUtc < earliest) {
      kept.push(c);
      earliest = c.arriveUtc;
    }
  return kept;
}

/**
 * Best first, the combinations no kept one dominates, up to `cap`. A dominating combination always scores
 * strictly better (no dearer, no longer, no more transfers and strictly better in one), so comparing each one
 * with those kept so far is enough, and the scan stops at the cap. A partial trip (`partial`) also needs its
 * dominator to land no later, else a leg that follows it might not follow the dominator.
 */
function undominated(
  mode: DominanceMode,
  legs: readonly (readonly Itinerary[])[],
  list: Joined[],
  cap: number,
  partial: boolean,
): Joined[] {
  sortResults(list, 'best');
  const kept: Joined[] = [];
  for (const c of list) {
    if (kept.length >= cap) break;
    if (mode === 'off') kept.push(c);
    else if (!kept.some((d) => beats(mode, legs, d, c) && (!partial || d.arriveUtc <= c.arriveUtc)))
      kept.push(c);
  }
  return kept;
}

/** Does combination `d` dominate `c`? ('interval': each of its itineraries lies within the other's.) */
function beats(
  mode: DominanceMode,
  legs: readonly (readonly Itinerary[])[],
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
  let tighterSomewhere = false;
  for (let leg = 0; leg < d.itineraries.length; leg++) {
    const x = legs[leg]![d.itineraries[leg]!]!;
    const y = legs[leg]![c.itineraries[leg]!]!;
    if (!inside(x, y)) return false;
    if (tighter(x, y)) tighterSomewhere = true;
  }
  return d.totalCents < c.totalCents || d.transfers < c.transfers || tighterSomewhere;
}

const inside = (x: Itinerary, y: Itinerary): boolean =>
  x.departUtc >= y.departUtc && x.arriveUtc <= y.arriveUtc;
const tighter = (x: Itinerary, y: Itinerary): boolean =>
  x.departUtc > y.departUtc || x.arriveUtc < y.arriveUtc;
const sameItineraries = (a: Combination, b: Combination) =>
  a.itineraries.length === b.itineraries.length && a.itineraries.every((i, k) => i === b.itineraries[k]);
const withoutArrival = ({ arriveUtc: _landed, ...combination }: Joined): Combination => combination;
