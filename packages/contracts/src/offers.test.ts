import { describe, expect, test } from 'vitest';
import { luggageSuits } from './offers.ts';

describe('luggageSuits: the bags a passenger of the booking page may tick', () => {
  test('a built-in bag suits every passenger of its types', () => {
    const bag = { passenger_types: ['adult', 'child'] };
    expect(luggageSuits(bag, 0, 'adult')).toBe(true);
    expect(luggageSuits(bag, 3, 'child')).toBe(true);
    expect(luggageSuits(bag, 4, 'infant')).toBe(false);
  });

  test('a supplier’s bag sold for one passenger suits that passenger only', () => {
    const bag = { passenger_types: ['adult'], passenger_index: 1 };
    expect(luggageSuits(bag, 1, 'adult')).toBe(true);
    expect(luggageSuits(bag, 0, 'adult')).toBe(false);
  });
});
