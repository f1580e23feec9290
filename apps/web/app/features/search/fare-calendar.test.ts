import { describe, expect, test } from 'vitest';
import {
  dateInMonth,
  daysInMonth,
  lowestAmount,
  monthRange,
  monthWeeks,
  weekStart,
} from './fare-calendar.ts';

describe('month grid', () => {
  test('December 2026 from Monday: Tuesday the 1st, five weeks, padded with empty days', () => {
    const weeks = monthWeeks('2026-12', 1);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks[4]).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  test('from Sunday (en) the same month starts one column later', () => {
    const weeks = monthWeeks('2026-12', weekStart('en'));
    expect(weeks[0]!.indexOf('2026-12-01')).toBe(2);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  test('February 2027 (a Monday the 1st) is exactly four weeks; leap years have 29 days', () => {
    expect(monthWeeks('2027-02', 1)).toHaveLength(4);
    expect(daysInMonth('2028-02')).toBe(29);
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', days: 30 });
  });
});

describe('month links', () => {
  const bookable = { first: '2026-11-24', last: '2027-10-19' };
  test('the same day of the next or previous month, the last day when shorter', () => {
    expect(dateInMonth('2026-12-15', 1, bookable)).toBe('2027-01-15');
    expect(dateInMonth('2027-01-31', 1, bookable)).toBe('2027-02-28');
    expect(dateInMonth('2027-01-15', -1, bookable)).toBe('2026-12-15');
  });

  test('brought within the bookable dates; none when the month is out of them', () => {
    expect(dateInMonth('2026-12-10', -1, bookable)).toBe('2026-11-24');
    expect(dateInMonth('2026-11-28', -1, bookable)).toBeNull();
    expect(dateInMonth('2027-09-25', 1, bookable)).toBe('2027-10-19');
    expect(dateInMonth('2027-10-05', 1, bookable)).toBeNull();
  });
});

test('the lowest amount compares numbers, not strings', () => {
  expect(
    lowestAmount([
      { date: 'a', min_amount: '950.00' },
      { date: 'b', min_amount: null },
      { date: 'c', min_amount: '1200.00' },
    ]),
  ).toBe(950);
  expect(lowestAmount([{ date: 'a', min_amount: null }])).toBeNull();
});
