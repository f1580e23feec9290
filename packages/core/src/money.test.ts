import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CURRENCIES,
  DEFAULT_RATES,
  addMoney,
  convertMoney,
  fromMajorString,
  money,
  multiplyMoney,
  shareInProportion,
  sumMoney,
  toMajorString,
} from './money.ts';

describe('money', () => {
  test('integer minor units only', () => {
    expect(() => money(1.5, 'USD')).toThrow(RangeError);
    expect(money(150, 'USD')).toEqual({ amount: 150, currency: 'USD' });
    expect(() => addMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow(TypeError);
    expect(sumMoney([money(1, 'EUR'), money(2, 'EUR')], 'EUR').amount).toBe(3);
    expect(multiplyMoney(money(1250, 'USD'), 3).amount).toBe(3750);
  });

  test('a total shared in proportion adds up to it exactly, each share within one unit of its exact part', () => {
    expect(shareInProportion(1001, [1, 1])).toEqual([501, 500]);
    expect(shareInProportion(100, [0, 0])).toEqual([100, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 9 }),
        (total, weights) => {
          const shares = shareInProportion(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          const whole = weights.reduce((a, b) => a + b, 0);
          if (whole > 0)
            shares.slice(1).forEach((share, i) => {
              expect(Math.abs(share - (total * weights[i + 1]!) / whole)).toBeLessThan(1);
            });
        },
      ),
    );
  });

  test('major-unit strings', () => {
    expect(toMajorString(money(41250, 'USD'))).toBe('412.50');
    expect(toMajorString(money(5, 'EUR'))).toBe('0.05');
    expect(toMajorString(money(-305, 'TRY'))).toBe('-3.05');
    expect(toMajorString(money(5230000, 'UZS'))).toBe('5230000');
    expect(fromMajorString('412.5', 'USD')).toEqual(money(41250, 'USD'));
    expect(fromMajorString('7', 'RUB')).toEqual(money(700, 'RUB'));
    expect(fromMajorString('1.005', 'USD')).toBeNull();
    expect(fromMajorString('12.5', 'UZS')).toBeNull();
    expect(fromMajorString('abc', 'USD')).toBeNull();
  });

  test('conversion uses the configured rates and each currency’s display minor unit', () => {
    expect(convertMoney(money(10000, 'USD'), 'EUR')).toEqual(money(9200, 'EUR'));
    expect(convertMoney(money(10000, 'USD'), 'UZS')).toEqual(money(1270000, 'UZS')); // whole sum
    expect(convertMoney(money(10000, 'USD'), 'RUB')).toEqual(money(920000, 'RUB'));
    expect(convertMoney(money(12345, 'USD'), 'USD')).toEqual(money(12345, 'USD'));
    // Cross rate EUR → TRY = 34 / 0.92 per EUR; 1.00 EUR = 36.9565… → 36.96 TRY.
    expect(convertMoney(money(100, 'EUR'), 'TRY')).toEqual(money(3696, 'TRY'));
    // Half away from zero, exactly: 0.05 USD × 0.9 = 0.045 → 0.05 (no float drift).
    expect(convertMoney(money(5, 'USD'), 'EUR', { ...DEFAULT_RATES, EUR: 0.9 })).toEqual(money(5, 'EUR'));
    expect(convertMoney(money(-5, 'USD'), 'EUR', { ...DEFAULT_RATES, EUR: 0.9 })).toEqual(money(-5, 'EUR'));
  });

  test('property: conversion is monotone and close to the real-number result', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(...CURRENCIES),
        (a, b, to) => {
          const lo = Math.min(a, b);
          const hi = Math.max(a, b);
          const cl = convertMoney(money(lo, 'USD'), to).amount;
          const ch = convertMoney(money(hi, 'USD'), to).amount;
          expect(cl).toBeLessThanOrEqual(ch);
          const exact = (hi / 100) * DEFAULT_RATES[to] * (to === 'UZS' ? 1 : 100);
          expect(Math.abs(ch - exact)).toBeLessThanOrEqual(0.5 + 1e-6 * exact);
        },
      ),
    );
  });
});
