import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { agencyTotal, previewRules } from './price-preview.ts';
import { priceSale, type PriceRule } from './price-rules.ts';
import { arbitrary, IST, rule, saleWith, TAS } from './price-rules-testing.ts';

const sale = saleWith();

describe('worked cases', () => {
  test('a 5 % markup on Tashkent departures over so‘m and roubles: changed count, totals and averages', () => {
    const samples = [
      sale({ passengers: [{ type: 'adult', costMinor: 2_500_000 }] }),
      sale({ passengers: [{ type: 'adult', costMinor: 1_000_001 }] }),
      sale({ origin: IST, destination: TAS, passengers: [{ type: 'adult', costMinor: 3_000_000 }] }),
      // 1,234.50 roubles: 5 % is 61.73, a whole 62, and the cost's 50 kopecks carried up: 1,297.00.
      sale({ currency: 'RUB', passengers: [{ type: 'adult', costMinor: 123_450 }] }),
      // A cost with kopecks and no rule: sold at the supplier's price, so no margin (not the rounding's carry).
      sale({ currency: 'RUB', origin: IST, passengers: [{ type: 'adult', costMinor: 99_999 }] }),
    ];
    const markup = rule({ id: 'm', kind: 'markup', percentBp: 500, scope: { origins: [{ city: 'TAS' }] } });
    expect(previewRules(samples, [], [markup])).toEqual({
      offers: 5,
      changed: 3,
      currencies: [
        {
          currency: 'RUB',
          offers: 2,
          changed: 1,
          marginBeforeMinor: 0,
          marginAfterMinor: 6_250,
          averageBeforeMinor: 0,
          averageAfterMinor: 3_125,
        },
        {
          currency: 'UZS',
          offers: 3,
          changed: 2,
          marginBeforeMinor: 0,
          marginAfterMinor: 125_000 + 50_000,
          averageBeforeMinor: 0,
          averageAfterMinor: 58_333,
        },
      ],
    });
  });

  test('editing a rule: its draft replaces its version, so only the difference shows', () => {
    const now = [rule({ id: 'f', kind: 'service_fee', fixed: { amount: 50_000, currency: 'UZS' } })];
    const draft = [rule({ id: 'f', kind: 'service_fee', fixed: { amount: 70_000, currency: 'UZS' } })];
    const preview = previewRules([sale(), sale()], now, draft);
    expect(preview.changed).toBe(2);
    expect(preview.currencies[0]).toMatchObject({
      marginBeforeMinor: 100_000,
      marginAfterMinor: 140_000,
      averageBeforeMinor: 50_000,
      averageAfterMinor: 70_000,
    });
  });

  test('no sales: nothing to say', () => {
    expect(previewRules([], [], [rule({ id: 'm', kind: 'markup', percentBp: 100 })])).toEqual({
      offers: 0,
      changed: 0,
      currencies: [],
    });
  });
});

const rules = arbitrary.rules(4);
const samples = fc.array(
  fc
    .record({
      currency: arbitrary.currency,
      origin: arbitrary.place,
      passengers: arbitrary.passengers(4),
    })
    .map((over) => sale(over)),
  { maxLength: 30 },
);

describe('properties over random rules and sales', () => {
  test('a draft that matches nothing changes nothing', () => {
    fc.assert(
      fc.property(samples, rules, arbitrary.rule(99), (sales, now, draft) => {
        const nowhere = { ...draft, scope: { ...draft.scope, suppliers: ['no-such-supplier'] } };
        const preview = previewRules(sales, now, [...now, nowhere]);
        expect(preview.offers).toBe(sales.length);
        expect(preview.changed).toBe(0);
        for (const c of preview.currencies) {
          expect(c.changed).toBe(0);
          expect(c.marginAfterMinor).toBe(c.marginBeforeMinor);
          expect(c.averageAfterMinor).toBe(c.averageBeforeMinor);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('totals are exact sums in minor units, per currency, never mixed; averages within half a unit', () => {
    fc.assert(
      fc.property(samples, rules, rules, (sales, now, withDraft) => {
        const preview = previewRules(sales, now, withDraft);
        expect(preview.currencies.reduce((n, c) => n + c.offers, 0)).toBe(sales.length);
        expect(preview.currencies.reduce((n, c) => n + c.changed, 0)).toBe(preview.changed);
        for (const c of preview.currencies) {
          const mine = sales.filter((s) => s.currency === c.currency);
          const margin = (rs: readonly PriceRule[]) =>
            mine.reduce((sum, s) => {
              const price = priceSale(s, rs);
              const ruled = price.lines.some((l) => l.ruleId !== 'rounding');
              return sum + (ruled ? price.totalMinor - price.supplierCostMinor : 0);
            }, 0);
          expect(c.offers).toBe(mine.length);
          expect(c.marginBeforeMinor).toBe(margin(now));
          expect(c.marginAfterMinor).toBe(margin(withDraft));
          for (const [avg, total] of [
            [c.averageBeforeMinor, c.marginBeforeMinor],
            [c.averageAfterMinor, c.marginAfterMinor],
          ] as const) {
            expect(Number.isSafeInteger(avg)).toBe(true);
            expect(Math.abs(avg * c.offers - total)).toBeLessThanOrEqual(c.offers / 2);
          }
          expect(c.changed).toBe(
            mine.filter((s) => agencyTotal(s, now) !== agencyTotal(s, withDraft)).length,
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
