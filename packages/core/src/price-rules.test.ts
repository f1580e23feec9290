import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { CurrencyCode } from './money.ts';
import { PRICE_STEP, priceSale, ruleProblems } from './price-rules.ts';
import { arbitrary, IST, rule, saleWith, SAW, TAS } from './price-rules-testing.ts';

const sale = saleWith({ supplier: 'duffel', market: 'uz' });

describe('worked cases (docs/decisions/0025-price-rules-stacking-and-rounding.md)', () => {
  test('5 % markup and a 50,000 so‘m fee on Tashkent departures: the fee is a line of its own', () => {
    const rules = [
      rule({ id: 'm', kind: 'markup', percentBp: 500, scope: { origins: [{ city: 'TAS' }] } }),
      rule({ id: 'f', kind: 'service_fee', fixed: { amount: 50_000, currency: 'UZS' } }),
    ];
    expect(priceSale(sale(), rules)).toEqual({
      currency: 'UZS',
      supplierCostMinor: 2_500_000,
      markupMinor: 125_000,
      feeMinor: 50_000,
      discountMinor: 0,
      totalMinor: 2_675_000,
      lines: [
        { ruleId: 'm', kind: 'markup', amountMinor: 125_000 },
        { ruleId: 'f', kind: 'service_fee', amountMinor: 50_000 },
      ],
    });
    // Not from Istanbul: the markup's scope does not hold, the fee's does.
    expect(priceSale(sale({ origin: IST, destination: TAS }), rules).totalMinor).toBe(2_550_000);
  });

  test('a fixed fee per passenger in dollars, charged in so‘m at the sale’s rate; infants left out by type', () => {
    const rules = [
      rule({
        id: 'f',
        kind: 'service_fee',
        per: 'passenger',
        fixed: { amount: 500, currency: 'USD' },
        scope: { passengerTypes: ['adult', 'child'] },
      }),
    ];
    const priced = priceSale(
      sale({
        passengers: [
          { type: 'adult', costMinor: 1_000_000 },
          { type: 'child', costMinor: 750_000 },
          { type: 'infant', costMinor: 100_000 },
        ],
      }),
      rules,
    );
    expect(priced.feeMinor).toBe(2 * 63_500); // 5 USD at 12,700 so'm
  });

  test('roubles: the markup carries a cost with kopecks to a whole rouble', () => {
    const priced = priceSale(
      sale({ currency: 'RUB', passengers: [{ type: 'adult', costMinor: 1_234_567 }] }),
      [rule({ id: 'm', kind: 'markup', percentBp: 300 })],
    );
    // 3 % of 12,345.67 ₽ is 370.37 ₽, rounded to 370 ₽; the total 12,715.67 ₽ is carried up to 12,716 ₽.
    expect(priced).toMatchObject({ markupMinor: 37_033, totalMinor: 1_271_600 });
  });

  test('a cap: a 10 % fee never above 20 dollars', () => {
    const rules = [
      rule({ id: 'f', kind: 'service_fee', percentBp: 1_000, cap: { amount: 2_000, currency: 'USD' } }),
    ];
    expect(
      priceSale(sale({ currency: 'USD', passengers: [{ type: 'adult', costMinor: 15_000 }] }), rules)
        .feeMinor,
    ).toBe(1_500);
    expect(
      priceSale(sale({ currency: 'USD', passengers: [{ type: 'adult', costMinor: 90_000 }] }), rules)
        .feeMinor,
    ).toBe(2_000);
  });

  test('priority and exclusive: the first exclusive markup ends the markups; discounts never take off more than them', () => {
    const rules = [
      rule({ id: 'general', kind: 'markup', priority: 10, percentBp: 800 }),
      rule({
        id: 'route',
        kind: 'markup',
        priority: 1,
        percentBp: 200,
        exclusive: true,
        scope: { destinations: [{ city: 'IST' }] },
      }),
      rule({ id: 'promo', kind: 'discount', fixed: { amount: 1_000_000, currency: 'UZS' } }),
    ];
    // SAW is in the city of Istanbul: the route's 2 % alone; the discount is cut to the markup.
    const priced = priceSale(sale({ destination: SAW }), rules);
    expect(priced.lines.map((l) => [l.ruleId, l.amountMinor])).toEqual([
      ['route', 50_000],
      ['promo', -50_000],
    ]);
    expect(priced.totalMinor).toBe(2_500_000);
  });

  test('sale and travel periods: a rule outside them does not apply', () => {
    const promo = rule({
      id: 'winter',
      kind: 'markup',
      percentBp: 1_000,
      scope: {
        saleFrom: '2027-02-01T00:00:00Z',
        saleUntil: '2027-03-01T00:00:00Z',
        travelUntil: '2027-04-10',
      },
    });
    expect(priceSale(sale(), [promo]).markupMinor).toBe(0); // sold on 1 March: the period has ended
    expect(priceSale(sale({ saleAt: Date.parse('2027-02-28T23:59:59Z') }), [promo]).markupMinor).toBe(
      250_000,
    );
    expect(
      priceSale(sale({ saleAt: Date.parse('2027-02-28T23:59:59Z'), departureDate: '2027-04-11' }), [promo])
        .markupMinor,
    ).toBe(0);
  });

  test('the console is told what is wrong with a rule', () => {
    expect(ruleProblems(rule({ id: 'x', kind: 'markup' }))).toEqual(['a rule adds or takes off something']);
    expect(ruleProblems(rule({ id: 'x', kind: 'markup', percentBp: -5 }))).toContain(
      'the percentage is a whole number of basis points from 0 to 10000',
    );
    expect(
      ruleProblems(
        rule({
          id: 'x',
          kind: 'discount',
          percentBp: 100,
          scope: { travelFrom: '2027-05-01', travelUntil: '2027-04-01' },
        }),
      ),
    ).toEqual(['the travel period ends after it starts']);
  });
});

const rules = arbitrary.rules(6, true);
const input = fc.record({
  currency: arbitrary.currency,
  origin: arbitrary.place,
  destination: arbitrary.place,
  passengers: arbitrary.passengers(9),
});

describe('properties over random rules and sales', () => {
  test('total = supplier cost + markups + fees − discounts, exactly, and the lines add up to it', () => {
    fc.assert(
      fc.property(input, rules, (over, rs) => {
        const p = priceSale(sale(over), rs);
        const cost = over.passengers.reduce((s, x) => s + x.costMinor, 0);
        expect(p.supplierCostMinor).toBe(cost);
        expect(p.totalMinor).toBe(cost + p.markupMinor + p.feeMinor - p.discountMinor);
        expect(cost + p.lines.reduce((s, l) => s + l.amountMinor, 0)).toBe(p.totalMinor);
        for (const v of [p.markupMinor, p.feeMinor, p.discountMinor, p.totalMinor])
          expect(Number.isSafeInteger(v)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  test('markups and fees never below 0; discounts never take the total below cost and fees', () => {
    fc.assert(
      fc.property(input, rules, (over, rs) => {
        const p = priceSale(sale(over), rs);
        expect(p.markupMinor).toBeGreaterThanOrEqual(0);
        expect(p.feeMinor).toBeGreaterThanOrEqual(0);
        expect(p.discountMinor).toBeGreaterThanOrEqual(0);
        expect(p.totalMinor).toBeGreaterThanOrEqual(p.supplierCostMinor + p.feeMinor);
      }),
      { numRuns: 500 },
    );
  });

  test('the price before fees is on its currency’s step; every fee and discount line too', () => {
    fc.assert(
      fc.property(input, rules, (over, rs) => {
        const p = priceSale(sale(over), rs);
        const step = PRICE_STEP[over.currency as CurrencyCode];
        expect((p.supplierCostMinor + p.markupMinor) % step).toBe(0);
        for (const l of p.lines.filter((x) => x.kind !== 'markup'))
          expect(Math.abs(l.amountMinor % step)).toBe(0);
        expect(p.totalMinor % step).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  test('the same sale and rules give the same price, whatever order the rules come in', () => {
    fc.assert(
      fc.property(input, rules, fc.context(), (over, rs, ctx) => {
        const shuffled = [...rs].reverse();
        ctx.log(JSON.stringify(shuffled.map((r) => r.id)));
        expect(priceSale(sale(over), shuffled)).toEqual(priceSale(sale(over), rs));
      }),
      { numRuns: 300 },
    );
  });
});
