/**
 * The scans the home page's destinations and "anywhere" keep (docs/anywhere.md): a promise per key for the
 * UTC day it was made on, the least recently asked forgotten past `max`; a scan that fails is not kept, so the
 * next call tries again (the database may only have blinked).
 */
import type { CurrencyCode } from '@parvoz/core/money';
import type { Clock } from '../../platform/clock.ts';
import type { FlightService } from './service.ts';

/** Whose fares the scans find: one adult in economy, up to two connections (the calendar's defaults). */
export const ECONOMY_ADULT = { cabin_class: 'economy', max_connections: 2 } as const;

/**
 * The lowest fare of one departure day (a round trip back `returnAfter` days later) as its results page shows it
 * now, major units; null when nothing is on sale any more.
 */
export async function oneDayFare(
  flights: FlightService,
  q: {
    origin: string;
    destination: string;
    date: string;
    returnAfter?: number;
    currency: CurrencyCode;
    lang: string;
  },
): Promise<string | null> {
  const day = await flights.calendar({
    origin: q.origin,
    destination: q.destination,
    from: q.date,
    days: 1,
    currency: q.currency,
    ...ECONOMY_ADULT,
    ...(q.returnAfter !== undefined ? { return_after: q.returnAfter } : {}),
    lang: q.lang,
  });
  return (day.ok ? day.data.days[0]?.min_amount : null) ?? null;
}

export interface DailyScans<T> {
  /** Whether `key` was scanned today (then asking costs nothing). */
  has(key: string): boolean;
  /** Today's scan of `key`, made now with `make(today)` if there is none. */
  get(key: string, make: (today: string) => Promise<T>): Promise<T>;
}

export function dailyScans<T>(now: Clock, max: number): DailyScans<T> {
  let kept = { day: '', scans: new Map<string, Promise<T>>() };
  const today = () => now().toISOString().slice(0, 10);
  return {
    has: (key) => kept.day === today() && kept.scans.has(key),
    get(key, make) {
      const day = today();
      if (kept.day !== day) kept = { day, scans: new Map() };
      const { scans } = kept;
      let scan = scans.get(key);
      if (scan) {
        scans.delete(key); // most recently asked last
      } else {
        scan = make(day);
        scan.catch(() => {
          if (scans.get(key) === scan) scans.delete(key);
        });
      }
      scans.set(key, scan);
      if (scans.size > max) scans.delete(scans.keys().next().value!);
      return scan;
    },
  };
}
