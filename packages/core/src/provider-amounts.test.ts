import { describe, expect, test } from 'vitest';
import {
  fromIyzicoPrice,
  fromStripeAmount,
  stripeDecimals,
  toIyzicoPrice,
  toStripeAmount,
} from './provider-amounts.ts';

describe('Stripe amounts', () => {
  test('two-decimal currencies pass through; UZS (whole som here) becomes tiyin', () => {
    expect(toStripeAmount(12_345, 'USD')).toBe(12_345);
    expect(toStripeAmount(99_900, 'TRY')).toBe(99_900);
    expect(toStripeAmount(1_250_000, 'UZS')).toBe(125_000_000);
    expect(fromStripeAmount(125_000_000, 'UZS')).toBe(1_250_000);
    expect(fromStripeAmount(12_345, 'EUR')).toBe(12_345);
  });

  test('an amount that is not a whole number of our minor units is refused, not rounded', () => {
    expect(fromStripeAmount(125_000_050, 'UZS')).toBeNull();
    expect(fromStripeAmount(12.5, 'USD')).toBeNull();
    expect(fromStripeAmount('100', 'USD')).toBeNull();
    expect(toStripeAmount(0.5, 'USD')).toBeNull();
  });

  test("Stripe's zero- and three-decimal currencies", () => {
    expect(stripeDecimals('jpy')).toBe(0);
    expect(stripeDecimals('KRW')).toBe(0);
    expect(stripeDecimals('KWD')).toBe(3);
    expect(stripeDecimals('usd')).toBe(2);
    expect(stripeDecimals('UZS')).toBe(2);
  });
});

describe('iyzico prices', () => {
  test('decimal strings in lira, back from JSON numbers or padded strings', () => {
    expect(toIyzicoPrice(123_450, 'TRY')).toBe('1234.50');
    expect(toIyzicoPrice(5, 'TRY')).toBe('0.05');
    expect(fromIyzicoPrice(1234.5, 'TRY')).toBe(123_450);
    expect(fromIyzicoPrice('1234.50000000', 'TRY')).toBe(123_450);
    expect(fromIyzicoPrice(7, 'TRY')).toBe(700);
  });

  test('sub-kuruş, negative or non-numeric amounts are refused', () => {
    expect(fromIyzicoPrice(1234.505, 'TRY')).toBeNull();
    expect(fromIyzicoPrice(-1, 'TRY')).toBeNull();
    expect(fromIyzicoPrice('abc', 'TRY')).toBeNull();
    expect(fromIyzicoPrice(null, 'TRY')).toBeNull();
  });
});
