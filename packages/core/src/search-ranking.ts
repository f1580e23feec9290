/** The "best" score and the three result orders (best, cheapest, fastest). */
import type { ScoreWeights } from './search-config.ts';
import type { RankedResult, SortOrder } from './search-engine-types.ts';

/** "Best" score of a result, lower is better: price per seat in USD plus weighted hours and transfers. */
export type ScoreFn = (priceCents: number, seated: number, minutes: number, transfers: number) => number;

export function createScore({ usdPerHour, usdPerTransfer }: ScoreWeights): ScoreFn {
  return (priceCents, seated, minutes, transfers) =>
    priceCents / 100 / Math.max(1, seated) + (minutes / 60) * usdPerHour + transfers * usdPerTransfer;
}

/** Each order breaks ties by the other criteria, so the order is total on distinct results. */
function comparator<T extends RankedResult>(order: SortOrder): (a: T, b: T) => number {
  if (order === 'cheapest') {
    return (a, b) =>
      a.totalCents - b.totalCents || a.durationMinutes - b.durationMinutes || a.transfers - b.transfers;
  }
  if (order === 'fastest') {
    return (a, b) =>
      a.durationMinutes - b.durationMinutes || a.totalCents - b.totalCents || a.transfers - b.transfers;
  }
  return (a, b) => a.score - b.score || a.totalCents - b.totalCents || a.durationMinutes - b.durationMinutes;
}

/** Sorts in place and returns the list. */
export function sortResults<T extends RankedResult>(list: T[], order: SortOrder): T[] {
  return list.sort(comparator<T>(order));
}

/** The cheapest result (ties: fewer transfers, then shorter); undefined for an empty list. */
export function cheapestOf<T extends RankedResult>(list: readonly T[]): T | undefined {
  return list.reduce<T | undefined>(
    (a, c) =>
      !a ||
      c.totalCents < a.totalCents ||
      (c.totalCents === a.totalCents &&
        (c.transfers < a.transfers || (c.transfers === a.transfers && c.durationMinutes < a.durationMinutes)))
        ? c
        : a,
    undefined,
  );
}

/** The shortest result (ties: cheaper, then fewer transfers); undefined for an empty list. */
export function fastestOf<T extends RankedResult>(list: readonly T[]): T | undefined {
  return list.reduce<T | undefined>(
    (a, c) =>
      !a ||
      c.durationMinutes < a.durationMinutes ||
      (c.durationMinutes === a.durationMinutes &&
        (c.totalCents < a.totalCents || (c.totalCents === a.totalCents && c.transfers < a.transfers)))
        ? c
        : a,
    undefined,
  );
}
