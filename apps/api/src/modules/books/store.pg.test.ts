/**
 * The books on real PostgreSQL: the migration's checks refuse figures that do not add up (a sale that is not cost +
 * markup + fees − discount, a payment's columns set apart, a refund that gives back more than was paid); a payment
 * is recorded once however many instances record it at the same time; and the report reads bigint amounts of
 * several currencies and days back exactly, never adding currencies together.
 */
import { expect, test } from 'vitest';
import { createDatabase } from '@parvoz/db';
import { useTestDatabase } from '../../testing/started.ts';
import { insertOneFlightOrder } from '../orders/testing/fixtures.ts';
import { recordPaid, recordRefundBooks, recordSale } from './service.ts';
import { insertOrderBooks, insertRefundBooks, orderBooksOf, setOrderPaid } from './store.ts';
import { salesReportOf } from './reports.ts';
import { DEFAULT_RATES } from '@parvoz/core/money';

const database = useTestDatabase();
const day1 = new Date('2026-11-23T23:59:00Z');
const day2 = new Date('2026-11-24T00:01:00Z');
const offer = {
  slices: [
    {
      origin: 'TAS',
      destination: 'IST',
      segments: [{ marketing_carrier: { iata_code: 'HY' } }],
    },
  ],
} as unknown as Parameters<typeof recordSale>[1]['offer'];
/** A sale of 10 billion minor units (beyond 32 bits): bigints read back exactly. */
const BIG = 10_000_000_000;

let references = 0;

async function order(id: string) {
  await insertOneFlightOrder(database.db, {
    id,
    bookingReference: `BKS${String(++references).padStart(3, '0')}`,
    contactFullName: 'Anna Karimova',
    contactEmail: 'anna@example.com',
    totalMinor: 1,
    lang: 'en',
    departs: '2027-01-10T08:00:00+05:00',
  });
}

test('the tables refuse figures that do not add up', async () => {
  await order('ord_books_checks_000001');
  const row = {
    orderId: 'ord_books_checks_000001',
    bookedAt: day1,
    currency: 'USD',
    saleMinor: 1_100,
    supplier: 'builtin',
    airline: 'HY',
    route: 'TAS-IST',
    supplierCostMinor: 1_000,
    supplierAmountMinor: 1_000,
    supplierCurrency: 'USD',
    exchangeRate: '1',
    markupMinor: 100,
    feeMinor: 0,
    discountMinor: 0,
  };
  await expect(insertOrderBooks(database.db, { ...row, markupMinor: 99 })).rejects.toThrow();
  await expect(insertOrderBooks(database.db, { ...row, paidAt: day1 })).rejects.toThrow();
  await insertOrderBooks(database.db, row);
  await expect(
    insertRefundBooks(database.db, {
      refundId: '00000000-0000-4000-8000-0000000000c1',
      orderId: row.orderId,
      recordedAt: day1,
      currency: 'USD',
      paidMinor: 1_100,
      givenBackMinor: 1_200,
      keptMinor: -100,
    }),
  ).rejects.toThrow();
});

test('two instances recording the same payment at once: recorded once, with one fee', async () => {
  await order('ord_books_twice_0000001');
  await recordSale(database.db, {
    orderId: 'ord_books_twice_0000001',
    at: day1,
    offer,
    currency: 'USD',
    saleMinor: 1_000,
    supplier: null,
    rates: DEFAULT_RATES,
  });
  const instances = await Promise.all([1, 2].map(() => createDatabase({ url: database.url!, poolSize: 2 })));
  try {
    await Promise.all(
      instances.map((instance, i) =>
        instance.db.transaction((tx) =>
          recordPaid(tx, {
            orderId: 'ord_books_twice_0000001',
            provider: i === 0 ? 'payme' : 'click',
            paidMinor: 1_000,
            fee: { percentBp: 100 * (i + 1), fixedMinor: 0 },
            at: day1,
          }),
        ),
      ),
    );
  } finally {
    await Promise.all(instances.map((instance) => instance.close()));
  }
  const paid = (await orderBooksOf(database.db, 'ord_books_twice_0000001'))!;
  // Whichever came first: its provider with its own fee, and the margin that fee leaves.
  expect([
    ['payme', 10],
    ['click', 20],
  ]).toContainEqual([paid.provider, paid.providerFeeMinor]);
  expect(paid.marginMinor).toBe(-paid.providerFeeMinor!);
  expect(await setOrderPaid(database.db, paid.orderId, { ...paid, paidAt: day2 } as never)).toBe(false);
});

test('the report reads big amounts, days and currencies back exactly', async () => {
  for (const [id, currency, at] of [
    ['ord_books_report_00001', 'UZS', day1],
    ['ord_books_report_00002', 'UZS', day2],
    ['ord_books_report_00003', 'EUR', day2],
  ] as const) {
    await order(id);
    await recordSale(database.db, {
      orderId: id,
      at,
      // 500 minor units of markup: whole so'm, or 5.00 euros.
      offer: {
        ...offer,
        pricing: {
          supplier_total: '0',
          markup: currency === 'UZS' ? '500' : '5.00',
          fee: '0',
          discount: '0',
          lines: [],
        },
      },
      currency,
      saleMinor: BIG,
      supplier: 'duffel',
      supplierTotal: { amount: '100.00', currency: 'EUR' },
      rates: DEFAULT_RATES,
    });
    await recordPaid(database.db, {
      orderId: id,
      provider: 'payme',
      paidMinor: BIG,
      fee: { percentBp: 0, fixedMinor: 7 },
      at,
    });
  }
  await recordRefundBooks(database.db, {
    refundId: '00000000-0000-4000-8000-0000000000c2',
    orderId: 'ord_books_report_00002',
    at: day2,
    currency: 'UZS',
    paidMinor: BIG,
    givenBackMinor: BIG - 1,
  });
  const books = (await orderBooksOf(database.db, 'ord_books_report_00001'))!;
  expect(books).toMatchObject({
    markupMinor: 500,
    supplierCostMinor: BIG - 500,
    supplierAmountMinor: 10_000,
    supplierCurrency: 'EUR',
    exchangeRate: '13804.34783',
  });
  const rows = await salesReportOf(database.db, {
    from: '2026-11-23',
    to: '2026-11-24',
    group: 'day',
    by: 'supplier',
  });
  const duffel = rows.filter((r) => r.key === 'duffel');
  expect(
    duffel.map((r) => [r.period, r.currency, r.orders, r.saleMinor, r.marginMinor, r.refundedMinor]),
  ).toEqual([
    ['2026-11-23', 'UZS', 1, BIG, 493, 0],
    ['2026-11-24', 'EUR', 1, BIG, 493, 0],
    ['2026-11-24', 'UZS', 1, BIG, 493, BIG - 1],
  ]);
  const byMonth = await salesReportOf(database.db, {
    from: '2026-11-01',
    to: '2026-11-30',
    group: 'month',
    by: 'currency',
  });
  expect(byMonth.find((r) => r.key === 'UZS')).toMatchObject({
    period: '2026-11',
    orders: 2,
    saleMinor: 2 * BIG,
    keptMinor: 1,
  });
});
