/**
 * Flight times are local to each airport and arrive as ISO date-times with the airport's offset
 * ("2026-12-13T18:35:00+05:00"). They are shown as written (the airport's wall clock), so they are formatted
 * from their own digits in UTC: the same output in Node, Chromium and the FormatJS polyfills (/uz), with no
 * time-zone conversion anywhere.
 */

import { DATE_FORMATS, type DateFormatName } from './date-formats.ts';
import { keptText } from './kept-texts.ts';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** The wall-clock time of a local ISO date-time (or a plain YYYY-MM-DD) as a Date in UTC; null if unreadable. */
export function wallClock(iso: string): Date | null {
  const m = LOCAL.exec(iso);
  if (!m) return null;
  const date = new Date(
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)),
  );
  return Number.isNaN(date.getTime()) ? null : date;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A cached Intl date format of the site's (`DATE_FORMATS`), in UTC unless told otherwise: for wall-clock Dates
 * (`wallClock`) and calendar dates at UTC midnight.
 */
function dateFormat(locale: string, name: DateFormatName, timeZone = 'UTC'): Intl.DateTimeFormat {
  const key = `${locale}|${name}|${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...DATE_FORMATS[name], timeZone });
    formats.set(key, f);
  }
  return f;
}

/** `at` written with a named format (`dateFormat`), kept once made (`keptText`). */
export function formatDate(
  locale: string,
  name: DateFormatName,
  at: Date | number,
  timeZone = 'UTC',
): string {
  return keptText(`${locale}|${name}|${timeZone}|${+at}`, () =>
    dateFormat(locale, name, timeZone).format(at),
  );
}

/**
 * "18:35" / "6:35 PM": the local time at the airport, the same text in Node and in every browser (a hydration
 * mismatch makes React throw the server's HTML away): a 24-hour clock always gets two hour digits (Node's
 * Uzbek data writes "2:25", the browser's /uz polyfill "02:25"), and the space before AM/PM is a no-break
 * space (Node writes U+202F, Chromium a plain space).
 */
export function formatLocalTime(locale: string, iso: string): string {
  const date = wallClock(iso);
  if (!date) return iso;
  return keptText(`${locale}|local time|${iso}`, () =>
    sameEverywhere(dateFormat(locale, 'time').formatToParts(date)),
  );
}

/**
 * Two hour digits on a 24-hour clock and every space a no-break space: Node's and the browsers' output agree
 * (their ICU data differ in spaces: Russian " г., " is U+202F in Node and a plain space in Chromium).
 */
function sameEverywhere(parts: Intl.DateTimeFormatPart[]): string {
  const twelveHour = parts.some((p) => p.type === 'dayPeriod');
  return parts
    .map((p) => {
      if (p.type === 'hour' && !twelveHour) return p.value.padStart(2, '0');
      if (p.type === 'literal') return p.value.replace(/\s/g, '\u00a0');
      return p.value;
    })
    .join('');
}

/** "Sun, 13 Dec 2026": the local date at the airport (or a plain date such as a birth date). */
export function formatLocalDate(locale: string, iso: string, style: 'long' | 'medium' = 'medium'): string {
  const date = wallClock(iso);
  if (!date) return iso;
  const name = style === 'long' ? 'weekdayDate' : 'mediumDate';
  return keptText(`${locale}|local ${name}|${iso}`, () =>
    sameEverywhere(dateFormat(locale, name).formatToParts(date)),
  );
}

/**
 * An instant (a UTC ISO string such as an order's created_at) as date and time in UTC, zone named ("UTC"):
 * the server cannot know the visitor's zone, and the browser must render the same text after hydration.
 */
export function formatInstant(locale: string, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return keptText(`${locale}|instant|${iso}`, () =>
    sameEverywhere(dateFormat(locale, 'instant').formatToParts(date)),
  );
}

/** "UTC", "UTC+5", "UTC+5:30", "UTC-3": an offset east of UTC in minutes, as the instant formats name it. */
function offsetName(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${minutes > 0 ? '+' : '-'}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * An instant as date and time at a fixed offset east of UTC, the offset named ("23 Nov 2026, 18:49 UTC+5"): the
 * visitor's own clock once the page runs in their browser (`useInstantFormat`). Written from the shifted
 * instant in UTC, so the /uz date polyfill needs no time-zone data (uz-intl.client.ts).
 */
export function formatInstantAtOffset(locale: string, iso: string, offsetMinutes: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const shifted = new Date(date.getTime() + offsetMinutes * 60_000);
  return keptText(`${locale}|instant|${iso}|${offsetMinutes}`, () =>
    sameEverywhere(
      dateFormat(locale, 'instant')
        .formatToParts(shifted)
        .map((p) => (p.type === 'timeZoneName' ? { ...p, value: offsetName(offsetMinutes) } : p)),
    ),
  );
}

/** Minutes of an ISO 8601 duration of hours and minutes ("PT4H50M" → 290); null if unreadable. */
export function durationMinutes(iso: string): number | null {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(iso);
  if (!m || iso === 'P' || iso === 'PT') return null;
  return Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}
