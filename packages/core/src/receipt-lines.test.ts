import { describe, expect, test } from 'vitest';
import type { OrderPrice } from './order-pricing.ts';
import { receiptLines } from './receipt-lines.ts';

const price = (over: Partial<OrderPrice> = {}): OrderPrice => ({
  currency: 'UZS',
  total_amount: '3000001',
  base_amount: '2400000',
  tax_amount: '300000',
  luggage_amount: '300001',
  total_minor: 3_000_001,
  price_breakdown: [
    {
      passenger_type: 'adult',
      count: 2,
      fare_amount: '2000000',
      tax_amount: '200000',
      luggage_amount: '300001',
      total_amount: '2500001',
      currency: 'UZS',
    },
    {
      passenger_type: 'child',
      count: 1,
      fare_amount: '400000',
      tax_amount: '100000',
      luggage_amount: '0',
      total_amount: '500000',
      currency: 'UZS',
    },
  ],
  services: [{ id: 'bag1', passenger_index: 2, slice_index: 0, weight_kg: 23, amount: '300000' }],
  ...over,
});

describe('receipt lines', () => {
  test('one ticket per passenger in booking order, one line per bag; the remainder to the first of a type', () => {
    const passengers = [{ type: 'adult' as const }, { type: 'child' as const }, { type: 'adult' as const }];
    expect(receiptLines(price(), passengers)).toEqual([
      { kind: 'ticket', passengerNumber: 1, passengerType: 'adult', amountMinor: 1_100_001 },
      { kind: 'ticket', passengerNumber: 2, passengerType: 'child', amountMinor: 500_000 },
      { kind: 'ticket', passengerNumber: 3, passengerType: 'adult', amountMinor: 1_100_000 },
      { kind: 'luggage', passengerNumber: 3, weightKg: 23, amountMinor: 300_000 },
    ]);
  });

  test('passengers that do not match the breakdown are refused, not guessed', () => {
    expect(() => receiptLines(price(), [{ type: 'adult' }, { type: 'child' }])).toThrow(RangeError);
  });
});
