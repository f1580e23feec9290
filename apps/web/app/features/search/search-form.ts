/**
 * The flight search form's values as the page holds them, the dates it offers and the results path it leads
 * to. Its rules are the contract's schema (@parvoz/contracts/search-form, loaded after hydration) and its
 * limits core's (@parvoz/contracts/search-limits); this module stays free of zod, so the form paints without it.
 */
import type { BookableDates, SearchFormFields, SearchFormValue } from '@parvoz/contracts/search-form';
import { SEARCH_HORIZON_DAYS, type Cabin, type PassengerCounts } from '@parvoz/contracts/search-limits';
import { formatSearchSegment } from '@parvoz/core/search-segment';

export type { Cabin, PassengerCounts };

export type PlaceValue = { code: string; name: string };

export type SearchFormValues = {
  /** Airport or city code chosen in the list ("" until one is chosen). */
  fromCode: string;
  /** What the field shows (the chosen place's name, or what was typed). */
  fromName: string;
  toCode: string;
  toName: string;
  /** YYYY-MM-DD or "". */
  depart: string;
  /** YYYY-MM-DD or "" (one way). */
  ret: string;
  passengers: PassengerCounts;
  cabin: Cabin;
};

export const EMPTY_FORM: SearchFormValues = {
  fromCode: '',
  fromName: '',
  toCode: '',
  toName: '',
  depart: '',
  ret: '',
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin: 'economy',
};

/** The form's fields as the schema reads them (names as SearchForm renders them), as the page holds them. */
export function formValues(fields: SearchFormFields): SearchFormValues {
  return {
    fromCode: fields.from,
    fromName: fields.fromName,
    toCode: fields.to,
    toName: fields.toName,
    depart: fields.depart,
    ret: fields.return,
    passengers: fields.passengers,
    cabin: fields.cabin,
  };
}

/** The results page of a checked search: `/{lang}/flight/TAS1512IST1` (docs/design.md §3). */
export function resultsPath(lang: string, search: SearchFormValue): string {
  return `/${lang}/flight/${formatSearchSegment(search)}`;
}

/** YYYY-MM-DD plus (or minus) whole days. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Days from `a` to `b` (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The browser's (or server's) local date as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * The earliest date someone somewhere can still call today: the server does not know the traveller's zone,
 * so it accepts UTC's yesterday too and leaves the exact check to the API (the origin's local date).
 */
export function earliestToday(now: Date = new Date()): string {
  return addDays(now.toISOString().slice(0, 10), -1);
}

/** The last bookable date for a given first one (core's horizon, today included). */
export function lastBookableDate(today: string): string {
  return addDays(today, SEARCH_HORIZON_DAYS - 1);
}

/** The dates the browser offers: from its own today. */
export function browserDates(now: Date = new Date()): BookableDates {
  const first = localToday(now);
  return { first, last: lastBookableDate(first) };
}

/**
 * The dates the server accepts without knowing the traveller's zone: from UTC's yesterday (the Americas) to the
 * horizon of UTC's tomorrow (east of UTC in the evening: Tashkent from 19:00 UTC), as parseSegment reads them.
 */
export function serverDates(now: Date = new Date()): BookableDates {
  const utcToday = now.toISOString().slice(0, 10);
  return { first: earliestToday(now), last: lastBookableDate(addDays(utcToday, 1)) };
}

/** Total passengers (infants included), for "2 passengers". */
export function passengerTotal(p: PassengerCounts): number {
  return p.adults + p.children + p.infants;
}
