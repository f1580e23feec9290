/**
 * Each route's slots in the order they leave on each weekday. A connection search takes a route's flights
 * earliest first, so it can stop at the first one a complete itinerary already beats: every later flight of
 * that route arrives later still, at no lower a price bound (search-expansion.ts).
 */
import type { Schedule } from './schedule.ts';

const WEEKDAYS = 7;

export interface DepartureOrder {
  /** Slots of route r flying on weekday w: slots[start[r * 7 + w]] .. slots[start[r * 7 + w + 1] - 1]. */
  readonly start: Int32Array;
  /** By local departure minute of that weekday (slot order when two leave at the same minute). */
  readonly slots: Int32Array;
}

export function buildDepartureOrder(schedule: Schedule): DepartureOrder {
  const { routeSlotStart, slotDays, slotDepartMinute } = schedule;
  const routes = routeSlotStart.length - 1;
  const start = new Int32Array(routes * WEEKDAYS + 1);
  const slots: number[] = [];
  for (let r = 0; r < routes; r++) {
    for (let w = 0; w < WEEKDAYS; w++) {
      start[r * WEEKDAYS + w] = slots.length;
      const flying: number[] = [];
      for (let s = routeSlotStart[r]!; s < routeSlotStart[r + 1]!; s++)
        if (slotDays[s]! & (1 << w)) flying.push(s);
      flying.sort(
        (a, b) => slotDepartMinute[a * WEEKDAYS + w]! - slotDepartMinute[b * WEEKDAYS + w]! || a - b,
      );
      slots.push(...flying);
    }
  }
  start[routes * WEEKDAYS] = slots.length;
  return { start, slots: Int32Array.from(slots) };
}
