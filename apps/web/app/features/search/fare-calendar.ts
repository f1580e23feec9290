/**
 * The month view of lowest fares (the "calendar of low prices") on a one-way results page: which month it shows,
 * its weeks, the dates its month links lead to, and the API's per-day minima (GET /v1/flights/calendar).
 * Dates are plain YYYY-MM-DD calendar dates: no time zone is involved.
 */
import type { Locale } from '@parvoz/i18n/locales';
import { addDays } from './search-form.ts';

/** A month as YYYY-MM. */
export type Month = string;

export type FareCalendarDay = { date: string; min_amount: string | null };

/** The API's minima for the month, or why there are none. */
export type FareCalendar =
  { kind: 'ok'; currency: string; connected: boolean; days: FareCalendarDay[] } | { kind: 'error' };

export const monthOf = (date: string): Month => date.slice(0, 7);

export function daysInMonth(month: Month): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The month's first day and its number of days: what to ask the API for. */
export function monthRange(month: Month): { from: string; days: number } {
  return { from: `${month}-01`, days: daysInMonth(month) };
}

/** Weeks start on Sunday in American English and on Monday in ru, uz and tr (as the date picker's locales). */
export function weekStart(locale: Locale): 0 | 1 {
  return locale === 'en' ? 0 : 1;
}

/** The month's weeks, each seven dates or null for the days of the months around it. */
export function monthWeeks(month: Month, firstWeekday: 0 | 1): (string | null)[][] {
  const first = `${month}-01`;
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() - firstWeekday + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 0; d < daysInMonth(month); d++) cells.push(addDays(first, d));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * The date a "previous/next month" link moves the search to: the same day of that month (its last day when
 * shorter), brought within the bookable dates; null when none of that month is bookable.
 */
export function dateInMonth(
  date: string,
  offset: -1 | 1,
  bookable: { first: string; last: string },
): string | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + offset, 1)).toISOString().slice(0, 7);
  const day = Math.min(d, daysInMonth(target));
  let moved = `${target}-${String(day).padStart(2, '0')}`;
  if (moved < bookable.first) moved = bookable.first;
  if (moved > bookable.last) moved = bookable.last;
  return monthOf(moved) === target ? moved : null;
}

/** The lowest amount of the month (as a number), or null when no day has a fare. */
export function lowestAmount(days: readonly FareCalendarDay[]): number | null {
  const amounts = days.flatMap((d) => (d.min_amount === null ? [] : [Number(d.min_amount)]));
  return amounts.length ? Math.min(...amounts) : null;
}
