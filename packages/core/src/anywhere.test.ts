import { describe, expect, test } from 'vitest';
import { anywhereMonths, anywhereWeekends, anywhereWindows, byLowestFare, isFriday } from './anywhere.ts';

describe('anywhereWindows', () => {
  test('a month is its days still to come, one way; a month wholly past has none', () => {
    expect(anywhereWindows({ kind: 'month', month: '2027-02' }, '2027-01-20')).toEqual([
      { from: '2027-02-01', days: 28 },
    ]);
    expect(anywhereWindows({ kind: 'month', month: '2028-02' }, '2027-12-20')).toEqual([
      { from: '2028-02-01', days: 29 },
    ]);
    expect(anywhereWindows({ kind: 'month', month: '2027-01' }, '2027-01-20')).toEqual([
      { from: '2027-01-20', days: 12 },
    ]);
    expect(anywhereWindows({ kind: 'month', month: '2026-12' }, '2027-01-01')).toEqual([]);
  });

  test('a month is cut at the schedule horizon (330 days from today, today included)', () => {
    // Tomorrow 2027-01-01: today 2026-12-31 + 329 days = 2027-11-25 is the last day sold.
    expect(anywhereWindows({ kind: 'month', month: '2027-11' }, '2027-01-01')).toEqual([
      { from: '2027-11-01', days: 25 },
    ]);
    expect(anywhereWindows({ kind: 'month', month: '2027-12' }, '2027-01-01')).toEqual([]);
  });

  test('a weekend: out Friday back Sunday, or out Saturday back Sunday; only what is still to come', () => {
    const friday = '2027-01-08';
    expect(anywhereWindows({ kind: 'weekend', friday }, '2027-01-05')).toEqual([
      { from: '2027-01-08', days: 1, returnAfter: 2 },
      { from: '2027-01-09', days: 1, returnAfter: 1 },
    ]);
    expect(anywhereWindows({ kind: 'weekend', friday }, '2027-01-09')).toEqual([
      { from: '2027-01-09', days: 1, returnAfter: 1 },
    ]);
    expect(anywhereWindows({ kind: 'weekend', friday }, '2027-01-10')).toEqual([]);
  });
});

describe('the periods a traveller may pick', () => {
  test('twelve months from the first bookable one', () => {
    expect(anywhereMonths('2027-11-30')).toEqual([
      '2027-11',
      '2027-12',
      '2028-01',
      '2028-02',
      '2028-03',
      '2028-04',
      '2028-05',
      '2028-06',
      '2028-07',
      '2028-08',
      '2028-09',
      '2028-10',
    ]);
  });

  test('weekends by their Fridays: this one while its Saturday is to come', () => {
    // 2027-01-05 is a Tuesday, 2027-01-09 a Saturday, 2027-01-10 a Sunday.
    expect(anywhereWeekends('2027-01-05', 3)).toEqual(['2027-01-08', '2027-01-15', '2027-01-22']);
    expect(anywhereWeekends('2027-01-09', 2)).toEqual(['2027-01-08', '2027-01-15']);
    expect(anywhereWeekends('2027-01-10', 2)).toEqual(['2027-01-15', '2027-01-22']);
    expect(anywhereWeekends('2027-01-08', 1)).toEqual(['2027-01-08']);
    for (const friday of anywhereWeekends('2027-03-28', 8)) expect(isFriday(friday)).toBe(true);
  });

  test('isFriday names real Fridays only', () => {
    expect(isFriday('2027-01-08')).toBe(true);
    expect(isFriday('2027-01-09')).toBe(false);
    expect(isFriday('2027-02-30')).toBe(false);
  });
});

test('cheapest first, then by code', () => {
  const list = [
    { code: 'IST', min_amount: '120.50' },
    { code: 'DXB', min_amount: '99.99' },
    { code: 'ALA', min_amount: '120.50' },
    { code: 'MOW', min_amount: '1000.00' },
  ];
  expect(list.sort(byLowestFare).map((d) => d.code)).toEqual(['DXB', 'ALA', 'IST', 'MOW']);
});
