/**
 * One price from search to receipt (docs/operations.md#pricing-rules), through HTTP (inject, PGlite): a 5 % markup
 * and a 50,000 so'm service fee per passenger on Tashkent departures. The search's total is the offer's and the
 * order's; the markup sits in the fare, the fee is a line of its own in the offer's and the order's breakdown, and
 * the lines add up exactly to the total; the paid order's receipt (in Uzbek) prints the fee line; a cancellation's
 * quote says the fee is not returned with a fare that gives back only its taxes
 * (docs/operations.md#cancellations-and-refunds). A second API without rules, on the same clock, gives the
 * supplier's prices.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Order } from '@parvoz/contracts/booking';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import { formatMoney } from '@parvoz/i18n/currency';
import { getIntl } from '@parvoz/i18n/messages';
import type { Offer } from '@parvoz/core/search-types';
import { ANON, isoDay } from '../../testing/booking.ts';
import { book, pay, readOrder, requestCancellation, tokenQuery } from '../../testing/after-sale.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { EFFECTIVE_LEAD_MS } from './service.ts';
import { pricedAndPlainApis, type PricedAndPlain } from './testing/apis.ts';

let clock = new Date(Date.UTC(2026, 10, 23, 6, 0));
let apis: PricedAndPlain;
const date = isoDay(Date.UTC(2026, 10, 23), 30);

beforeAll(async () => {
  apis = await pricedAndPlainApis(() => clock);
  for (const rule of [
    { kind: 'markup', percent_bp: 500 },
    { kind: 'service_fee', fixed: { amount: '50000', currency: 'UZS' } },
  ]) {
    const created = await apis.priced.inject({
      method: 'POST',
      url: '/v1/ops/price-rules',
      headers: apis.admin,
      payload: { priority: 1, scope: { origins: [{ city: 'TAS' }] }, per: 'passenger', ...rule },
    });
    expect(created.statusCode, created.body).toBe(201);
  }
  clock = new Date(clock.getTime() + EFFECTIVE_LEAD_MS + 60_000);
}, 120_000);

afterAll(() => apis?.close());

/** The first nonstop light offer of Tashkent → Istanbul for two adults, in so'm. */
async function search(app: FastifyInstance): Promise<Offer> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: ANON,
    payload: {
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
      passengers: { adults: 2, children: 0, infants: 0 },
      cabin_class: 'economy',
      sort: 'cheapest',
      currency: 'UZS',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const offers = expandSearchOffers(res.json().data) as Offer[];
  const offer = offers.find((o) => o.slices[0]!.transfers === 0 && o.fare_family === 'light');
  if (!offer) throw new Error('no nonstop light offer');
  return offer;
}

async function offerPage(app: FastifyInstance, offer: Offer): Promise<Offer> {
  const res = await app.inject({
    method: 'GET',
    url: `/v1/offers/${encodeURIComponent(offer.id)}?currency=UZS`,
    headers: ANON,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Offer;
}

const som = (amount: string | undefined) => Number(amount ?? 0);
/** Fare + taxes + luggage + service fee − discount of a breakdown, in so'm. */
const linesOf = (rows: Order['price_breakdown']) =>
  rows.reduce(
    (sum, r) =>
      sum +
      som(r.fare_amount) +
      som(r.tax_amount) +
      som(r.luggage_amount) +
      som(r.service_fee_amount) -
      som(r.discount_amount),
    0,
  );

describe('a service fee for Tashkent departures', () => {
  test('search, offer and order agree; the fee is a line of its own, on the order and its receipt', async () => {
    const { priced, pricedDb, plain } = apis;
    const found = await search(priced);
    const page = await offerPage(priced, found);
    const raw = await offerPage(plain, await search(plain));
    expect(found.slices).toEqual(raw.slices);

    // The search's total is the offer's, with the fee in it: no fee appears later.
    expect(page.total_amount).toBe(found.total_amount);
    const [adults] = page.price_breakdown;
    const [rawAdults] = raw.price_breakdown;
    expect(adults!.service_fee_amount).toBe('100000');
    expect(adults!.discount_amount).toBeUndefined();
    // The markup sits in the fare (each adult's 5 % of their cost); the taxes are the supplier's.
    expect(adults!.tax_amount).toBe(rawAdults!.tax_amount);
    const markup = som(adults!.fare_amount) - som(rawAdults!.fare_amount);
    const cost = som(rawAdults!.total_amount);
    expect(markup).toBe(
      Math.floor(Math.ceil(cost / 2) * 0.05 + 0.5) + Math.floor(Math.floor(cost / 2) * 0.05 + 0.5),
    );
    expect(som(page.total_amount)).toBe(som(raw.total_amount) + markup + 100_000);
    expect(linesOf(page.price_breakdown)).toBe(som(page.total_amount));
    expect(som(page.base_amount)).toBe(som(raw.base_amount) + markup);

    // The order charges that total and keeps the breakdown it was sold with.
    const order = await book(priced, page, ANON, { expected_total: page.total_amount, lang: 'uz' });
    expect(order.total_amount).toBe(found.total_amount);
    expect(order.total_currency).toBe('UZS');
    expect(order.price_breakdown).toEqual(page.price_breakdown);
    await pay(priced, pricedDb, order, clock);
    const paid = await readOrder(priced, order.id, order.access_token);
    expect(paid.payment_status).toBe('paid');
    expect(paid.price_breakdown[0]!.service_fee_amount).toBe('100000');
    expect(linesOf(paid.price_breakdown)).toBe(som(paid.total_amount));

    // The receipt, in Uzbek: the fee on a line of its own, before the total.
    const receipt = await priced.inject({
      method: 'GET',
      url: `/v1/orders/${order.id}/receipt.pdf${tokenQuery(order.access_token)}&lang=uz`,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const text = pdfText(receipt.rawPayload).replace(/[\u00a0\u202f]/g, ' ');
    const uz = getIntl('uz');
    const feeLine = `${uz.formatMessage({ id: 'booking.price.serviceFee' })}${formatMoney('uz', 100_000, 'UZS').replace(/[\u00a0\u202f]/g, ' ')}`;
    expect(text.replace(/\s+/g, '')).toContain(feeLine.replace(/\s+/g, ''));
    expect(text.indexOf(uz.formatMessage({ id: 'booking.price.serviceFee' }))).toBeLessThan(
      text.indexOf(uz.formatMessage({ id: 'ticket.total' })),
    );

    // A light fare gives back its taxes only: the service fee stays with the agency, and the quote says so.
    const quote = await requestCancellation(priced, order.id, order.access_token);
    expect(quote.statusCode, quote.body).toBe(201);
    expect(quote.json().data).toMatchObject({
      refund_rule: 'taxes_only',
      refund_amount: adults!.tax_amount,
      service_fee_amount: '100000',
      service_fee_refunded: false,
    });
  });
});
