/**
 * The scans the home page's destinations and "anywhere" keep (docs/anywhere.md): a promise per key for the
 * UTC day it was made on, the least recently asked forgotten past `max`; a scan that fails is not kept, so the
 * next call tries again (the database may only have blinked).
 */
import type { Clock } from '../../platform/clock.ts';

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
