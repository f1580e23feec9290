/**
 * What the property tests of date rules share: random "todays" and "nows" spread over 2024–2032 and weighted
 * towards the days and hours date rules trip over, and oracles of the civil calendar written from first
 * principles (the Gregorian leap rule, a table of month lengths, stepping one day at a time, Intl for time
 * zones). The oracles deliberately use none of core's date arithmetic (Date.UTC, day numbers), so a rule is
 * checked against something other than its own sums.
 */
import fc from 'fast-check';

export const FIRST_YEAR = 2024;
export const LAST_YEAR = 2032;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

// ---- Oracles ----------------------------------------------------------------------------------------------

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days of month `m` (1–12) of year `y`. */
export function monthLength(y: number, m: number): number {
  return m === 2 && isLeapYear(y) ? 29 : MONTH_LENGTHS[m - 1]!;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function isoOf(y: number, m: number, d: number): string {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

export function partsOf(iso: string): { y: number; m: number; d: number } {
  return { y: Number(iso.slice(0, 4)), m: Number(iso.slice(5, 7)), d: Number(iso.slice(8, 10)) };
}

/** The calendar day after `iso`. */
export function nextDate(iso: string): string {
  const { y, m, d } = partsOf(iso);
  if (d < monthLength(y, m)) return isoOf(y, m, d + 1);
  return m < 12 ? isoOf(y, m + 1, 1) : isoOf(y + 1, 1, 1);
}

/** The calendar day before `iso`. */
export function previousDate(iso: string): string {
  const { y, m, d } = partsOf(iso);
  if (d > 1) return isoOf(y, m, d - 1);
  return m > 1 ? isoOf(y, m - 1, monthLength(y, m - 1)) : isoOf(y - 1, 12, 31);
}

/** `iso` moved by `n` days, one day at a time. */
export function stepDays(iso: string, n: number): string {
  let out = iso;
  for (let i = 0; i < Math.abs(n); i++) out = n > 0 ? nextDate(out) : previousDate(out);
  return out;
}

/** Days from `a` to `b` (negative when `b` is earlier), counted one day at a time. */
export function daysFromTo(a: string, b: string): number {
  let n = 0;
  for (let day = a; day < b; day = nextDate(day)) n++;
  for (let day = a; day > b; day = previousDate(day)) n--;
  return n;
}

/** Whether a day and month exist in some year (29 February does, in leap years). */
export function isRealDayOfMonth(d: number, m: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= monthLength(2000, m);
}

/** Day of the week, Sunday = 0 (Sakamoto's method). */
export function weekdayOf(iso: string): number {
  const { m, d } = partsOf(iso);
  const t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
  const y = partsOf(iso).y - (m < 3 ? 1 : 0);
  return (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + t[m - 1]! + d) % 7;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in an IANA time zone, as Intl (the platform's tz database) tells it. */
export function dateIn(ms: number, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dateFormats.set(timeZone, format);
  }
  const part = (type: string) => Number(format.formatToParts(ms).find((p) => p.type === type)!.value);
  return isoOf(part('year'), part('month'), part('day'));
}

// ---- Arbitraries ------------------------------------------------------------------------------------------

const yearArb = fc.integer({ min: FIRST_YEAR, max: LAST_YEAR });
const monthArb = fc.integer({ min: 1, max: 12 });

/** The last Sunday of a month (EU summer time starts on March's, ends on October's). */
function lastSunday(y: number, m: number): string {
  let d = monthLength(y, m);
  while (weekdayOf(isoOf(y, m, d)) !== 0) d--;
  return isoOf(y, m, d);
}

/** The n-th Sunday of a month (US summer time: the 2nd of March to the 1st of November). */
function nthSunday(y: number, m: number, n: number): string {
  let d = 1;
  while (weekdayOf(isoOf(y, m, d)) !== 0) d++;
  return isoOf(y, m, d + 7 * (n - 1));
}

const anyDay = fc
  .tuple(yearArb, monthArb)
  .chain(([y, m]) => fc.integer({ min: 1, max: monthLength(y, m) }).map((d) => isoOf(y, m, d)));

/** The last two days of a month and the first two of the next. */
const monthEnd = fc
  .tuple(yearArb, monthArb, fc.integer({ min: -1, max: 2 }))
  .map(([y, m, k]) => stepDays(isoOf(y, m, monthLength(y, m)), k));

const yearEnd = fc
  .tuple(yearArb, fc.constantFrom('12-30', '12-31', '01-01', '01-02'))
  .map(([y, md]) => `${y}-${md}`);

const february = fc
  .tuple(yearArb, fc.constantFrom('02-27', '02-28', '02-29', '03-01'))
  .map(([y, md]) => (md === '02-29' && !isLeapYear(y) ? `${y}-02-28` : `${y}-${md}`));

const summerTimeChange = fc
  .tuple(
    yearArb,
    fc.constantFrom(
      (y: number) => lastSunday(y, 3),
      (y: number) => lastSunday(y, 10),
      (y: number) => nthSunday(y, 3, 2),
      (y: number) => nthSunday(y, 11, 1),
    ),
    fc.integer({ min: -1, max: 1 }),
  )
  .map(([y, sunday, k]) => stepDays(sunday(y), k));

/** A calendar day (YYYY-MM-DD) of 2024–2032; half of them month and year ends, February's end or a clock change. */
export const dayArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: anyDay },
  { weight: 2, arbitrary: monthEnd },
  { weight: 1, arbitrary: yearEnd },
  { weight: 1, arbitrary: february },
  { weight: 1, arbitrary: summerTimeChange },
);

/** Tashkent is UTC+5 and Istanbul UTC+3 all year: their midnights are 19:00 and 21:00 UTC. */
const TASHKENT_MIDNIGHT_UTC = 19 * HOUR_MS;
const ISTANBUL_MIDNIGHT_UTC = 21 * HOUR_MS;
/** London and Berlin change their clocks at 01:00 UTC. */
const EU_CLOCK_CHANGE_UTC = HOUR_MS;

const near = (at: number) => fc.integer({ min: at - 90 * MINUTE_MS, max: at + 90 * MINUTE_MS });

/** Milliseconds after the day's UTC midnight (negative: the evening before), mostly near some midnight. */
const timeOfDayArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 24 * HOUR_MS - 1 }) },
  { weight: 2, arbitrary: near(0) },
  { weight: 2, arbitrary: near(TASHKENT_MIDNIGHT_UTC) },
  { weight: 2, arbitrary: near(ISTANBUL_MIDNIGHT_UTC) },
  { weight: 1, arbitrary: near(EU_CLOCK_CHANGE_UTC) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      -1,
      0,
      TASHKENT_MIDNIGHT_UTC - 1,
      TASHKENT_MIDNIGHT_UTC,
      ISTANBUL_MIDNIGHT_UTC - 1,
      ISTANBUL_MIDNIGHT_UTC,
    ),
  },
);

/** Epoch ms of a UTC midnight (the generator may use the platform's arithmetic; the oracles do not). */
export function utcMidnight(iso: string): number {
  const { y, m, d } = partsOf(iso);
  return Date.UTC(y, m - 1, d);
}

/** An instant (epoch ms) on one of `dayArb`'s days, mostly near midnight in UTC, Tashkent or Istanbul. */
export const instantArb: fc.Arbitrary<number> = fc
  .tuple(dayArb, timeOfDayArb)
  .map(([day, time]) => utcMidnight(day) + time);

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as a local ISO date-time with its UTC offset in a time zone ("2026-12-31T23:30:00-05:00"), the
 * way offers write departures and arrivals, from Intl's wall clock and offset.
 */
export function localIsoIn(ms: number, timeZone: string): string {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    wallFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const zone = part('timeZoneName'); // "GMT+05:00", or "GMT" for UTC itself
  const offset = zone === 'GMT' ? '+00:00' : zone.slice(3);
  return `${dateIn(ms, timeZone)}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}
