/**
 * The agency's books through HTTP (inject, PGlite): a booking under a markup and a service fee records its sale,
 * supplier cost, markup and fee; paid through a provider with a fee (SANDBOX_FEE_*), its provider fee and margin
 * (sale − supplier cost − provider fee, exactly); a cancellation's refund what it gave back and what the agency kept.
 * The sales report (admins only: everyone else gets the 404 of an unknown endpoint) adds them up per currency, as
 * JSON and as formula-safe CSV.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { MANY_ORDERS, startTestApi } from '../../testing/api.ts';
import { isoDay } from '../../testing/booking.ts';
import { book, cancelBooking, consoleCallers, offerIn, pay } from '../../testing/after-sale.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { reconcilePayments } from '../payments/index.ts';
import { orderBooksOf, refundBooksOf } from './index.ts';
import { salesReportCsv } from './routes.ts';

type Who = 'anonymous' | 'traveller' | 'operator' | 'admin';

let app: FastifyInstance;
let db: Database;
let close: () => Promise<void>;
let clock = new Date(Date.UTC(2026, 10, 23, 6, 0));
const headers = {} as Record<Who, Record<string, string>>;
/** The sandbox takes 2 % and 30 cents (minor units of the payment's currency) of each payment. */
const SANDBOX_FEE = { feePercentBp: 200, feeFixedMinor: 30 };
const day = () => clock.toISOString().slice(0, 10);

beforeAll(async () => {
  ({ app, db, close } = await startTestApi(
    { ...MANY_ORDERS, sandboxFee: SANDBOX_FEE },
    { now: () => clock },
  ));
  Object.assign(headers, await consoleCallers(app, db, clock));
  for (const rule of [
    // 10 % of each passenger's supplier cost on Tashkent departures, and a 5 USD service fee per order.
    { kind: 'markup', percent_bp: 1000, per: 'passenger' },
    { kind: 'service_fee', fixed: { amount: '5.00', currency: 'USD' }, per: 'order' },
  ]) {
    const created = await app.inject({
      method: 'POST',
      url: '/v1/ops/price-rules',
      headers: headers.admin,
      payload: { priority: 1, scope: { origins: [{ city: 'TAS' }] }, ...rule },
    });
    expect(created.statusCode, created.body).toBe(201);
  }
  // A rule applies once every instance has it (a lead of seconds, modules/pricing/service.ts): an hour later, surely.
  clock = new Date(clock.getTime() + 3_600_000);
}, 120_000);

afterAll(() => close?.());

const report = (who: Who, query: string, csv = false) =>
  app.inject({
    method: 'GET',
    url: `/v1/ops/reports/sales${csv ? '.csv' : ''}?${query}`,
    headers: headers[who],
  });

describe('who may read the report', () => {
  test.each(['anonymous', 'traveller', 'operator'] as const)(
    '%s: the 404 of an unknown endpoint, even for nonsense',
    async (who) => {
      for (const csv of [false, true])
        for (const query of [`from=${day()}&to=${day()}`, 'from=nonsense']) {
          const answer = await report(who, query, csv);
          expect(answer.statusCode, `${who} ${query}`).toBe(404);
          expect(answer.json().error.code).toBe('not_found');
        }
    },
  );

  test('an admin gets a 400 for a period that ends before it starts or spans over a year', async () => {
    expect((await report('admin', 'from=2026-12-02&to=2026-12-01')).statusCode).toBe(400);
    expect((await report('admin', 'from=2025-01-01&to=2026-12-01', true)).statusCode).toBe(400);
    expect((await report('admin', `from=${day()}&to=${day()}&by=planet`)).statusCode).toBe(400);
  });
});

describe('the books of a sale under a markup, paid and refunded', () => {
  test('the order records markup, fee and cost; paid, the provider fee and margin; the refund what it gave back and kept', async () => {
    const order = await book(app, await offerIn(app, 'standard', { date: isoDay(clock.getTime(), 30) }));
    const sale = Math.round(Number(order.total_amount) * 100);
    const booked = (await orderBooksOf(db, order.id))!;
    expect(booked).toMatchObject({
      currency: 'USD',
      saleMinor: sale,
      supplier: 'builtin',
      route: 'TAS-IST',
      feeMinor: 500,
      discountMinor: 0,
      supplierCurrency: 'USD',
      exchangeRate: '1',
      paidAt: null,
      marginMinor: null,
    });
    // One adult: the markup is 10 % of the supplier's cost, rounded half away from zero to a cent (ADR 0025).
    const cost = booked.supplierCostMinor;
    expect(booked.markupMinor).toBe(Math.floor((cost * 1000 + 5000) / 10_000));
    expect(cost + booked.markupMinor + booked.feeMinor).toBe(sale);
    expect(booked.supplierAmountMinor).toBe(cost);

    await pay(app, db, order, clock);
    const paid = (await orderBooksOf(db, order.id))!;
    const providerFee = Math.floor((sale * 200 + 5000) / 10_000) + 30;
    expect(paid).toMatchObject({ provider: 'sandbox', providerFeeMinor: providerFee, paidAt: clock });
    expect(paid.marginMinor).toBe(sale - cost - providerFee);
    expect(paid.marginMinor).toBe(booked.markupMinor + 500 - providerFee);

    // Cancelled by its traveller: the fare rules decide what comes back (a standard fare keeps at least its 25 USD
    // penalty for the one seat, packages/core/src/fare-rules.ts); the books keep the same amounts as the answer.
    const cancelled = (await cancelBooking(app, order)).json().data;
    const back = Math.round(Number(cancelled.refund_amount) * 100);
    const kept = sale - back;
    expect(kept).toBeGreaterThanOrEqual(2500);
    expect(Math.round(Number(cancelled.kept_amount) * 100)).toBe(kept);
    const [refund] = await refundBooksOf(db, order.id);
    // The built-in network returns the same share of its cost as the traveller gets back of the payment.
    const returned = Math.floor((cost * back) / sale);
    expect(refund).toMatchObject({
      paidMinor: sale,
      givenBackMinor: back,
      keptMinor: kept,
      supplierReturnedMinor: returned,
    });

    const answer = await report('admin', `from=${day()}&to=${day()}&group=day&by=route`);
    expect(answer.statusCode, answer.body).toBe(200);
    const major = (minor: number) => (minor / 100).toFixed(2);
    expect(answer.json().data).toEqual({
      from: day(),
      to: day(),
      group: 'day',
      by: 'route',
      disagreements: [],
      rows: [
        {
          period: day(),
          key: 'TAS-IST',
          currency: 'USD',
          orders: 1,
          sales: major(sale),
          supplier_cost: major(cost),
          markup: major(booked.markupMinor),
          fees: '5.00',
          discounts: '0.00',
          promo_discounts: '0.00',
          provider_fees: major(providerFee),
          margin: major(sale - cost - providerFee),
          refunds: 1,
          refunded: major(back),
          kept: major(kept),
          supplier_returned: major(returned),
          margin_after_refunds: major(sale - cost - providerFee - back + returned),
        },
      ],
    });

    // The CSV holds the same row; by month the period is the month.
    const csv = await report('admin', `from=${day()}&to=${day()}&group=month&by=provider`, true);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'period,key,currency,orders,sales,supplier_cost,markup,fees,discounts,provider_fees,margin,refunds,refunded,kept,promo_discounts,supplier_returned,margin_after_refunds',
    );
    expect(lines.slice(1)).toEqual([
      `${day().slice(0, 7)},sandbox,USD,1,${major(sale)},${major(cost)},${major(booked.markupMinor)},5.00,0.00,${major(providerFee)},${major(sale - cost - providerFee)},1,${major(back)},${major(kept)},0.00,${major(returned)},${major(sale - cost - providerFee - back + returned)}`,
    ]);
  });

  test('an order in another currency is a row of its own: currencies are never added together', async () => {
    const offer = await offerIn(app, 'light', { date: isoDay(clock.getTime(), 31) });
    const order = await book(app, offer, undefined, { currency: 'UZS' });
    expect(order.total_currency).toBe('UZS');
    await pay(app, db, order, clock);
    const answer = await report('admin', `from=${day()}&to=${day()}&by=currency`);
    const rows = answer.json().data.rows as {
      key: string;
      currency: string;
      orders: number;
      sales: string;
    }[];
    expect(rows.map((r) => [r.key, r.currency, r.orders])).toEqual([
      ['USD', 'USD', 1],
      ['UZS', 'UZS', 1],
    ]);
    expect(rows[1]!.sales).toBe(order.total_amount);
  });
});

describe('the reconciliation’s disagreements beside the report', () => {
  test('a provider statement with another amount lists the order, both amounts and the difference, in its period only', async () => {
    const order = await book(app, await offerIn(app, 'light', { date: isoDay(clock.getTime(), 32) }));
    const payment = await pay(app, db, order, clock);
    // The provider's statement says it took 1.23 less than we have (a fee taken from the amount, a partial capture).
    const provider = {
      name: 'sandbox',
      statement: async () => [
        {
          externalId: payment.providerRef!,
          amountMinor: payment.amountMinor - 123,
          currency: 'USD',
          state: 'paid' as const,
          time: clock,
        },
      ],
    } as unknown as PaymentProvider;
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const ranAt = new Date(clock.getTime() + 3_600_000);
    // Found on two runs: listed once, as the later one saw it.
    for (const at of [ranAt, new Date(ranAt.getTime() + 60_000)])
      await reconcilePayments({ db, now: () => at, providers: new Map([['sandbox', provider]]), log });
    const major = (minor: number) => (minor / 100).toFixed(2);
    const ranDay = ranAt.toISOString().slice(0, 10);
    const answer = await report('admin', `from=${ranDay}&to=${ranDay}`);
    expect(answer.statusCode, answer.body).toBe(200);
    // (The suite's other paid orders are not on this statement: each is listed as missing at the provider.)
    const listed = answer.json().data.disagreements as { order_id: string; kind: string }[];
    expect(listed.filter((d) => d.order_id !== order.id).map((d) => d.kind)).toEqual([
      'missing_at_provider',
      'missing_at_provider',
    ]);
    expect(listed.filter((d) => d.order_id === order.id)).toEqual([
      {
        source: 'provider',
        name: 'sandbox',
        kind: 'amount',
        order_id: order.id,
        booking_reference: order.booking_reference,
        found_at: new Date(ranAt.getTime() + 60_000).toISOString(),
        ours: major(payment.amountMinor),
        ours_currency: 'USD',
        theirs: major(payment.amountMinor - 123),
        theirs_currency: 'USD',
        difference: '-1.23',
      },
    ]);
    // A period without a run that found it lists nothing.
    const before = isoDay(ranAt.getTime(), -2);
    const earlier = await report('admin', `from=${before}&to=${before}`);
    expect(earlier.json().data.disagreements).toEqual([]);
  });
});

describe('the CSV', () => {
  test('a cell a spreadsheet would run as a formula is quoted as text; numbers, negative too, stay numbers', () => {
    const row = {
      period: '2026-11',
      key: '=HYPERLINK("http://evil.example","x")',
      currency: 'USD',
      orders: 1,
      sales: '10.00',
      supplier_cost: '10.00',
      markup: '0.00',
      fees: '0.00',
      discounts: '0.00',
      promo_discounts: '0.00',
      provider_fees: '0.50',
      margin: '-0.50',
      refunds: 0,
      refunded: '0.00',
      kept: '0.00',
      supplier_returned: '0.00',
      margin_after_refunds: '-0.50',
    };
    const [, line] = salesReportCsv([row]).split('\r\n');
    expect(line).toBe(
      `2026-11,"'=HYPERLINK(""http://evil.example"",""x"")",USD,1,10.00,10.00,0.00,0.00,0.00,0.50,-0.50,0,0.00,0.00,0.00,0.00,-0.50`,
    );
    expect(salesReportCsv([{ ...row, key: '@SUM(A1)' }])).toContain(",'@SUM(A1),");
    expect(salesReportCsv([{ ...row, key: '-1+1' }])).toContain(",'-1+1,");
  });
});
