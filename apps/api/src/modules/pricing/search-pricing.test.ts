/**
 * The agency's rules where prices are made (modules/pricing/apply.ts), through HTTP (inject, PGlite): a 10 %
 * markup on Tashkent → Istanbul changes the search's total, the offer's page, the calendar's day and the created
 * order's total by the same amount, priced by the core's rules; an offer shown before the rule books at the price
 * it was shown. A second API over a database without rules, on the same clock, gives the supplier's prices.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Offer } from '@parvoz/core/search-types';
import { bookingBody, injectOrder, isoDay, searchOffer } from '../../testing/booking.ts';
import { EFFECTIVE_LEAD_MS } from './service.ts';
import { postTenPercentMarkup, pricedAndPlainApis, TAS_IST_MARKUP } from './testing/apis.ts';

let clock = new Date(Date.UTC(2026, 10, 23, 6, 0));
let priced: FastifyInstance;
let plain: FastifyInstance;
let close: () => Promise<void> = async () => {};
let admin: Record<string, string> = {};
const date = isoDay(Date.UTC(2026, 10, 23), 30);

beforeAll(async () => {
  ({ priced, plain, admin, close } = await pricedAndPlainApis(() => clock));
}, 120_000);

afterAll(() => close());

const cents = (amount: string) => Math.round(Number(amount) * 100);
/** 10 % of a passenger's cost, rounded half away from zero to a cent (the core's rounding, ADR 0025). */
const tenPercent = (costCents: number) => Math.floor((costCents * 1000 + 5000) / 10_000);

async function offerPage(app: FastifyInstance, offer: Offer, lang?: string) {
  const query = lang ? `?lang=${lang}` : '';
  const res = await app.inject({ method: 'GET', url: `/v1/offers/${encodeURIComponent(offer.id)}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Offer;
}

async function book(offer: Offer, key: string) {
  const res = await injectOrder(priced, { ...bookingBody(offer), expected_total: offer.total_amount }, key);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { total_amount: string; currency: string };
}

describe('a markup for Tashkent → Istanbul', () => {
  test('search, offer, calendar and order carry the same marked-up total; an offer shown before keeps its price', async () => {
    // Before any rule: the supplier's price, as the API without rules gives it.
    const before = await searchOffer(priced, { date, adults: 2 });
    expect(before.total_amount).toBe((await searchOffer(plain, { date, adults: 2 })).total_amount);

    await postTenPercentMarkup(priced, admin, TAS_IST_MARKUP.scope);
    clock = new Date(clock.getTime() + EFFECTIVE_LEAD_MS + 60_000);

    // After it applies: each adult pays 10 % more than the supplier's price, everywhere.
    const after = await searchOffer(priced, { date, adults: 2 });
    const raw = await searchOffer(plain, { date, adults: 2 });
    expect(after.slices).toEqual(raw.slices);
    // Two adults share the adults' total (the first takes an odd cent), each marked up on their own.
    const adults = cents((await offerPage(plain, raw)).price_breakdown[0]!.total_amount);
    const first = Math.ceil(adults / 2);
    const markup = tenPercent(first) + tenPercent(adults - first);
    expect(cents(after.total_amount)).toBe(cents(raw.total_amount) + markup);
    const page = await offerPage(priced, after);
    expect(page.total_amount).toBe(after.total_amount);
    expect(page.price_breakdown.reduce((sum, b) => sum + cents(b.total_amount), 0)).toBe(
      cents(after.total_amount),
    );
    expect(page.fare_families.find((f) => f.offer_id === after.id)?.total_amount).toBe(after.total_amount);

    // The calendar's day is the marked-up cheapest fare of that day.
    const day = async (app: FastifyInstance) => {
      const res = await app.inject({
        method: 'GET',
        url: `/v1/flights/calendar?origin=TAS&destination=IST&from=${date}&days=1&currency=USD`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.days[0].min_amount as string;
    };
    const rawDay = cents(await day(plain));
    expect(cents(await day(priced))).toBe(rawDay + tenPercent(rawDay));

    // Another route is left at the supplier's price.
    const elsewhere = { date, destination: 'DXB' };
    expect((await searchOffer(priced, elsewhere)).total_amount).toBe(
      (await searchOffer(plain, elsewhere)).total_amount,
    );

    // Booked: the order charges exactly what each offer showed, the one shown before the rule included.
    const order = await book(after, 'pricing-after');
    expect(order.total_amount).toBe(after.total_amount);
    const earlier = await book(before, 'pricing-before');
    expect(earlier.total_amount).toBe(before.total_amount);
    expect(cents(earlier.total_amount)).toBeLessThan(cents(order.total_amount));
  });
});

describe('a markup for the Uzbek market (the site language)', () => {
  test('search, offer, calendar and order in Uzbek carry it; in Russian, or with no language, none', async () => {
    const route = { date, destination: 'DXB' };
    const scope = { origins: [{ city: 'TAS' }], destinations: [{ airport: 'DXB' }], markets: ['uz'] };
    await postTenPercentMarkup(priced, admin, scope);
    clock = new Date(clock.getTime() + EFFECTIVE_LEAD_MS + 60_000);

    const raw = await searchOffer(plain, route);
    const uz = await searchOffer(priced, { ...route, lang: 'uz' });
    // One adult: 10 % of the supplier's price, in Uzbek only.
    expect(cents(uz.total_amount)).toBe(cents(raw.total_amount) + tenPercent(cents(raw.total_amount)));
    for (const lang of ['ru', undefined])
      expect((await searchOffer(priced, { ...route, ...(lang ? { lang } : {}) })).total_amount).toBe(
        raw.total_amount,
      );
    expect((await offerPage(priced, uz, 'uz')).total_amount).toBe(uz.total_amount);
    expect((await offerPage(priced, uz, 'ru')).total_amount).toBe(raw.total_amount);

    const day = async (lang: string) => {
      const res = await priced.inject({
        method: 'GET',
        url: `/v1/flights/calendar?origin=TAS&destination=DXB&from=${date}&days=1&currency=USD&lang=${lang}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return cents(res.json().data.days[0].min_amount as string);
    };
    const rawDay = await day('ru');
    expect(await day('uz')).toBe(rawDay + tenPercent(rawDay));

    // Booked in Uzbek at the Uzbek price; the same offer booked in Russian is another price, confirmed first.
    const body = bookingBody(uz);
    const inRussian = await injectOrder(
      priced,
      { ...body, lang: 'ru', expected_total: uz.total_amount },
      'market-ru',
    );
    expect(inRussian.statusCode, inRussian.body).toBe(422);
    expect(inRussian.json().error.details).toMatchObject({
      reason: 'price_changed',
      new_total: raw.total_amount,
    });
    const order = await injectOrder(
      priced,
      { ...body, lang: 'uz', expected_total: uz.total_amount },
      'market-uz',
    );
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().data.total_amount).toBe(uz.total_amount);
  });
});
