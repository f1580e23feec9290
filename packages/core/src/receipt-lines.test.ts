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

  test("apart, the agency's service fee is a line per passenger taken out of the ticket; together, inside it", () => {
    // 2 adults and a child; the adults' fee 50,001 so'm (shared: 25,001 and 25,000), the child's 20,000.
    const withFee = price({
      total_amount: '3070002',
      total_minor: 3_070_002,
      price_breakdown: [
        { ...price().price_breakdown[0]!, service_fee_amount: '50001', total_amount: '2550002' },
        { ...price().price_breakdown[1]!, service_fee_amount: '20000', total_amount: '520000' },
      ],
    });
    const passengers = [{ type: 'adult' as const }, { type: 'child' as const }, { type: 'adult' as const }];
    expect(receiptLines(withFee, passengers, { feesApart: true })).toEqual([
      { kind: 'ticket', passengerNumber: 1, passengerType: 'adult', amountMinor: 1_100_001 },
      { kind: 'ticket', passengerNumber: 2, passengerType: 'child', amountMinor: 500_000 },
      { kind: 'ticket', passengerNumber: 3, passengerType: 'adult', amountMinor: 1_100_000 },
      { kind: 'serviceFee', passengerNumber: 1, amountMinor: 25_001 },
      { kind: 'serviceFee', passengerNumber: 2, amountMinor: 20_000 },
      { kind: 'serviceFee', passengerNumber: 3, amountMinor: 25_000 },
      { kind: 'luggage', passengerNumber: 3, weightKg: 23, amountMinor: 300_000 },
    ]);
    expect(receiptLines(withFee, passengers).map((line) => line.amountMinor)).toEqual([
      1_125_001, 520_000, 1_125_001, 300_000,
    ]);
  });

  test("a paid seat is a line of its own, taken out of its passenger's ticket; a free seat is no line", () => {
    const withSeats = price({
      total_amount: '3140001',
      total_minor: 3_140_001,
      price_breakdown: [
        { ...price().price_breakdown[0]!, seats_amount: '140000', total_amount: '2640001' },
        price().price_breakdown[1]!,
      ],
      seats: [
        {
          passenger_index: 0,
          slice_index: 0,
          segment_index: 0,
          designator: '12A',
          flight_key: 'HY1',
          amount: '140000',
        },
        {
          passenger_index: 1,
          slice_index: 0,
          segment_index: 0,
          designator: '12B',
          flight_key: 'HY1',
          amount: '0',
        },
      ],
      seats_amount: '140000',
    });
    const passengers = [{ type: 'adult' as const }, { type: 'child' as const }, { type: 'adult' as const }];
    expect(receiptLines(withSeats, passengers)).toEqual([
      { kind: 'ticket', passengerNumber: 1, passengerType: 'adult', amountMinor: 1_100_001 },
      { kind: 'ticket', passengerNumber: 2, passengerType: 'child', amountMinor: 500_000 },
      { kind: 'ticket', passengerNumber: 3, passengerType: 'adult', amountMinor: 1_100_000 },
      { kind: 'luggage', passengerNumber: 3, weightKg: 23, amountMinor: 300_000 },
      { kind: 'seat', passengerNumber: 1, designator: '12A', amountMinor: 140_000 },
    ]);
  });
});
