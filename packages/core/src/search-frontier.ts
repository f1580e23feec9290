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

/** Room for this many kept itineraries at first (the columns double when full). */
const INITIAL_COLUMNS = 64;

export class Frontier {
  private list: Candidate[] = [];
  /**
   * With dominance on, the kept itineraries' values again, in the list's order, as columns of typed arrays:
   * every partial itinerary and every route is tested against all of them (prunable is most of a search's
   * time), and a scan of numbers side by side is several times faster than one through the objects.
   */
  private price = new Float64Array(INITIAL_COLUMNS);
  private dep = new Float64Array(INITIAL_COLUMNS);
  private arr = new Float64Array(INITIAL_COLUMNS);
  private duration = new Float64Array(INITIAL_COLUMNS);
  private transfers = new Float64Array(INITIAL_COLUMNS);
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
    if (this.mode === 'interval') return this.dominatedInInterval(price, dep, arr, transfers);
    if (this.mode === 'duration') return this.dominatedInDuration(price, (arr - dep) / MINUTE_MS, transfers);
    return (
      this.list.length >= this.cap &&
      this.score(price, this.seated, (arr - dep) / MINUTE_MS, transfers) > this.worstScore
    );
  }

  /** `dominates(a, …)` in 'interval' mode for some kept `a`, over the columns. */
  private dominatedInInterval(price: number, dep: number, arr: number, transfers: number): boolean {
    const n = this.list.length;
    const P = this.price;
    const D = this.dep;
    const A = this.arr;
    const T = this.transfers;
    for (let i = 0; i < n; i++) {
      const p = P[i]!;
      const t = T[i]!;
      const d = D[i]!;
      const a = A[i]!;
      if (
        p <= price &&
        t <= transfers &&
        d >= dep &&
        a <= arr &&
        (p < price || t < transfers || d > dep || a < arr)
      )
        return true;
    }
    return false;
  }

  /** `dominates(a, …)` in 'duration' mode for some kept `a`, over the columns. */
  private dominatedInDuration(price: number, minutes: number, transfers: number): boolean {
    const n = this.list.length;
    const P = this.price;
    const M = this.duration;
    const T = this.transfers;
    for (let i = 0; i < n; i++) {
      const p = P[i]!;
      const t = T[i]!;
      const m = M[i]!;
      if (p <= price && t <= transfers && m <= minutes && (p < price || t < transfers || m < minutes))
        return true;
    }
    return false;
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
      this.keepUndominatedBy(candidate);
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

  /** Drops the kept itineraries `c` dominates and appends it, in the list and its columns (order kept). */
  private keepUndominatedBy(c: Candidate): void {
    const list = this.list;
    let kept = 0;
    for (let i = 0; i < list.length; i++) {
      const f = list[i]!;
      if (dominates(this.mode, c, f.price, f.dep, f.arr, f.transfers)) continue;
      list[kept] = f;
      this.setColumns(kept++, f);
    }
    list.length = kept;
    if (kept === this.price.length) this.growColumns();
    list.push(c);
    this.setColumns(kept, c);
  }

  private setColumns(i: number, c: Candidate): void {
    this.price[i] = c.price;
    this.dep[i] = c.dep;
    this.arr[i] = c.arr;
    this.duration[i] = c.duration;
    this.transfers[i] = c.transfers;
  }

  private growColumns(): void {
    const grow = (a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.price = grow(this.price);
    this.dep = grow(this.dep);
    this.arr = grow(this.arr);
    this.duration = grow(this.duration);
    this.transfers = grow(this.transfers);
  }
}
