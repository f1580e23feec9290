/**
 * "Anywhere" (docs/anywhere.md): from one origin, every city it flies to nonstop at its lowest fare in a month
 * (one way) or on a weekend (out Friday or Saturday, back Sunday). Pure: which calendar windows a period is
 * priced over, which months and weekends a traveller may pick, and the order of the answer.
 */
import { HORIZON_DAYS } from './schedule.ts';
import { DAY_MS, formatDay, parseDay, weekdayOf } from './schedule-time.ts';

export type AnywherePeriod = { kind: 'month'; month: string } | { kind: 'weekend'; friday: string };

/** A calendar of low fares to ask: `days` departures from `from`, one way or back `returnAfter` days later. */
export interface LowFareWindow {
  from: string;
  days: number;
  returnAfter?: number;
}

const FRIDAY = 4;

/**
 * The last day a search may fly on, from `earliest` (tomorrow): the engine sells HORIZON_DAYS days from today,
 * today included, so the last is today + 329 = tomorrow + 328.
 */
const lastBookable = (earliest: number) => earliest + HORIZON_DAYS - 2;

/** Whether `date` (YYYY-MM-DD) is a real Friday: a weekend is named by its Friday. */
export function isFriday(date: string): boolean {
  const day = parseDay(date);
  return day !== null && weekdayOf(day) === FRIDAY;
}

/**
 * The windows a period is priced over, none before `earliest` (the first day anyone may still fly, tomorrow)
 * nor past the schedule's horizon: a month's remaining days one way; a weekend out on Friday back on Sunday, or
 * out on Saturday back on Sunday. A period wholly past has none.
 */
export function anywhereWindows(period: AnywherePeriod, earliest: string): LowFareWindow[] {
  const first = parseDay(earliest)!;
  const last = lastBookable(first);
  if (period.kind === 'month') {
    const [year, month] = period.month.split('-').map(Number) as [number, number];
    const start = Math.max(Date.UTC(year, month - 1, 1) / DAY_MS, first);
    const end = Math.min(Date.UTC(year, month, 0) / DAY_MS, last);
    return end < start ? [] : [{ from: formatDay(start), days: end - start + 1 }];
  }
  const friday = parseDay(period.friday)!;
  return [
    { from: formatDay(friday), days: 1, returnAfter: 2 },
    { from: formatDay(friday + 1), days: 1, returnAfter: 1 },
  ].filter((window) => {
    const day = parseDay(window.from)!;
    return day >= first && day + window.returnAfter <= last;
  });
}

/** The months a traveller may pick (YYYY-MM), from the one of `earliest` on, while any of their days is bookable. */
export function anywhereMonths(earliest: string, count = 12): string[] {
  const first = parseDay(earliest)!;
  const months: string[] = [];
  const date = new Date(first * DAY_MS);
  for (let i = 0; i < count; i++) {
    const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + i, 1) / DAY_MS;
    if (start > lastBookable(first)) break;
    months.push(formatDay(start).slice(0, 7));
  }
  return months;
}

/** The next weekends (their Fridays) with a trip left to fly: this one while its Saturday is still to come. */
export function anywhereWeekends(earliest: string, count = 8): string[] {
  const first = parseDay(earliest)!;
  // The Friday of the week holding `earliest`'s Saturday: Monday…Saturday look at this week's Friday.
  let friday = first - ((weekdayOf(first) - FRIDAY + 7) % 7);
  if (friday + 1 < first) friday += 7;
  return Array.from({ length: count }, (_, i) => formatDay(friday + 7 * i)).filter(
    (day) => anywhereWindows({ kind: 'weekend', friday: day }, earliest).length > 0,
  );
}

/** Cheapest first (amounts in major units of one currency), then by code so every instance answers alike. */
export function byLowestFare<T extends { code: string; min_amount: string }>(a: T, b: T): number {
  return Number(a.min_amount) - Number(b.min_amount) || a.code.localeCompare(b.code);
}
