/**
 * Promo codes on the booking page and at booking, through HTTP (inject, PGlite; docs/decisions/0029-promo-codes.md):
 * a code's quote and the order it is booked with charge the same total, exactly the agency's price less the
 * code's line; each refusal has its reason (an unknown code and an expired one alike); an unpaid order that ends
 * gives its use back; and the codes' budget per client network stops trying codes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import type { Offer } from '@parvoz/core/search-types';
import { agencyMinor } from '@parvoz/core/price-breakdown';
import { pdfText } from '../../testing/pdf-text.ts';
import { renderReceiptPdf } from '../documents/index.ts';
import { orderBooksOf } from '../books/index.ts';
import { startTestApi, withTwoCallBudget } from '../../testing/api.ts';
import { ANON, bookingBody, injectOrder, isoDay, searchOffer } from '../../testing/booking.ts';
import { cancelBooking } from '../../testing/after-sale.ts';
import { createSession } from '../accounts/index.ts';
import { accountIdOf } from '../accounts/testing/accounts.ts';
import { grantRole } from '../ops/index.ts';
import { expireUnpaidOrders } from '../orders/index.ts';
import { passSecondFactor } from '../../second-factor/testing.ts';
import { EFFECTIVE_LEAD_MS } from '../pricing/index.ts';
import { postTenPercentMarkup } from '../pricing/testing/apis.ts';
import { heldRedemptions, promoCodeByCode } from './store.ts';

let clock = new Date(Date.UTC(2026, 10, 23, 6, 0));
let app: FastifyInstance;
let db: Database;
let close: () => Promise<void>;
let admin: Record<string, string> = {};
const date = isoDay(Date.UTC(2026, 10, 23), 30);

const cents = (amount: string) => Math.round(Number(amount) * 100);

async function createCode(terms: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/ops/promo-codes',
    headers: admin,
    payload: { percent_bp: 500, per: 'passenger', total_limit: 100, per_traveller_limit: 1, ...terms },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; code: string };
}

beforeAll(async () => {
  ({ app, db, close } = await startTestApi(
    { rateLimitScale: 1000, holdMaxUnpaidOrders: 50 },
    { now: () => clock },
  ));
  const actor = { userId: null, email: 'command-line' } as const;
  await grantRole(db, { email: 'admin@agency.test', role: 'admin', actor, now: clock });
  const { token } = await createSession(db, await accountIdOf(db, 'admin@agency.test'), clock);
  admin = { authorization: `Bearer ${token}` };
  await passSecondFactor(app, admin, clock);
  // A 10 % markup on Tashkent departures: the margin a code gives from (ADR 0025's floor).
  await postTenPercentMarkup(app, admin, { origins: [{ city: 'TAS' }] });
  await createCode({ code: 'SPRING5', scope: { origins: [{ city: 'TAS' }] } });
  await createCode({ code: 'MOSCOW', scope: { destinations: [{ city: 'MOW' }] } });
  await createCode({ code: 'ONCE', total_limit: 1 });
  await createCode({ code: 'OVER', valid_until: new Date(clock.getTime() + 3_600_000).toISOString() });
  clock = new Date(clock.getTime() + EFFECTIVE_LEAD_MS + 60_000);
}, 120_000);

afterAll(() => close?.());

const quote = (payload: object, target = app, remoteAddress = '127.0.0.1') =>
  target.inject({ method: 'POST', url: '/v1/promo_codes/quote', headers: ANON, payload, remoteAddress });

const refusalOf = (res: { statusCode: number; json(): { error: { code: string; details?: unknown } } }) => [
  res.statusCode,
  res.json().error.code,
  res.json().error.details,
];

describe('a code on the booking page and in the order', () => {
  let offer: Offer;
  beforeAll(async () => {
    offer = await searchOffer(app, { date });
  });

  test('the quote takes 5 % of the supplier’s cost off, and the order charges exactly that total', async () => {
    // The supplier's cost under the 10 % markup (the answer shows the agency's price only): the cost whose price it is.
    const total = cents(offer.total_amount);
    const percent = (minor: number, bp: number) => Math.floor((minor * bp + 5_000) / 10_000);
    const cost = Array.from({ length: 5 }, (_, i) => Math.floor(total / 1.1) - 2 + i).find(
      (c) => c + percent(c, 1000) === total,
    )!;
    expect(cost).toBeDefined();
    const discount = percent(cost, 500);
    const res = await quote({ code: ' spring5 ', offer_id: offer.id });
    expect(res.statusCode, res.body).toBe(200);
    const quoted = res.json().data;
    expect(quoted).toMatchObject({ code: 'SPRING5', currency: offer.total_currency });
    expect(cents(quoted.discount_amount)).toBe(discount);
    expect(cents(quoted.total_amount)).toBe(cents(offer.total_amount) - discount);

    const body = bookingBody(offer, { promo_code: 'Spring5', expected_total: quoted.total_amount });
    const booked = await injectOrder(app, body, 'promo-first');
    expect(booked.statusCode, booked.body).toBe(201);
    const order = booked.json().data;
    expect(order.total_amount).toBe(quoted.total_amount);
    expect(order.promo).toEqual({ code: 'SPRING5', discount_amount: quoted.discount_amount });
    // The breakdown's discount is the code's: the order page and the receipt name the code on that line.
    expect(agencyMinor(order.price_breakdown, order.total_currency).discountMinor).toBe(discount);
    // The books keep the code and what it took off (docs/operations.md#reports-and-books).
    expect(await orderBooksOf(db, order.id)).toMatchObject({
      promoCode: 'SPRING5',
      promoDiscountMinor: discount,
      discountMinor: discount,
    });
    const receipt = pdfText(await renderReceiptPdf(order, [], 'en', new Date())).replace(/\s+/g, ' ');
    expect(receipt).toContain('Promo code SPRING5');
    expect(receipt).not.toContain('Discount');
    const row = await promoCodeByCode(db, 'SPRING5');
    expect(row!.used).toBe(1);

    // The same traveller (another spelling of the mailbox) is refused, at the quote and at booking.
    const again = await quote({ code: 'SPRING5', offer_id: offer.id, email: 'anna.karimova+2@EXAMPLE.com' });
    expect(refusalOf(again)).toEqual([422, 'unprocessable', { reason: 'promo_already_used' }]);
    const second = await injectOrder(app, { ...body, expected_total: undefined }, 'promo-second');
    expect(refusalOf(second)).toEqual([422, 'unprocessable', { reason: 'promo_already_used' }]);
    expect((await promoCodeByCode(db, 'SPRING5'))!.used).toBe(1);

    // Cancelled before payment, the order gives its use back: the traveller may use the code again.
    await cancelBooking(app, order);
    expect((await promoCodeByCode(db, 'SPRING5'))!.used).toBe(0);
    expect((await quote({ code: 'SPRING5', offer_id: offer.id, email: body.contact.email })).statusCode).toBe(
      200,
    );
  });

  test('an order left unpaid gives its use back when its payment window ends', async () => {
    const booked = await injectOrder(
      app,
      bookingBody(offer, {
        promo_code: 'SPRING5',
        contact: { ...bookingBody(offer).contact, email: 'late@example.com' },
      }),
      'promo-late',
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const code = (await promoCodeByCode(db, 'SPRING5'))!;
    expect(await heldRedemptions(db, code.id)).toBe(1);
    expect(await expireUnpaidOrders(db, new Date(clock.getTime() + 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await promoCodeByCode(db, 'SPRING5'))!.used).toBe(0);
    expect(await heldRedemptions(db, code.id)).toBe(0);
  });

  test('each refusal with its reason; an unknown code and an expired one are refused alike', async () => {
    const unknown = await quote({ code: 'NOSUCH', offer_id: offer.id });
    expect(refusalOf(unknown)).toEqual([422, 'unprocessable', { reason: 'promo_unavailable' }]);
    // OVER is valid for an hour from its creation: an hour and more later it reads as an unknown code.
    const later = clock;
    clock = new Date(clock.getTime() + 3_600_000);
    try {
      const expired = await quote({ code: 'OVER', offer_id: (await searchOffer(app, { date })).id });
      expect(expired.json()).toEqual(unknown.json());
    } finally {
      clock = later;
    }
    const elsewhere = await quote({ code: 'MOSCOW', offer_id: offer.id });
    expect(refusalOf(elsewhere)).toEqual([422, 'unprocessable', { reason: 'promo_not_applicable' }]);

    const first = await injectOrder(app, bookingBody(offer, { promo_code: 'ONCE' }), 'promo-once');
    expect(first.statusCode, first.body).toBe(201);
    const full = await quote({ code: 'ONCE', offer_id: offer.id, email: 'someone.else@example.com' });
    expect(refusalOf(full)).toEqual([422, 'unprocessable', { reason: 'promo_limit_reached' }]);

    // A code refused at booking books nothing.
    const refused = await injectOrder(app, bookingBody(offer, { promo_code: 'MOSCOW' }), 'promo-refused');
    expect(refusalOf(refused)).toEqual([422, 'unprocessable', { reason: 'promo_not_applicable' }]);
  });
});

describe('trying codes', () => {
  test('quotes and bookings with a code share a budget per client network; another network has its own', async () => {
    await withTwoCallBudget('promoCodes', { now: () => clock }, async (limited) => {
      const offer = await searchOffer(limited, { date });
      const guess = (code: string, from = '198.51.100.7') =>
        quote({ code, offer_id: offer.id }, limited, from);
      expect((await guess('GUESS1')).statusCode).toBe(422);
      expect((await guess('GUESS2')).statusCode).toBe(422);
      const third = await guess('GUESS3');
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('rate_limited');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      const booking = await limited.inject({
        method: 'POST',
        url: '/v1/orders',
        headers: { ...ANON, 'idempotency-key': 'promo-guess-booking' },
        payload: bookingBody(offer, { promo_code: 'GUESS4' }),
        remoteAddress: '198.51.100.7',
      });
      expect(booking.statusCode).toBe(429);
      // Another client network still gets its answer.
      expect((await guess('GUESS5', '203.0.113.9')).statusCode).toBe(422);
    });
  });
});
