import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { CURRENCIES, fromMajorString, toMajorString, type CurrencyCode } from './money.ts';
import { PRICE_STEP, priceSale, type PriceRule } from './price-rules.ts';
import { breakdownTotals, shareByType, shareInSteps } from './price-breakdown.ts';
import { rule, saleWith } from './price-rules-testing.ts';

const sale = saleWith({ market: 'uz' });

describe('shareInSteps', () => {
  test('in whole steps when the amount is a multiple of the step', () => {
    expect(shareInSteps(50_000, [2, 1], 100)).toEqual([33_400, 16_600]);
    expect(shareInSteps(0, [5, 7], 100)).toEqual([0, 0]);
    // Not a multiple: shared in minor units, still exact.
    expect(shareInSteps(50_001, [2, 1], 100)).toEqual([33_334, 16_667]);
  });
});

describe('breakdownTotals', () => {
  test('the lines of each type summed; seats, a fee and a discount as lines of their own', () => {
    expect(
      breakdownTotals(
        [
          {
            fare_amount: '2625000',
            tax_amount: '400000',
            luggage_amount: '0',
            service_fee_amount: '50000',
            total_amount: '3075000',
          },
          {
            fare_amount: '1000000',
            tax_amount: '200000',
            luggage_amount: '250000',
            seats_amount: '140000',
            discount_amount: '10000',
            total_amount: '1580000',
          },
        ],
        'UZS',
      ),
    ).toEqual({
      fareMinor: 3_625_000,
      taxMinor: 600_000,
      luggageMinor: 250_000,
      seatsMinor: 140_000,
      serviceFeeMinor: 50_000,
      discountMinor: 10_000,
      totalMinor: 4_655_000,
    });
  });

  test('a type whose lines do not add up to its total is refused', () => {
    expect(() =>
      breakdownTotals(
        [
          {
            fare_amount: '100.00',
            tax_amount: '10.00',
            luggage_amount: '0.00',
            service_fee_amount: '5.00',
            total_amount: '110.00',
          },
        ],
        'USD',
      ),
    ).toThrow(RangeError);
  });
});

/** A markup, a fee and a discount of random sizes, per passenger or per order. */
const rules = fc
  .record({
    markupBp: fc.integer({ min: 0, max: 2_000 }),
    markupFixed: fc.integer({ min: 0, max: 100_000 }),
    feeBp: fc.integer({ min: 0, max: 1_000 }),
    feeFixed: fc.integer({ min: 0, max: 100_000 }),
    discountBp: fc.integer({ min: 0, max: 1_500 }),
    per: fc.constantFrom('passenger' as const, 'order' as const),
    fixedCurrency: fc.constantFrom(...CURRENCIES),
  })
  .map((r): PriceRule[] => {
    const fixed = (amount: number) => (amount > 0 ? { amount, currency: r.fixedCurrency } : undefined);
    return [
      rule({ id: 'm', kind: 'markup', percentBp: r.markupBp, fixed: fixed(r.markupFixed), per: r.per }),
      rule({ id: 'f', kind: 'service_fee', percentBp: r.feeBp, fixed: fixed(r.feeFixed), per: r.per }),
      rule({ id: 'd', kind: 'discount', percentBp: r.discountBp, per: r.per }),
    ].filter((x) => (x.percentBp ?? 0) > 0 || x.fixed);
  });

/** The supplier's cost of one to three passenger types, several passengers each. */
const party = fc.array(
  fc.record({
    count: fc.integer({ min: 1, max: 4 }),
    taxMinor: fc.integer({ min: 0, max: 50_000_000 }),
    fareMinor: fc.integer({ min: 1, max: 400_000_000 }),
  }),
  { minLength: 1, maxLength: 3 },
);

describe('the lines add up exactly, in minor units, for every currency step', () => {
  test.each(CURRENCIES.map((c) => [c, PRICE_STEP[c]] as const))(
    '%s (a step of %i minor units)',
    (currency: CurrencyCode, step: number) => {
      fc.assert(
        fc.property(party, rules, (types, rs) => {
          const costs = types.map((t) => t.fareMinor + t.taxMinor);
          const price = priceSale(
            sale({
              passengers: types.flatMap((t, i) =>
                Array.from({ length: t.count }, (_, k) => ({
                  type: (['adult', 'child', 'infant'] as const)[i]!,
                  costMinor: Math.floor(costs[i]! / t.count) + (k < costs[i]! % t.count ? 1 : 0),
                })),
              ),
              currency,
            }),
            rs,
          );
          const shares = shareByType(price, costs);
          const major = (amount: number) => toMajorString({ amount, currency });
          // The breakdown an offer carries (modules/pricing/apply.ts does the same).
          const items = types.map((t, i) => ({
            fare_amount: major(t.fareMinor + shares[i]!.markupMinor),
            tax_amount: major(t.taxMinor),
            luggage_amount: major(0),
            ...(shares[i]!.feeMinor ? { service_fee_amount: major(shares[i]!.feeMinor) } : {}),
            ...(shares[i]!.discountMinor ? { discount_amount: major(shares[i]!.discountMinor) } : {}),
            total_amount: major(
              costs[i]! + shares[i]!.markupMinor + shares[i]!.feeMinor - shares[i]!.discountMinor,
            ),
          }));
          const totals = breakdownTotals(items, currency);
          expect(totals.totalMinor).toBe(price.totalMinor);
          expect(totals.fareMinor + totals.taxMinor + totals.serviceFeeMinor - totals.discountMinor).toBe(
            price.totalMinor,
          );
          expect(totals.serviceFeeMinor).toBe(price.feeMinor);
          expect(totals.discountMinor).toBe(price.discountMinor);
          // The fee and discount lines are whole steps on every type (whole roubles and lira, so'm, cents).
          for (const s of shares) {
            expect(s.feeMinor % step).toBe(0);
            expect(s.discountMinor % step).toBe(0);
            expect(s.feeMinor).toBeGreaterThanOrEqual(0);
            expect(s.discountMinor).toBeGreaterThanOrEqual(0);
          }
          // Every amount reads back as written.
          for (const item of items)
            for (const v of Object.values(item)) expect(fromMajorString(v, currency)).not.toBeNull();
        }),
        { numRuns: 300 },
      );
    },
  );
});
