/**
 * The complete itineraries found so far in one slice search, and the test that cuts a partial one.
 * With dominance on they form a Pareto frontier: an itinerary is kept unless another is no more
 * expensive, has no more transfers, is no longer ('duration') or leaves no earlier and arrives no
 * later ('interval'), and is strictly better in one of these. With dominance off, the best
 * `cap` by score are kept instead.
 */
import { MINUTE_MS } from './schedule-time.ts';
import type { DominanceMode } from './search-config.ts';
import type { PricedFlight } from './search-fares.ts';
import type { ScoreFn } from './search-ranking.ts';

/** A complete itinerary of the slice: party price (cents), first departure and last arrival (epoch ms). */
export interface Candidate {
  price: number;
  dep: number;
  arr: number;
  duration: number;
  transfers: number;
  score: number;
  path: PricedFlight[];
}

/** Does complete itinerary `a` dominate any itinerary with these (lower-bound) values? */
export function dominates(
  mode: DominanceMode,
  a: Candidate,
  price: number,
  dep: number,
  arr: number,
  transfers: number,
): boolean {
  if (a.price > price || a.transfers > transfers) return false;
  if (mode === 'interval') {
    return (
      a.dep >= dep &&
      a.arr <= arr &&
      (a.price < price || a.transfers < transfers || a.dep > dep || a.arr < arr)
    );
  }
  const minutes = (arr - dep) / MINUTE_MS;
  return a.duration <= minutes && (a.price < price || a.transfers < transfers || a.duration < minutes);
}

export class Frontier {
  private list: Candidate[] = [];
  /** Dominance off: score of the last kept candidate once the list is full. */
  private worstScore = Infinity;
  private readonly mode: DominanceMode;
  private readonly cap: number;
  private readonly score: ScoreFn;
  private readonly seated: number;

  constructor(mode: DominanceMode, cap: number, score: ScoreFn, seated: number) {
    this.mode = mode;
    this.cap = cap;
    this.score = score;
    this.seated = seated;
  }

  /** The kept itineraries (with dominance off, up to twice the cap: the caller sorts and cuts). */
  get candidates(): Candidate[] {
    return this.list;
  }

  /**
   * Can nothing with at least this price and transfers, leaving no earlier than `dep` and arriving
   * no earlier than `arr` (epoch ms; lower bounds of a partial itinerary), be kept?
   */
  prunable(price: number, dep: number, arr: number, transfers: number): boolean {
    if (price === Infinity || arr === Infinity) return true;
    const list = this.list;
    if (this.mode !== 'off') {
      for (let i = 0; i < list.length; i++)
        if (dominates(this.mode, list[i]!, price, dep, arr, transfers)) return true;
      return false;
    }
    return (
      list.length >= this.cap &&
      this.score(price, this.seated, (arr - dep) / MINUTE_MS, transfers) > this.worstScore
    );
  }

  /** Keeps a complete itinerary unless it is prunable; drops the ones it dominates (copies `path`). */
  add(price: number, dep: number, arr: number, transfers: number, path: readonly PricedFlight[]): void {
    if (this.prunable(price, dep, arr, transfers)) return;
    const duration = (arr - dep) / MINUTE_MS;
    const candidate: Candidate = {
      price,
      dep,
      arr,
      duration,
      transfers,
      score: this.score(price, this.seated, duration, transfers),
      path: path.slice(),
    };
    if (this.mode !== 'off') {
      this.list = this.list.filter(
        (f) => !dominates(this.mode, candidate, f.price, f.dep, f.arr, f.transfers),
      );
      this.list.push(candidate);
      return;
    }
    this.list.push(candidate);
    // Sorting only when twice over the cap keeps adding cheap (amortised).
    if (this.list.length > this.cap * 2) {
      this.list.sort((a, b) => a.score - b.score);
      this.list.length = this.cap;
      this.worstScore = this.list[this.cap - 1]!.score;
    }
  }
}
