import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { priceSale, type PriceRule } from './price-rules.ts';
import { saleWith } from './price-rules-testing.ts';
import {
  normalisePromoCode,
  pricePromoSale,
  promoCodeOfLine,
  promoLineId,
  promoMailbox,
  promoProblems,
  promoRule,
  promoStateRefusal,
  promoUsedUp,
  type PromoTerms,
} from './promo-codes.ts';

const sale = saleWith({
  passengers: [
    { type: 'adult', costMinor: 40_000 },
    { type: 'adult', costMinor: 40_001 },
  ],
  currency: 'USD',
  market: 'en',
});

const markup10: PriceRule = {
  id: 'm',
  kind: 'markup',
  priority: 0,
  scope: {},
  percentBp: 1000,
  per: 'passenger',
};

const terms = (over: Partial<PromoTerms> = {}): PromoTerms => ({
  code: 'SPRING5',
  percentBp: 500,
  per: 'passenger',
  scope: {},
  totalLimit: 100,
  perTravellerLimit: 1,
  ...over,
});

describe('the code as typed', () => {
  test('case and spaces do not matter; what cannot be a code is null', () => {
    expect(normalisePromoCode('  spring5 ')).toBe('SPRING5');
    expect(normalisePromoCode('Spring-5_x')).toBe('SPRING-5_X');
    expect(normalisePromoCode('ab')).toBeNull();
    expect(normalisePromoCode('-ABC')).toBeNull();
    expect(normalisePromoCode('NO SPACE')).toBeNull();
    expect(normalisePromoCode('A'.repeat(33))).toBeNull();
  });

  test('the per-traveller limit counts a mailbox, not a spelling of it', () => {
    expect(promoMailbox('Ali+promo@Mail.UZ')).toBe(promoMailbox('ali@mail.uz'));
  });

  test('a line names its code, the agency’s rules none', () => {
    expect(promoCodeOfLine(promoLineId('SPRING5'))).toBe('SPRING5');
    expect(promoCodeOfLine('2f0b6c1e-0000-4000-8000-000000000000')).toBeNull();
  });
});

describe('worked cases: the code prices as a discount rule after the agency’s rules', () => {
  test('5 % per passenger, within a 10 % markup: each passenger’s share rounded to the cent', () => {
    const { price, discountMinor } = pricePromoSale(sale(), [markup10], terms());
    // 5 % of 400.00 and of 400.01 (20.0005 → 20.00), after markups of 40.00 and 40.00.
    expect(discountMinor).toBe(2_000 + 2_000);
    expect(price.totalMinor).toBe(80_001 + 8_000 - 4_000);
    expect(price.lines.at(-1)).toEqual({ ruleId: 'promo:SPRING5', kind: 'discount', amountMinor: -4_000 });
  });

  test('a fixed amount once per order, capped', () => {
    const fixed = terms({
      percentBp: 0,
      fixed: { amount: 5_000, currency: 'USD' },
      cap: { amount: 3_000, currency: 'USD' },
      per: 'order',
    });
    expect(pricePromoSale(sale(), [markup10], fixed).discountMinor).toBe(3_000);
  });

  test('never more than the margin (ADR 0025’s floor); nothing without a markup', () => {
    const big = terms({ percentBp: 5_000 });
    const { price, discountMinor } = pricePromoSale(sale(), [markup10], big);
    expect(discountMinor).toBe(8_000);
    expect(price.totalMinor).toBe(price.supplierCostMinor);
    expect(pricePromoSale(sale(), [], terms()).discountMinor).toBe(0);
  });

  test('out of its scope it takes nothing off', () => {
    const elsewhere = terms({ scope: { destinations: [{ city: 'MOW' }] } });
    expect(pricePromoSale(sale(), [markup10], elsewhere).discountMinor).toBe(0);
  });

  test('the agency’s own discounts come first; the code takes what margin is left', () => {
    const ruleDiscount: PriceRule = {
      id: 'd',
      kind: 'discount',
      priority: 5,
      scope: {},
      fixed: { amount: 6_000, currency: 'USD' },
      per: 'order',
    };
    const { price, discountMinor } = pricePromoSale(sale(), [markup10, ruleDiscount], terms());
    expect(price.lines.find((l) => l.ruleId === 'd')?.amountMinor).toBe(-6_000);
    expect(discountMinor).toBe(2_000);
  });

  test('property: total = cost + markups + fees − discounts, the code’s line included, never below cost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom('passenger' as const, 'order' as const),
        (costs, markupBp, promoBp, per) => {
          const input = sale({
            passengers: costs.map((costMinor) => ({ type: 'adult' as const, costMinor })),
          });
          const rules = markupBp ? [{ ...markup10, percentBp: markupBp }] : [];
          const { price, discountMinor } = pricePromoSale(
            input,
            rules,
            terms({ percentBp: promoBp || 1, per }),
          );
          const without = priceSale(input, rules);
          expect(price.totalMinor).toBe(
            price.supplierCostMinor + price.markupMinor + price.feeMinor - price.discountMinor,
          );
          expect(price.totalMinor).toBe(without.totalMinor - discountMinor);
          expect(discountMinor).toBeGreaterThanOrEqual(0);
          expect(price.totalMinor).toBeGreaterThanOrEqual(price.supplierCostMinor);
        },
      ),
    );
  });
});

describe('whether a code may be used', () => {
  const at = Date.parse('2027-03-01T10:00:00Z');
  const state = { retired: false, used: 3, totalLimit: 100 };

  test('unknown, retired, not yet valid and expired are refused alike', () => {
    expect(promoStateRefusal(null, at)).toBe('unavailable');
    expect(promoStateRefusal({ ...state, retired: true }, at)).toBe('unavailable');
    expect(promoStateRefusal({ ...state, validFrom: '2027-03-01T10:00:01Z' }, at)).toBe('unavailable');
    expect(promoStateRefusal({ ...state, validUntil: '2027-03-01T10:00:00Z' }, at)).toBe('unavailable');
    expect(
      promoStateRefusal(
        { ...state, validFrom: '2027-03-01T10:00:00Z', validUntil: '2027-03-02T00:00:00Z' },
        at,
      ),
    ).toBeNull();
  });

  test('the total limit, then the traveller’s', () => {
    expect(promoStateRefusal({ ...state, used: 100 }, at)).toBe('limit_reached');
    expect(promoStateRefusal({ ...state, used: 99 }, at)).toBeNull();
    expect(promoUsedUp(1, { perTravellerLimit: 1 })).toBe(true);
    expect(promoUsedUp(1, { perTravellerLimit: 2 })).toBe(false);
  });

  test('terms the console may not save', () => {
    expect(promoProblems(terms())).toEqual([]);
    expect(promoProblems(terms({ code: 'spring5' }))).toHaveLength(1);
    expect(promoProblems(terms({ percentBp: 0 }))).toEqual(['a rule adds or takes off something']);
    expect(promoProblems(terms({ totalLimit: 0 }))).toContain(
      'the total limit is a whole number of at least 1',
    );
    expect(promoProblems(terms({ perTravellerLimit: 101 }))).toEqual([
      'the limit per traveller is not above the total limit',
    ]);
    expect(
      promoProblems(terms({ validFrom: '2027-03-02T00:00:00Z', validUntil: '2027-03-01T00:00:00Z' })),
    ).toEqual(['the validity ends after it starts']);
    expect(promoRule(terms()).priority).toBe(Number.MAX_SAFE_INTEGER);
  });
});
