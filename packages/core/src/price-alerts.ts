/**
 * Price alerts (docs/operations.md#price-alerts): the rules of "tell me when it gets cheaper", without I/O.
 *
 * An alert remembers a reference price: the lowest price when the traveller subscribed, then the price of
 * the last alert email. A re-pricing tells the traveller only when the lowest price is at least the set
 * share below that reference; the reference then becomes the new price, so each email reports a further
 * drop and a price that creeps back up and down again is not reported twice.
 */

/** Basis points in a whole (100 % = 10 000 bp). */
export const BASIS_POINTS = 10_000;

/** The share (in basis points, 1–9 999) a price must fall by; from a percentage such as 5 or 2.5. */
export function dropBasisPoints(percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0 || percent >= 100)
    throw new RangeError(`a price drop share must be above 0 % and below 100 %, got ${percent}`);
  return Math.max(1, Math.round(percent * 100));
}

/**
 * Whether `current` is at least `minDropBp` basis points below `reference` (both integer minor units of one
 * currency). Exact integer arithmetic: a price just at the threshold counts as dropped.
 */
export function priceDroppedEnough(reference: number, current: number, minDropBp: number): boolean {
  if (!Number.isSafeInteger(reference) || !Number.isSafeInteger(current))
    throw new RangeError('prices must be integer minor units');
  if (!Number.isInteger(minDropBp) || minDropBp < 1 || minDropBp >= BASIS_POINTS)
    throw new RangeError(`minDropBp must be 1–${BASIS_POINTS - 1}, got ${minDropBp}`);
  if (reference <= 0 || current < 0) return false;
  return current * BASIS_POINTS <= reference * (BASIS_POINTS - minDropBp);
}

/** The drop from `reference` to `current` in whole percent, rounded down ("12 % cheaper"); 0 when none. */
export function dropPercent(reference: number, current: number): number {
  if (reference <= 0 || current >= reference) return 0;
  return Math.floor(((reference - current) * 100) / reference);
}

export type AlertCheck =
  { kind: 'notify'; reference: number; price: number } | { kind: 'quiet'; reference: number };

/**
 * The outcome of one re-pricing: notify (and the new reference is the new price) or stay quiet (the
 * reference is kept, also when the price rose: the traveller waits for a price below what they saw).
 */
export function checkAlertPrice(reference: number, current: number, minDropBp: number): AlertCheck {
  return priceDroppedEnough(reference, current, minDropBp)
    ? { kind: 'notify', reference: current, price: current }
    : { kind: 'quiet', reference };
}

/** The lowest of the offers' totals (integer minor units), or null when there is none. */
export function lowestPrice(totals: readonly number[]): number | null {
  let lowest: number | null = null;
  for (const total of totals) if (lowest === null || total < lowest) lowest = total;
  return lowest;
}

/** The longest range of departures one alert watches (two months of days: one calendar of low fares). */
export const MAX_ALERT_RANGE_DAYS = 61;
/** Re-pricings kept per alert for its price history (a month of checks every 12 hours). */
export const PRICE_HISTORY_KEPT = 60;

const DAY = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** Whether `until` ends a range of departures from `from`: on or after it, at most MAX_ALERT_RANGE_DAYS later. */
export function isAlertRange(from: string, until: string): boolean {
  const span = dayNumber(until) - dayNumber(from);
  return span >= 0 && span <= MAX_ALERT_RANGE_DAYS;
}

/** The departures a traveller may watch from a results page: its day, three days either side, or its month. */
export const ALERT_DATE_CHOICES = ['day', 'week', 'month'] as const;
export type AlertDateChoice = (typeof ALERT_DATE_CHOICES)[number];

/**
 * The watched departures of a choice around the searched `departure`, none before `earliest` (the first day
 * anyone may still fly): `until` is null for the one day.
 */
export function alertRange(
  choice: AlertDateChoice,
  departure: string,
  earliest: string,
): { from: string; until: string | null } {
  if (choice === 'day') return { from: departure, until: null };
  const day = dayNumber(departure);
  const [year, month] = departure.split('-').map(Number) as [number, number];
  const [first, last] =
    choice === 'week'
      ? [day - 3, day + 3]
      : [Date.UTC(year, month - 1, 1) / DAY, Date.UTC(year, month, 0) / DAY];
  return { from: dateOf(Math.max(first, dayNumber(earliest))), until: dateOf(last) };
}

/**
 * The calendar of low fares a range alert is priced with on `today`: its days still to come (from `today`), or
 * null when the whole range is past (the alert has done its job).
 */
export function alertWindow(
  from: string,
  until: string,
  today: string,
): { from: string; days: number } | null {
  const first = Math.max(dayNumber(from), dayNumber(today));
  const last = dayNumber(until);
  return last < first ? null : { from: dateOf(first), days: last - first + 1 };
}
