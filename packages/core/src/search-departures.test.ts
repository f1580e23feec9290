import { describe, expect, test } from 'vitest';
import { buildNetwork } from './network.ts';
import { FIXTURE_NETWORK } from './network.fixture.ts';
import { buildSchedule } from './schedule.ts';
import { buildDepartureOrder } from './search-departures.ts';

const schedule = buildSchedule(buildNetwork(FIXTURE_NETWORK), { seed: 'fixture', frequencyScale: 3 });

describe('departure order', () => {
  test("lists each route's slots flying on a weekday, earliest first, and no other", () => {
    const { start, slots } = buildDepartureOrder(schedule);
    const { routeSlotStart, slotDays, slotDepartMinute } = schedule;
    const routes = routeSlotStart.length - 1;
    let reordered = 0;
    for (let r = 0; r < routes; r++) {
      for (let w = 0; w < 7; w++) {
        const listed = [...slots.subarray(start[r * 7 + w]!, start[r * 7 + w + 1]!)];
        const flying: number[] = [];
        for (let s = routeSlotStart[r]!; s < routeSlotStart[r + 1]!; s++)
          if (slotDays[s]! & (1 << w)) flying.push(s);
        expect([...listed].sort((a, b) => a - b)).toEqual(flying);
        const minutes = listed.map((s) => slotDepartMinute[s * 7 + w]!);
        expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
        if (listed.join() !== flying.join()) reordered++;
      }
    }
    // The slots' own order is not their departure order on every day (services move by up to an hour).
    expect(reordered).toBeGreaterThan(0);
    expect(start[routes * 7]).toBe(slots.length);
  });
});
