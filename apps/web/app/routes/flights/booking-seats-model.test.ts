import { expect, test } from 'vitest';
import { offeredPicks, pickedAmounts, seatPicksOf, type PageSeatMap } from './booking-seats-model.ts';

const map = (free: Record<string, (string | null)[]>): PageSeatMap => ({
  slice_index: 0,
  segment_index: 0,
  rows: [
    {
      number: 12,
      sections: [
        ['12A', '12B', '12C'].map((designator) => ({
          designator,
          ...(free[designator] ? { prices: free[designator] } : {}),
        })),
      ],
    },
  ],
});

test('the picks of a form as sent, as the page keeps them, and their prices', () => {
  const picks = seatPicksOf({ passengers: [{ seats: ['0-0:12A:11.00', ''] }, { seats: '0-0:12B:0.00' }] });
  expect([...picks.entries()].map(([p, f]) => [p, [...f.entries()]])).toEqual([
    [0, [['0-0', '0-0:12A:11.00']]],
    [1, [['0-0', '0-0:12B:0.00']]],
  ]);
  expect(pickedAmounts(picks)).toEqual(['11.00', '0.00']);
  expect(seatPicksOf(null).size).toBe(0);
});

test('a seat the maps no longer offer to that passenger at that price is no longer picked', () => {
  const picks = seatPicksOf({ passengers: [{ seats: '0-0:12A:11.00' }, { seats: '0-0:12B:11.00' }] });
  // 12A taken meanwhile; 12B still offered to passenger 1 at the price picked.
  const kept = offeredPicks(picks, [map({ '12B': [null, '11.00'], '12C': ['11.00', '11.00'] })]);
  expect(pickedAmounts(kept)).toEqual(['11.00']);
  expect(kept.get(1)?.get('0-0')).toBe('0-0:12B:11.00');
  expect(kept.has(0)).toBe(false);
  // Repriced: not the seat the traveller agreed to pay for.
  expect(offeredPicks(picks, [map({ '12B': [null, '14.00'] })]).size).toBe(0);
});
