/**
 * Formatting for the search pages. Flight times are the airports' wall clocks, written in the API's local
 * ISO date-times ("2026-12-15T17:15:00+05:00"); they are formatted from their own digits in UTC, so the
 * server, Chromium and the /uz polyfills print the same text and hydration never disagrees.
 */
import { isCurrency } from '@parvoz/i18n/currency';
import type { Locale } from '@parvoz/i18n/locales';
import { useT } from '../../lib/i18n.tsx';
import { formatDate, formatLocalTime } from '../../lib/local-time.ts';
import { keptText } from '../../lib/kept-texts.ts';

/** The wall-clock date and time of a local ISO date-time (or a plain date) as a UTC Date. */
export function wallClock(iso: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(iso);
  if (!m) return new Date(Number.NaN);
  return new Date(
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)),
  );
}

/** "02:25" / "2:25 PM" at the airport (see `formatLocalTime`: identical on the server and in the browser). */
export function formatTime(locale: Locale, iso: string): string {
  return formatLocalTime(locale, iso);
}

/** "Tue, 15 Dec" */
export function formatShortDate(locale: Locale, iso: string): string {
  return formatDate(locale, 'shortDate', wallClock(iso));
}

/** "Tuesday, 15 December 2026" */
export function formatLongDate(locale: Locale, iso: string): string {
  return formatDate(locale, 'longDate', wallClock(iso));
}

/** Calendar days from the local date of `from` to the local date of `to` ("+1 day" marks). */
export function dayDifference(from: string, to: string): number {
  return Math.round(
    (wallClock(to.slice(0, 10)).getTime() - wallClock(from.slice(0, 10)).getTime()) / 86_400_000,
  );
}

/** "5 h 40 min", "45 min", "3 h" in the page's language. */
export function useFormatDuration(): (minutes: number) => string {
  const t = useT();
  return (minutes) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return t('search.duration.minutes', { minutes: rest });
    if (rest === 0) return t('search.duration.hours', { hours });
    return t('search.duration.hoursMinutes', { hours, minutes: rest });
  };
}

/** A weekday, short ("Mon", "пн") or long ("Monday"); 0 is Sunday. */
export function formatWeekday(locale: Locale, weekday: number, width: 'short' | 'long'): string {
  // 1 November 2026 was a Sunday.
  return formatDate(
    locale,
    width === 'short' ? 'weekdayShort' : 'weekdayLong',
    Date.UTC(2026, 10, 1 + weekday),
  );
}

/** "December 2026" of a YYYY-MM month. */
export function formatMonth(locale: Locale, month: string): string {
  return formatDate(locale, 'monthYear', wallClock(`${month}-01`));
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount shortened to fit a calendar day ("265", "1.23K", "3,37 млн"), its unit free to go to a second line
 * on a phone (a plain space, not Intl's no-break one); the full price goes to screen readers.
 */
export function formatCompactAmount(locale: Locale, amount: string | number): string {
  return keptText(`${locale}|compact|${amount}`, () => {
    let format = compactFormats.get(locale);
    if (!format) {
      format = new Intl.NumberFormat(locale, { notation: 'compact', maximumSignificantDigits: 3 });
      compactFormats.set(locale, format);
    }
    return format.format(Number(amount)).replace(/[\u00a0\u202f]/g, ' ');
  });
}

const currencySigns = new Map<string, string>();

/** The sign the page's prices use for a currency ("$", "₽", "soʻm"). */
export function currencySign(locale: Locale, currency: string): string {
  if (!isCurrency(currency)) return currency;
  const key = `${locale} ${currency}`;
  let sign = currencySigns.get(key);
  if (sign === undefined) {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    sign = parts.find((part) => part.type === 'currency')?.value ?? currency;
    currencySigns.set(key, sign);
  }
  return sign;
}
