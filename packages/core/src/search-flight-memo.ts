/**
 * The slice searches' memo of priced flights. Flights of a slice leave from the day before its date
 * (other time zones) to a week after: a window of 8 days per slot.
 */
import type { PricedFlight } from './search-fares.ts';

export const MEMO_DAYS = 8;

/**
 * The memo's storage, one per engine and reused by every slice search: a slot and day index typed
 * arrays directly (a Map keyed by them cost a tenth of a search), and a search's generation number
 * tells its entries from older ones, so nothing is cleared between searches. The flights themselves
 * live in the search's own list (`flights`, by position): a long-lived array of references to new
 * objects would cost the garbage collector more than the Map did. Safe because a slice search runs
 * to its end synchronously: two are never interleaved.
 */
export class FlightMemo {
  /** Per slot and day: the generation of the search that priced it. */
  private readonly stamp: Uint32Array;
  /** Per slot and day: its position in `flights`, or -1 when it had too few seats. */
  private readonly position: Int32Array;
  private flights: PricedFlight[] = [];
  private generation = 0;

  constructor(slotCount: number) {
    this.stamp = new Uint32Array(slotCount * MEMO_DAYS);
    this.position = new Int32Array(slotCount * MEMO_DAYS);
  }

  /** A new search: every entry of earlier ones is stale. */
  begin(): void {
    this.flights = [];
    this.generation++;
    if (this.generation === 0xffffffff) {
      // After 4 billion searches the counter wraps: forget everything once.
      this.stamp.fill(0);
      this.generation = 1;
    }
  }

  /** The flight kept under `key` by this search (null: no seats), or undefined when not priced yet. */
  get(key: number): PricedFlight | null | undefined {
    if (this.stamp[key] !== this.generation) return undefined;
    const at = this.position[key]!;
    return at < 0 ? null : this.flights[at]!;
  }

  set(key: number, flight: PricedFlight | null): void {
    this.stamp[key] = this.generation;
    if (flight === null) this.position[key] = -1;
    else {
      this.position[key] = this.flights.length;
      this.flights.push(flight);
    }
  }
}
