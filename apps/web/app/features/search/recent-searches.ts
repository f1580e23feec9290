/**
 * Recent searches, remembered on this device only (localStorage): the results page records each search it
 * shows, the home page lists them. Nothing leaves the browser.
 */
import type { Cabin, PassengerCounts, PlaceValue } from './search-form.ts';

export const RECENT_SEARCHES_KEY = 'parvoz.recentSearches';
export const MAX_RECENT_SEARCHES = 5;

export type RecentSearch = {
  segment: string;
  from: PlaceValue;
  to: PlaceValue;
  depart: string;
  ret: string | null;
  passengers: PassengerCounts;
  cabin: Cabin;
};

function isRecentSearch(value: unknown): value is RecentSearch {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<RecentSearch>;
  return (
    typeof v.segment === 'string' &&
    /^[A-Z]{3}\d{4}[A-Z]{3}\d{1,7}b?$/.test(v.segment) &&
    typeof v.from?.code === 'string' &&
    typeof v.from?.name === 'string' &&
    typeof v.to?.code === 'string' &&
    typeof v.to?.name === 'string' &&
    typeof v.depart === 'string' &&
    (v.ret === null || typeof v.ret === 'string') &&
    typeof v.passengers?.adults === 'number' &&
    typeof v.passengers?.children === 'number' &&
    typeof v.passengers?.infants === 'number' &&
    (v.cabin === 'economy' || v.cabin === 'business')
  );
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings)
  }
}

/** The remembered searches, newest first, without those whose departure has passed. */
export function readRecentSearches(today: string): RecentSearch[] {
  const store = storage();
  if (!store) return [];
  try {
    const parsed: unknown = JSON.parse(store.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isRecentSearch).filter((s) => s.depart >= today);
  } catch {
    return [];
  }
}

/** Puts a search first (once), keeping at most MAX_RECENT_SEARCHES. */
export function rememberSearch(search: RecentSearch, today: string): void {
  const store = storage();
  if (!store) return;
  const same = (s: RecentSearch) => s.segment === search.segment;
  const list = [search, ...readRecentSearches(today).filter((s) => !same(s))].slice(0, MAX_RECENT_SEARCHES);
  try {
    store.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // quota or privacy mode: remembering is a convenience
  }
}

export function forgetRecentSearches(): void {
  try {
    storage()?.removeItem(RECENT_SEARCHES_KEY);
  } catch {
    // ignore
  }
}
