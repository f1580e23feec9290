import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  ALERT_DATE_CHOICES,
  alertRange,
  alertWindow,
  checkAlertPrice,
  isAlertRange,
  dropBasisPoints,
  dropPercent,
  lowestPrice,
  priceDroppedEnough,
} from './price-alerts.ts';

describe('priceDroppedEnough', () => {
  test.each([
    // reference, current, bp, dropped
    [10_000, 9_500, 500, true], // exactly 5 % lower
    [10_000, 9_501, 500, false], // 4.99 %
    [10_000, 9_000, 500, true],
    [10_000, 10_000, 500, false],
    [10_000, 12_000, 500, false], // dearer
    [41_250, 39_187, 500, true], // 412.50 → 391.87 (−5.0006 %)
    [41_250, 39_188, 500, false], // 391.88 (−4.998 %)
    [5_000_000, 4_750_000, 500, true], // UZS, no minor unit
    [100, 99, 100, true], // 1 %
    [100, 0, 9_999, true], // free is a drop of any share below 100 %
    [0, 0, 500, false], // no reference price: nothing to compare
  ])('%i → %i at %i bp: %s', (reference, current, bp, dropped) => {
    expect(priceDroppedEnough(reference, current, bp)).toBe(dropped);
  });

  test('matches the rational definition current ≤ reference × (1 − share) for any prices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 9_999 }),
        (reference, current, bp) => {
          const exact = BigInt(current) * 10_000n <= BigInt(reference) * BigInt(10_000 - bp);
          expect(priceDroppedEnough(reference, current, bp)).toBe(exact);
        },
      ),
    );
  });

  test('is monotonic: a lower price or a smaller share never turns a drop into no drop', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 9_999 }),
        fc.integer({ min: 1, max: 9_999 }),
        (reference, a, b, bp1, bp2) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const [small, large] = bp1 <= bp2 ? [bp1, bp2] : [bp2, bp1];
          if (priceDroppedEnough(reference, high, large)) {
            expect(priceDroppedEnough(reference, low, large)).toBe(true);
            expect(priceDroppedEnough(reference, high, small)).toBe(true);
          }
        },
      ),
    );
  });

  test('refuses fractional prices and shares outside 1–9 999 bp (programming errors)', () => {
    expect(() => priceDroppedEnough(100.5, 90, 500)).toThrow(RangeError);
    expect(() => priceDroppedEnough(100, 90, 0)).toThrow(RangeError);
    expect(() => priceDroppedEnough(100, 90, 10_000)).toThrow(RangeError);
    expect(() => priceDroppedEnough(100, 90, 2.5)).toThrow(RangeError);
  });
});

describe('checkAlertPrice', () => {
  test('a drop notifies and the new price becomes the reference; a further small dip then stays quiet', () => {
    const first = checkAlertPrice(40_000, 37_000, 500);
    expect(first).toEqual({ kind: 'notify', reference: 37_000, price: 37_000 });
    expect(checkAlertPrice(first.reference, 36_000, 500)).toEqual({ kind: 'quiet', reference: 37_000 });
    expect(checkAlertPrice(first.reference, 35_150, 500).kind).toBe('notify');
  });

  test('a rise keeps the reference: back down to the price once seen is no news', () => {
    expect(checkAlertPrice(40_000, 50_000, 500)).toEqual({ kind: 'quiet', reference: 40_000 });
    expect(checkAlertPrice(40_000, 40_000, 500)).toEqual({ kind: 'quiet', reference: 40_000 });
  });

  test('never notifies twice for one price: after a notification the same price is quiet', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 9_999 }),
        (reference, price, bp) => {
          const check = checkAlertPrice(reference, price, bp);
          if (check.kind === 'notify') expect(checkAlertPrice(check.reference, price, bp).kind).toBe('quiet');
        },
      ),
    );
  });
});

test('dropBasisPoints takes a percentage above 0 and below 100', () => {
  expect(dropBasisPoints(5)).toBe(500);
  expect(dropBasisPoints(2.5)).toBe(250);
  expect(dropBasisPoints(0.001)).toBe(1);
  for (const bad of [0, -1, 100, Number.NaN, Infinity])
    expect(() => dropBasisPoints(bad)).toThrow(RangeError);
});

test('dropPercent rounds down and is 0 without a drop', () => {
  expect(dropPercent(40_000, 37_000)).toBe(7);
  expect(dropPercent(40_000, 39_999)).toBe(0);
  expect(dropPercent(40_000, 45_000)).toBe(0);
  expect(dropPercent(0, 0)).toBe(0);
});

test('lowestPrice is the minimum, null for no offers', () => {
  expect(lowestPrice([])).toBeNull();
  expect(lowestPrice([300, 120, 450])).toBe(120);
});

describe('ranges of departures', () => {
  test('a range ends on or after its first day, at most 61 days later', () => {
    expect(isAlertRange('2027-01-01', '2027-01-01')).toBe(true);
    expect(isAlertRange('2027-01-01', '2027-03-03')).toBe(true);
    expect(isAlertRange('2027-01-01', '2027-03-04')).toBe(false);
    expect(isAlertRange('2027-01-02', '2027-01-01')).toBe(false);
  });

  test('the choices of a results page: the day, three days either side, the month; never before the first bookable day', () => {
    expect(alertRange('day', '2027-02-15', '2027-01-10')).toEqual({ from: '2027-02-15', until: null });
    expect(alertRange('week', '2027-02-15', '2027-01-10')).toEqual({
      from: '2027-02-12',
      until: '2027-02-18',
    });
    expect(alertRange('week', '2027-01-11', '2027-01-10')).toEqual({
      from: '2027-01-10',
      until: '2027-01-14',
    });
    expect(alertRange('month', '2027-02-15', '2027-01-10')).toEqual({
      from: '2027-02-01',
      until: '2027-02-28',
    });
    expect(alertRange('month', '2028-02-15', '2027-01-10')).toEqual({
      from: '2028-02-01',
      until: '2028-02-29',
    });
    expect(alertRange('month', '2027-01-20', '2027-01-10')).toEqual({
      from: '2027-01-10',
      until: '2027-01-31',
    });
    expect(alertRange('month', '2026-12-31', '2026-12-31')).toEqual({
      from: '2026-12-31',
      until: '2026-12-31',
    });
    for (const choice of ALERT_DATE_CHOICES) {
      const { from, until } = alertRange(choice, '2027-03-31', '2027-03-01');
      if (until) expect(isAlertRange(from, until)).toBe(true);
    }
  });

  test('the window priced on a day: the days still to come; none once the range is past', () => {
    expect(alertWindow('2027-02-01', '2027-02-28', '2027-01-20')).toEqual({ from: '2027-02-01', days: 28 });
    expect(alertWindow('2027-02-01', '2027-02-28', '2027-02-27')).toEqual({ from: '2027-02-27', days: 2 });
    expect(alertWindow('2027-02-01', '2027-02-28', '2027-03-01')).toBeNull();
  });
});
