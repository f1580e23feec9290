import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { CURRENCIES, DEFAULT_RATES, type CurrencyCode } from './money.ts';
import {
  marginMinor,
  providerFeeMinor,
  rateBetween,
  refundBooks,
  REPORT_DIMENSIONS,
  saleBooks,
  salesReport,
  supplierReturnedMinor,
  type BookedRefund,
  type PaidSale,
  type SupplierReturn,
} from './books.ts';

const amount = fc.integer({ min: 0, max: 10_000_000_000 });
const currency = fc.constantFrom(...CURRENCIES);
const fee = fc.record({
  percentBp: fc.integer({ min: 0, max: 10_000 }),
  fixedMinor: fc.integer({ min: 0, max: 1_000_000 }),
});

describe('the books of a sale', () => {
  test('sale = supplier cost + markup + fees − discount, and margin = sale − cost − provider fee, exactly', () => {
    fc.assert(
      fc.property(
        amount,
        amount,
        amount,
        amount,
        currency,
        fee,
        (cost, markup, serviceFee, off, cur, terms) => {
          const discount = Math.min(off, markup);
          const sale = cost + markup + serviceFee - discount;
          const books = saleBooks({
            currency: cur,
            saleMinor: sale,
            rules: { markupMinor: markup, feeMinor: serviceFee, discountMinor: discount },
            rates: DEFAULT_RATES,
          });
          expect(books.supplierCostMinor).toBe(cost);
          expect(books.supplierCostMinor + books.markupMinor + books.feeMinor - books.discountMinor).toBe(
            sale,
          );
          const feeMinor = providerFeeMinor(sale, terms);
          const margin = marginMinor(books, feeMinor);
          expect(Number.isSafeInteger(margin)).toBe(true);
          expect(margin).toBe(markup + serviceFee - discount - feeMinor);
          expect(margin + books.supplierCostMinor + feeMinor).toBe(sale);
        },
      ),
    );
  });

  test("a provider's fee is whole minor units, grows with the payment and is never below its fixed part", () => {
    fc.assert(
      fc.property(amount, amount, fee, (a, b, terms) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const f = providerFeeMinor(large, terms);
        expect(Number.isSafeInteger(f)).toBe(true);
        expect(providerFeeMinor(small, terms)).toBeLessThanOrEqual(f);
        if (large > 0) expect(f).toBeGreaterThanOrEqual(terms.fixedMinor);
        // The percentage never takes more than the payment (at most 100 %).
        expect(f - (large > 0 ? terms.fixedMinor : 0)).toBeLessThanOrEqual(large);
      }),
    );
  });

  test('a refund gives back part of the payment and the agency keeps the rest, exactly', () => {
    fc.assert(
      fc.property(amount, fc.double({ min: 0, max: 1, noNaN: true }), (paid, share) => {
        const back = Math.floor(paid * share);
        const books = refundBooks(paid, back);
        expect(books.givenBackMinor + books.keptMinor).toBe(paid);
        expect(books.keptMinor).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(() => refundBooks(100, 101)).toThrow(RangeError);
    expect(() => refundBooks(100, -1)).toThrow(RangeError);
  });
});

// A worked case: sale, supplier cost, rules, provider fee terms → the figures recorded.
const WORKED: {
  name: string;
  currency: CurrencyCode;
  sale: number;
  rules: { markupMinor: number; feeMinor: number; discountMinor: number } | null;
  supplier?: { amountMinor: number; currency: CurrencyCode };
  fee: { percentBp: number; fixedMinor: number };
  cost: number;
  providerFee: number;
  margin: number;
  rate: string;
}[] = [
  {
    name: 'no rule, no fee: the agency sells at cost and earns nothing',
    currency: 'USD',
    sale: 25_000,
    rules: null,
    fee: { percentBp: 0, fixedMinor: 0 },
    cost: 25_000,
    providerFee: 0,
    margin: 0,
    rate: '1',
  },
  {
    name: 'no rule, a 2.9 % + 30 ¢ card fee: every sale loses the fee',
    currency: 'USD',
    sale: 25_000,
    rules: null,
    fee: { percentBp: 290, fixedMinor: 30 },
    cost: 25_000,
    providerFee: 755,
    margin: -755,
    rate: '1',
  },
  {
    name: "5 % markup and a 50 000 so'm fee on a 2 500 000 so'm fare, Payme at 1 %",
    currency: 'UZS',
    sale: 2_675_000,
    rules: { markupMinor: 125_000, feeMinor: 50_000, discountMinor: 0 },
    fee: { percentBp: 100, fixedMinor: 0 },
    cost: 2_500_000,
    providerFee: 26_750,
    margin: 148_250,
    rate: '1',
  },
  {
    name: 'a discount takes from the markup; a supplier charging in euros, sold in lira',
    currency: 'TRY',
    sale: 1_030_000,
    rules: { markupMinor: 50_000, feeMinor: 0, discountMinor: 20_000 },
    supplier: { amountMinor: 27_116, currency: 'EUR' },
    fee: { percentBp: 250, fixedMinor: 0 },
    cost: 1_000_000,
    providerFee: 25_750,
    margin: 4_250,
    rate: '36.95652174',
  },
  {
    name: 'half a minor unit of fee rounds away from zero',
    currency: 'EUR',
    sale: 1_050,
    rules: { markupMinor: 50, feeMinor: 0, discountMinor: 0 },
    fee: { percentBp: 100, fixedMinor: 0 },
    cost: 1_000,
    providerFee: 11,
    margin: 39,
    rate: '1',
  },
];

describe('worked cases', () => {
  test.each(WORKED)('$name', (c) => {
    const books = saleBooks({
      currency: c.currency,
      saleMinor: c.sale,
      rules: c.rules,
      supplierCost: c.supplier ?? null,
      rates: DEFAULT_RATES,
    });
    const providerFee = providerFeeMinor(c.sale, c.fee);
    expect({ cost: books.supplierCostMinor, providerFee, margin: marginMinor(books, providerFee) }).toEqual({
      cost: c.cost,
      providerFee: c.providerFee,
      margin: c.margin,
    });
    expect(books.rate).toBe(c.rate);
    expect(books.supplierCost).toEqual(c.supplier ?? { amountMinor: c.cost, currency: c.currency });
  });

  test('the rate is units of the sale currency per unit of the supplier currency', () => {
    expect(rateBetween('USD', 'UZS', DEFAULT_RATES)).toBe('12700');
    expect(rateBetween('UZS', 'USD', DEFAULT_RATES)).toBe('0.00007874015748');
  });
});

const keys = fc.record({
  currency,
  supplier: fc.constantFrom('network', 'duffel'),
  airline: fc.constantFrom('HY', 'TK'),
  route: fc.constantFrom('TAS-IST', 'IST-TAS'),
  provider: fc.constantFrom('payme', 'sandbox'),
  promo_code: fc.constantFrom('', 'SPRING5', 'WINTER10'),
});
const instant = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) })
  .map((t) => new Date(t));
const paidSale: fc.Arbitrary<PaidSale> = fc
  .record({ keys, paidAt: instant, cost: amount, markup: amount, fee: amount, providerFee: amount })
  .map(({ keys: k, paidAt, cost, markup, fee: f, providerFee }) => {
    // A code takes off at most the markup (ADR 0025's floor), here a part of it.
    const promo = k.promo_code ? Math.floor(markup / 3) : 0;
    return {
      ...k,
      paidAt,
      saleMinor: cost + markup + f - promo,
      supplierCostMinor: cost,
      markupMinor: markup,
      feeMinor: f,
      discountMinor: promo,
      promoDiscountMinor: promo,
      providerFeeMinor: providerFee,
    };
  });
const bookedRefund: fc.Arbitrary<BookedRefund> = fc
  .record({ keys, recordedAt: instant, paid: amount, back: amount })
  .map(({ keys: k, recordedAt, paid, back }) => ({
    ...k,
    recordedAt,
    ...refundBooks(Math.max(paid, back), Math.min(paid, back)),
  }));

describe('the sales report', () => {
  test('each currency adds up on its own: totals per currency are the sums of its sales and refunds', () => {
    fc.assert(
      fc.property(
        fc.array(paidSale, { maxLength: 30 }),
        fc.array(bookedRefund, { maxLength: 10 }),
        fc.constantFrom('day' as const, 'month' as const),
        fc.constantFrom(...REPORT_DIMENSIONS),
        (sales, refunds, group, by) => {
          const rows = salesReport(sales, refunds, group, by);
          for (const cur of CURRENCIES) {
            const mine = rows.filter((r) => r.currency === cur);
            const sold = sales.filter((s) => s.currency === cur);
            const back = refunds.filter((r) => r.currency === cur);
            const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
            expect(sum(mine.map((r) => r.saleMinor))).toBe(sum(sold.map((s) => s.saleMinor)));
            expect(sum(mine.map((r) => r.orders))).toBe(sold.length);
            expect(sum(mine.map((r) => r.refundedMinor))).toBe(sum(back.map((r) => r.givenBackMinor)));
            // What each code gave, per currency, whichever the rows are by.
            for (const code of ['', 'SPRING5', 'WINTER10'])
              if (by === 'promo_code')
                expect(sum(mine.filter((r) => r.key === code).map((r) => r.promoDiscountMinor))).toBe(
                  sum(sold.filter((s) => s.promo_code === code).map((s) => s.promoDiscountMinor)),
                );
            expect(sum(mine.map((r) => r.promoDiscountMinor))).toBe(
              sum(sold.map((s) => s.promoDiscountMinor)),
            );
            expect(sum(mine.map((r) => r.marginMinor))).toBe(
              sum(sold.map((s) => s.saleMinor - s.supplierCostMinor - s.providerFeeMinor)),
            );
          }
          for (const row of rows)
            expect(row.marginMinor).toBe(row.saleMinor - row.supplierCostMinor - row.providerFeeMinor);
          // (Joined by NUL, below every character: the sales sold without a code have an empty key.)
          const ids = rows.map((r) => `${r.period}\u0000${r.key}\u0000${r.currency}`);
          expect(new Set(ids).size).toBe(ids.length);
          expect([...ids].sort()).toEqual(ids);
        },
      ),
    );
  });

  test('a worked report: by day, by currency, a refund filed on the day it was recorded', () => {
    const base = {
      supplier: 'network',
      airline: 'HY',
      route: 'TAS-IST',
      provider: 'sandbox',
      promo_code: '',
    } as const;
    const sale = (day: string, cur: CurrencyCode, saleMinor: number, cost: number): PaidSale => ({
      ...base,
      currency: cur,
      paidAt: new Date(`${day}T10:00:00Z`),
      saleMinor,
      supplierCostMinor: cost,
      markupMinor: saleMinor - cost,
      feeMinor: 0,
      discountMinor: 0,
      promoDiscountMinor: 0,
      providerFeeMinor: 10,
    });
    const rows = salesReport(
      [sale('2027-03-01', 'USD', 1_100, 1_000), sale('2027-03-01', 'UZS', 110_000, 100_000)],
      [
        {
          ...base,
          currency: 'USD',
          recordedAt: new Date('2027-03-02T09:00:00Z'),
          givenBackMinor: 600,
          keptMinor: 500,
          supplierReturnedMinor: 545,
        },
      ],
      'day',
      'currency',
    );
    expect(
      rows.map((r) => [
        r.period,
        r.key,
        r.saleMinor,
        r.marginMinor,
        r.refundedMinor,
        r.keptMinor,
        r.supplierReturnedMinor,
        r.marginAfterRefundsMinor,
      ]),
    ).toEqual([
      ['2027-03-01', 'USD', 1_100, 90, 0, 0, 0, 90],
      ['2027-03-01', 'UZS', 110_000, 9_990, 0, 0, 0, 9_990],
      // The refund's period: 600 given back, 545 of the supplier's cost returned.
      ['2027-03-02', 'USD', 0, 0, 600, 500, 545, -55],
    ]);
    expect(salesReport([sale('2027-03-01', 'USD', 1_100, 1_000)], [], 'month', 'route')[0]).toMatchObject({
      period: '2027-03',
      key: 'TAS-IST',
    });
    // By promo code: the discount each code gave, beside the orders sold without one.
    const withCode = (code: string, promo: number): PaidSale => ({
      ...sale('2027-03-01', 'USD', 1_100 - promo, 1_000),
      markupMinor: 100,
      discountMinor: promo,
      promoDiscountMinor: promo,
      promo_code: code,
    });
    expect(
      salesReport(
        [withCode('SPRING5', 50), withCode('SPRING5', 25), sale('2027-03-01', 'USD', 1_100, 1_000)],
        [],
        'month',
        'promo_code',
      ).map((r) => [r.key, r.orders, r.discountMinor, r.promoDiscountMinor, r.marginMinor]),
    ).toEqual([
      ['', 1, 0, 0, 90],
      ['SPRING5', 2, 75, 75, 2 * 90 - 75],
    ]);
  });
});

describe('what a supplier gives back of its cost on a refund', () => {
  // A sale of 1,100 that cost the agency 1,000 at the supplier, paid in full.
  const cases: [string, SupplierReturn, number, number][] = [
    ['refused the sale: its whole cost, whatever the traveller gets', 'refused', 1_100, 1_000],
    ['the built-in network, a full refund: its whole cost', 'share', 1_100, 1_000],
    ['the built-in network, 600 of 1,100 back: the same share of its cost, rounded down', 'share', 600, 545],
    ['the built-in network, nothing back: nothing', 'share', 0, 0],
    ["the supplier's own amount", { minor: 700 }, 600, 700],
    ['credits or vouchers for the traveller: nothing', { minor: 0 }, 600, 0],
    ['never more than its cost', { minor: 5_000 }, 1_100, 1_000],
  ];
  test.each(cases)('%s', (_, returned, givenBack, expected) => {
    expect(supplierReturnedMinor(1_000, 1_100, givenBack, returned)).toBe(expected);
  });

  test("exact for sums in so'm past 2^53 once multiplied", () => {
    // Everything back: the whole cost (floating point gives 94,999,998: the product is past 2^53).
    expect(supplierReturnedMinor(94_999_999, 99_999_999, 99_999_999, 'share')).toBe(94_999_999);
  });

  test('the books of a refund carry it; margin after refunds = margin − given back + returned', () => {
    expect(refundBooks(1_100, 600, 545)).toEqual({
      givenBackMinor: 600,
      keptMinor: 500,
      supplierReturnedMinor: 545,
    });
    expect(() => refundBooks(1_100, 600, -1)).toThrow(RangeError);
  });
});
