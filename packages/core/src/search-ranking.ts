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

type RankKey = 'totalCents' | 'durationMinutes' | 'transfers';

/** The result first by `keys` in turn (a full tie keeps the earlier one); undefined for an empty list. */
function firstBy<T extends RankedResult>(list: readonly T[], keys: readonly RankKey[]): T | undefined {
  const before = (c: T, a: T) => {
    for (const key of keys) if (c[key] !== a[key]) return c[key] < a[key];
    return false;
  };
  let first: T | undefined;
  for (const c of list) if (!first || before(c, first)) first = c;
  return first;
}

/** The cheapest result (ties: fewer transfers, then shorter); undefined for an empty list. */
export function cheapestOf<T extends RankedResult>(list: readonly T[]): T | undefined {
  return firstBy(list, ['totalCents', 'transfers', 'durationMinutes']);
}

/** The shortest result (ties: cheaper, then fewer transfers); undefined for an empty list. */
export function fastestOf<T extends RankedResult>(list: readonly T[]): T | undefined {
  return firstBy(list, ['durationMinutes', 'totalCents', 'transfers']);
}
